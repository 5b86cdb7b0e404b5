import { BureauUnavailableError, type CreditBureau, type CreditReport } from './port.js';

/**
 * Sandbox bureau: the outcome follows the SSN's last three digits (DESIGN.md, docs "Credit Check"):
 *   300-850 → that score;  000 → no score;  999 → bureau unavailable;  anything else, or no SSN → 720.
 * Scores under 600 carry reason codes; last name "Alert" carries a fraud alert. Inert outside the sandbox.
 */
export const SANDBOX_DEFAULT_SCORE = 720;

export function createSandboxBureau(): CreditBureau {
  return {
    async inquire(inquiry): Promise<CreditReport> {
      const lastThree = inquiry.ssn ? Number(inquiry.ssn.slice(-3)) : null;
      const fraudAlertCodes = inquiry.lastName.trim().toLowerCase() === 'alert' ? ['FA01'] : [];
      if (lastThree === 999)
        throw new BureauUnavailableError('The credit bureau did not answer (sandbox SSN ending 999).');
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
    },
  };
}
