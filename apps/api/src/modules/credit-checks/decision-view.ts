import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findCreditCheck } from './store.js';

/** A credit decision as staff see it: the score's band of 50 points, never the report or the score itself. */
export interface CreditDecision {
  checkedAt: string;
  scoreBand: string | null;
  noScoreReason: string | null;
  bureauError: string | null;
  depositRequired: boolean;
  denyService: boolean;
  fraudAlert: boolean;
  reasonCodes: string[];
  fraudAlertCodes: string[];
}

const BAND = 50;

export function scoreBand(score: number | null): string | null {
  if (score === null) return null;
  const low = Math.floor(score / BAND) * BAND;
  return `${low}–${low + BAND - 1}`;
}

export async function creditDecisionOf(
  db: Kysely<Database>,
  companyId: number,
  creditCheckId: number,
): Promise<CreditDecision | null> {
  const check = await findCreditCheck(db, companyId, creditCheckId);
  if (!check) return null;
  return {
    checkedAt: check.created_at,
    scoreBand: scoreBand(check.score),
    noScoreReason: check.no_score_reason,
    bureauError: check.error_msg,
    depositRequired: check.deposit_required === 1,
    denyService: check.deny_service === 1,
    fraudAlert: check.fraud_alert === 1,
    reasonCodes: JSON.parse(check.reason_codes) as string[],
    fraudAlertCodes: JSON.parse(check.fraud_alert_codes) as string[],
  };
}
