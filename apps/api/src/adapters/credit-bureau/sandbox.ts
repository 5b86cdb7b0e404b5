import { ConnectorError, inProcessClient, route } from '../connector-contract/connector.js';
import { CREDIT_INQUIRY } from './contract.js';
import { bureauOverContract } from './over-contract.js';
import { BureauUnavailableError, type CreditBureau, type CreditInquiry, type CreditReport } from './port.js';

/**
 * Sandbox bureau: the outcome follows the SSN's last three digits (DESIGN.md, docs "Credit Check"):
 *   300-850 → that score;  000 → no score;  999 → bureau unavailable;  anything else, or no SSN → 720.
 * Scores under 600 carry reason codes; last name "Alert" carries a fraud alert. Inert outside the sandbox.
 */
export const SANDBOX_DEFAULT_SCORE = 720;

/** The sandbox connector's answer to a credit inquiry. */
async function sandboxCreditReport(inquiry: CreditInquiry): Promise<CreditReport> {
  const lastThree = inquiry.ssn ? Number(inquiry.ssn.slice(-3)) : null;
  const fraudAlertCodes = inquiry.lastName.trim().toLowerCase() === 'alert' ? ['FA01'] : [];
  if (lastThree === 999)
    throw new ConnectorError('UNAVAILABLE', 'The credit bureau did not answer (sandbox SSN ending 999).');
  if (lastThree === 0) {
    return {
      outcome: 'no_score',
      noScoreReason: 'Insufficient credit history to produce a score.',
      reasonCodes: ['NS01'],
      fraudAlertCodes,
    };
  }
  const score =
    lastThree !== null && lastThree >= 300 && lastThree <= 850 ? lastThree : SANDBOX_DEFAULT_SCORE;
  const reasonCodes = score < 600 ? ['014', '038'] : [];
  return { outcome: 'scored', score, reasonCodes, fraudAlertCodes };
}

/** The sandbox bureau answers through the connector contract in process, so it cannot drift from the contract. */
export function createSandboxBureau(): CreditBureau {
  return bureauOverContract(
    inProcessClient({
      system: 'credit bureau',
      routes: [route(CREDIT_INQUIRY, sandboxCreditReport)],
      unavailable: (message) => new BureauUnavailableError(message),
    }),
  );
}
