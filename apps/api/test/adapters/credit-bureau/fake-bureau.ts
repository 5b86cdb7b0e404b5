import { type FakeConnector, startFakeConnector } from '../fake-connector.js';

/**
 * A supplier's credit bureau connector, as its developer would write it from the integration guide: a file with an
 * SSN scores 640 with reason code 038, one without an SSN (date of birth only) has no score; company 999 is not one
 * it serves.
 */
export function startFakeBureau(): Promise<FakeConnector> {
  return startFakeConnector((path, body) => {
    if (path !== '/v1/credit-inquiries')
      return { status: 404, body: { code: 'NOT_FOUND', message: `No operation ${path}.` } };
    if (body.companyId === 999)
      return {
        status: 403,
        body: { code: 'UNKNOWN_RETAIL_COMPANY', message: 'Company 999 is not served here.' },
      };
    if (body.ssn === null)
      return {
        status: 200,
        body: { outcome: 'no_score', noScoreReason: 'No file found.', reasonCodes: [], fraudAlertCodes: [] },
      };
    return {
      status: 200,
      body: { outcome: 'scored', score: 640, reasonCodes: ['038'], fraudAlertCodes: [] },
    };
  });
}
