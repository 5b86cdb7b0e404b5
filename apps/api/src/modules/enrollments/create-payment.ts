import type { TransactionDetails } from '../../adapters/payment-gateway/port.js';
import { ApiError } from '../../http/errors.js';
import type { CreditDecision } from './create-credit.js';
import { invalid } from './create-request.js';
import type { DepositStatus } from './decision.js';
import type { CreateRequest, EnrollmentsDeps, PlanRow } from './deps.js';

/**
 * Step 6 of the decision flow: the deposit, autopay and manual review, decided from the request and the credit
 * result. The only external call is the gateway's confirmation of a deposit paid before enrolling; charging a
 * deposit now (PayNow) comes after the enrollment is saved.
 */
export async function paymentDecision(
  deps: EnrollmentsDeps,
  companyId: number,
  plan: PlanRow,
  body: CreateRequest,
  credit: CreditDecision,
) {
  const payment = body.payment ?? {};
  const depositProfile = payment.depositToken ?? payment.paymentProfiles?.[0]?.paymentProfileToken;
  let depositStatus: DepositStatus = 'not_required';
  const depositDueCents = credit.depositRequired ? Math.round(plan.required_deposit_fee * 100) : 0;
  const captured =
    credit.depositRequired && !payment.depositWaived
      ? await capturedDeposit(deps, companyId, payment, depositDueCents)
      : null;
  const reviewReasons: string[] = [];
  if (credit.depositRequired) {
    if (payment.depositWaived) {
      depositStatus = 'waived';
      reviewReasons.push('Deposit waiver requested');
    } else if (captured) depositStatus = 'paid';
    else if (payment.depositOptions === 'LetterOfCredit') {
      if (body.customerType === 'Residential') {
        throw invalid([
          'payment.depositOptions: a letter of credit is accepted from business customers only',
        ]);
      }
      depositStatus = 'letter_of_credit';
    } else depositStatus = 'pending';
  }
  if (credit.fraudAlert) reviewReasons.push('Fraud alert on the credit report');
  if (body.criticalCareResidentialCustomer)
    reviewReasons.push('Critical care customer: medical certification to review');
  const autopayProfile = payment.acceptRecurringBilling
    ? (payment.recurringBillingToken ?? payment.paymentProfiles?.[0]?.paymentProfileToken)
    : undefined;
  const autopayActive = Boolean(autopayProfile && payment.customerProfileToken);
  const chargeNow = depositStatus === 'pending' && payment.depositOptions === 'PayNow';
  if (chargeNow && (!payment.customerProfileToken || !depositProfile)) {
    throw invalid(['payment.depositToken: PayNow needs customerProfileToken and a deposit payment profile']);
  }
  return {
    payment,
    depositStatus,
    depositDueCents,
    depositProfile,
    captured,
    reviewReasons,
    autopayProfile,
    autopayActive,
    chargeNow,
  };
}

export type PaymentDecision = Awaited<ReturnType<typeof paymentDecision>>;

/**
 * A deposit the customer paid before enrolling (`depositCaptureStatus: Captured`) counts only when the gateway
 * confirms the charge (captured, at least the deposit due) and no other charge row holds it; otherwise the deposit
 * stays due. The gateway is asked before the enrollment's transaction, never inside it.
 */
async function capturedDeposit(
  deps: EnrollmentsDeps,
  companyId: number,
  payment: NonNullable<CreateRequest['payment']>,
  depositDueCents: number,
): Promise<TransactionDetails | null> {
  const transactionId = payment.depositTransactionId;
  if (payment.depositCaptureStatus !== 'Captured' || !transactionId) return null;
  if (await deps.deposits.isRecorded(companyId, transactionId)) return null;
  try {
    return await deps.deposits.confirm(companyId, transactionId, { atLeastCents: depositDueCents });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    deps.log.warn(
      { companyId, code: error.code },
      'a deposit said to be captured was not confirmed; it stays due',
    );
    return null;
  }
}
