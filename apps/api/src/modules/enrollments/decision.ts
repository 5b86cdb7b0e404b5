import type { EnrollmentStatus } from './lifecycle.js';

/**
 * Where an enrollment's deposit stands: none asked, owed (`pending`, or `failed` after a declined charge: it can be
 * paid again), covered (`paid`, `waived` by an agent or on request, `covered_by_letter` once an agent approved the
 * letter of credit) or replaced by a letter of credit awaited (`letter_of_credit`).
 */
export const DEPOSIT_STATUSES = [
  'not_required',
  'pending',
  'failed',
  'paid',
  'waived',
  'letter_of_credit',
  'covered_by_letter',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** A deposit still owed, which a deposit payment settles. */
export const isDepositDue = (status: string) => status === 'pending' || status === 'failed';

/** A deposit that holds the enrollment: owed, or a letter of credit awaited instead. */
export const isDepositHeld = (status: string) => isDepositDue(status) || status === 'letter_of_credit';

/** What the decision needs to know about an enrollment; re-run whenever one of these changes. */
export interface HoldFacts {
  /** The third-party verification's latest result, when the sale needs one. */
  verification_status: string | null;
  deposit_status: string;
  autopay_required: number;
  autopay_active: number;
  manual_review_reasons: string;
}

/**
 * The holds of the decision flow, in the order the product checks them: a failed sale verification, the deposit
 * (unpaid, failed, or a letter of credit awaited), then autopay, then manual review. Nothing missing → ready for
 * the billing system. A deposit covered by an approved letter of credit counts as paid.
 */
export function holdStatus(facts: HoldFacts): EnrollmentStatus {
  if (facts.verification_status === 'FAILED' || facts.verification_status === 'COULDNT_CONTACT')
    return 'ON_HOLD_VERIFICATION_FAILED';
  // A sale whose verification is not answered yet waits for it before anything else can send it to billing.
  if (facts.verification_status === 'NOT_SENT' || facts.verification_status === 'PENDING')
    return 'ON_HOLD_VERIFICATION_PENDING';
  if (facts.deposit_status === 'pending') return 'ON_HOLD_DEPOSIT_PENDING';
  if (facts.deposit_status === 'failed') return 'ON_HOLD_PAYMENT_FAILED';
  if (facts.deposit_status === 'letter_of_credit') return 'ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD';
  if (facts.autopay_required === 1 && facts.autopay_active !== 1) return 'ON_HOLD_AUTOPAY_SETUP_REQUIRED';
  if ((JSON.parse(facts.manual_review_reasons) as string[]).length > 0) return 'ON_HOLD';
  return 'QUEUED_FOR_SUBMISSION';
}

export function statusDetails(facts: HoldFacts & { billing_account_number: string | null }) {
  return {
    depositPending: isDepositHeld(facts.deposit_status),
    autopaySubscriptionPending: facts.autopay_required === 1 && facts.autopay_active !== 1,
    manualApprovalPending: (JSON.parse(facts.manual_review_reasons) as string[]).length > 0,
    sentToBillingSystem: facts.billing_account_number !== null,
  };
}

/** Waits between billing-system retries: 1, 2, 4 … minutes, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));
}
