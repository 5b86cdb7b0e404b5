import { randomBytes } from 'node:crypto';
import { createContractClient } from '../connector-contract/client.js';
import { ConnectorError, createConnector, route } from '../connector-contract/connector.js';
import { bureauOverContract, CREDIT_INQUIRY } from './contract.js';
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

/**
 * The sandbox bureau speaks the connector contract in process: each inquiry is signed, checked and validated both
 * ways exactly as over HTTPS, so the sandbox cannot answer what a real connector could not. It is never retried (an
 * in-process answer does not fail by chance) and needs no timeout.
 */
export function createSandboxBureau(): CreditBureau {
  const secret = randomBytes(32).toString('hex');
  return bureauOverContract(
    createContractClient({
      system: 'credit bureau',
      secret,
      transport: createConnector({ secret, routes: [route(CREDIT_INQUIRY, sandboxCreditReport)] }),
      retry: { attemptTimeoutMs: 60_000, deadlineMs: 60_000, firstRetryDelayMs: 0, maxAttempts: 1 },
      unavailable: (message) => new BureauUnavailableError(message),
    }),
  );
}
