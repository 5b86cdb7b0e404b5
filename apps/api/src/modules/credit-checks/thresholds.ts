/** A plan's score thresholds (or the defaults when a check names no plan). */
export interface CreditThresholds {
  deposit_required_under_score: number;
  /** 0 means the plan never refuses service. */
  deposit_deny_service_under_score: number;
}

/**
 * What a score means under a plan's thresholds: the one place the credit check's answer and the enrollment's
 * decision read it from. "Under" is strict: a score equal to a threshold is on the good side (exactly 550 against
 * `deposit_required_under_score: 550` needs no deposit; exactly 450 against `deposit_deny_service_under_score: 450`
 * is served). No score needs a deposit and is never refused.
 */
export function creditOutcome(
  score: number | null,
  thresholds: CreditThresholds,
): { depositRequired: boolean; denyService: boolean } {
  if (score === null) return { depositRequired: true, denyService: false };
  return {
    depositRequired: score < thresholds.deposit_required_under_score,
    // A refusal threshold of 0 never refuses: no score is under 0.
    denyService: score < thresholds.deposit_deny_service_under_score,
  };
}
