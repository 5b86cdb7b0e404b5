import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { GatewayRejectedError, GatewayUnavailableError } from '../../adapters/payment-gateway/port.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { PaymentMethodType } from '../../domain/charges.js';
import { ApiError } from '../../http/errors.js';
import { findCompanySettings } from '../company/index.js';
import {
  BILLED_STATUSES,
  type EnrollmentRow,
  type EnrollmentStatus,
  HIDDEN_FROM_CUSTOMERS,
} from '../enrollments/index.js';
import { findCustomerPaymentProfile } from '../payments/index.js';
import { assertDepositDue, settleDeposit } from './deposits.js';
import { type ChargesDeps, nowIso } from './deps.js';
import { reconcile } from './reconcile.js';
import { toCents, toChargeTransaction } from './records.js';
import type { PayRequest } from './schemas.js';
import * as store from './store.js';

const noAnswer = () =>
  new ApiError(
    'UPSTREAM_UNAVAILABLE',
    'The payment gateway did not answer. Retry with the same Idempotency-Key: you will not be charged twice.',
  );

const depositInProgress = () =>
  new ApiError(
    'PAYMENT_IN_PROGRESS',
    "Another payment of this deposit is waiting for the gateway's answer; ask again shortly, or retry that payment with its Idempotency-Key.",
  );

const stillProcessing = () =>
  new ApiError('PAYMENT_IN_PROGRESS', 'This payment is still being processed; ask again shortly.');

function outcome(c: store.Charge) {
  if (c.status === 'declined') {
    throw new ApiError(
      'PAYMENT_DECLINED',
      `The payment was declined${c.decline_reason ? `: ${c.decline_reason}` : ''}.`,
      [`id_payment_charge_transactions: ${c.id}`],
    );
  }
  return toChargeTransaction(c);
}

function record({ db, clock }: Pick<ChargesDeps, 'db' | 'clock'>, id: number, changes: store.ChargeAnswer) {
  return store.updateCharge(db, id, changes, nowIso(clock));
}

/** Sends the charge to the gateway under its reference and records what it answered. */
async function attempt(
  deps: ChargesDeps,
  c: store.Charge,
  customerProfileToken: string,
): Promise<store.Charge> {
  const gateway = await deps.gatewayFor(c.company_id).catch(async (error) => {
    // Nothing reached a gateway: the charge must not stay pending, which would refuse every later deposit payment.
    await record(deps, c.id, { status: 'not_charged' });
    throw error;
  });
  try {
    const result = await gateway.charge({
      customerProfileToken,
      paymentProfileToken: c.payment_profile_token,
      amountCents: c.amount_cents,
      reference: c.reference,
      description: `${c.transaction_type === 'DEPOSIT' ? 'Deposit' : 'Payment'} for enrollment ${c.enrollment_id}`,
    });
    const settled =
      result.status === 'approved'
        ? await record(deps, c.id, {
            status: 'approved',
            gateway_transaction_id: result.transactionId,
            has_been_captured: 1,
          })
        : await record(deps, c.id, {
            status: 'declined',
            gateway_transaction_id: result.transactionId,
            decline_reason: result.reasonText,
          });
    await settleDeposit(deps, settled);
    return settled;
  } catch (error) {
    if (error instanceof GatewayUnavailableError) {
      await record(deps, c.id, { status: 'unknown' });
      deps.log.warn({ chargeId: c.id }, 'payment got no answer from the gateway; it will be reconciled');
      throw noAnswer();
    }
    if (error instanceof GatewayRejectedError) {
      const settled = await record(deps, c.id, {
        status: 'declined',
        decline_reason: `${error.gatewayCode}: ${error.message}`,
      });
      await settleDeposit(deps, settled);
      return settled;
    }
    throw error;
  }
}

/** One payment charges at most the company's max_single_payment_cents, whichever way it is made. */
async function assertWithinLargestPayment(
  { db }: Pick<ChargesDeps, 'db'>,
  companyId: number,
  amountCents: number,
) {
  const settings = await findCompanySettings(db, companyId);
  // A company is set up with its settings: without them no payment is taken, rather than one without a limit.
  if (!settings) throw new Error(`Retail company ${companyId} has no settings`);
  const maxCents = settings.max_single_payment_cents;
  if (amountCents > maxCents)
    throw new ApiError(
      'PAYMENT_AMOUNT_TOO_LARGE',
      `One payment may be at most $${(maxCents / 100).toFixed(2)}.`,
      [`amount: at most ${(maxCents / 100).toFixed(2)}`],
    );
}

/**
 * A deposit is due once: another deposit charge of the enrollment that is waiting for the gateway (whose answer may
 * have been lost after the money moved) or approved means a new attempt could charge it twice.
 */
async function otherDepositCharge(
  { db }: Pick<ChargesDeps, 'db'>,
  companyId: number,
  enrollmentId: number,
  exceptId = 0,
): Promise<boolean> {
  return (await store.findLiveDepositCharge(db, companyId, enrollmentId, exceptId)) !== undefined;
}

/** A charge about to be sent to the gateway, recorded first under its reference so a lost answer is reconciled. */
function insertPendingCharge(
  { db, clock }: Pick<ChargesDeps, 'db' | 'clock'>,
  c: {
    enrollment: { id: number; company_id: number; customer_id: number };
    type: 'DEPOSIT' | 'ONE_TIME_PAYMENT';
    amountCents: number;
    reference: string;
    paymentProfileToken: string;
    paymentType: PaymentMethodType;
    idempotencyKey: string | null;
  },
) {
  const now = nowIso(clock);
  return store.insertCharge(db, {
    company_id: c.enrollment.company_id,
    enrollment_id: c.enrollment.id,
    customer_id: c.enrollment.customer_id,
    transaction_type: c.type,
    amount_cents: c.amountCents,
    reference: c.reference,
    gateway_transaction_id: null,
    payment_profile_token: c.paymentProfileToken,
    payment_type: c.paymentType,
    status: 'pending',
    decline_reason: null,
    has_been_captured: 0,
    sent_to_billing_system: 0,
    idempotency_key: c.idempotencyKey,
    created_at: now,
    updated_at: now,
  });
}

/**
 * The deposit of a new enrollment paid at once (PayNow), through the same path as any payment: approved → the
 * holds are re-decided; declined or refused → ON_HOLD_PAYMENT_FAILED; no answer → the enrollment keeps its
 * deposit hold and the charge is reconciled with the gateway by the background task.
 */
export async function chargeDepositNow(
  deps: ChargesDeps,
  companyId: number,
  enrollmentId: number,
  method: { customerProfileToken: string; paymentProfileToken: string; paymentType?: PaymentMethodType },
): Promise<void> {
  const e = await deps.enrollments.row(companyId, enrollmentId);
  if (await otherDepositCharge(deps, companyId, e.id)) return;
  const pending = await insertPendingCharge(deps, {
    enrollment: e,
    type: 'DEPOSIT',
    amountCents: e.deposit_amount_cents,
    reference: `deposit-${e.id}-${randomUUID()}`,
    paymentProfileToken: method.paymentProfileToken,
    paymentType: method.paymentType ?? 'CreditCard',
    idempotencyKey: null,
  });
  try {
    await attempt(deps, pending, method.customerProfileToken);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'UPSTREAM_UNAVAILABLE')) throw error;
  }
}

/** A payment asked again under its Idempotency-Key answers with the first one's outcome, once the gateway gave it. */
async function payAgain(
  deps: ChargesDeps,
  previous: store.Charge,
  body: Static<typeof PayRequest>,
  amountCents: number,
) {
  if (previous.enrollment_id !== body.idEnrollment || previous.amount_cents !== amountCents) {
    throw new ApiError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for another payment.',
      [`Idempotency-Key: belongs to charge ${previous.id}`],
    );
  }
  if (previous.status === 'pending') throw stillProcessing();
  if (previous.status !== 'unknown') return outcome(previous);
  const reconciled = await reconcile(deps, previous).catch((error) => {
    // Still no answer about the first attempt: it stays unknown, and the client retries again later.
    throw error instanceof GatewayUnavailableError ? noAnswer() : error;
  });
  if (reconciled.status === 'pending' || reconciled.status === 'unknown') throw stillProcessing();
  if (reconciled.status !== 'not_charged') return outcome(reconciled);
  // Not charged: this retry charges it, unless an identical retry got there first.
  const again = await store.updateChargeIfStatus(
    deps.db,
    previous.id,
    'not_charged',
    { status: 'pending', decline_reason: null },
    nowIso(deps.clock),
  );
  if (!again) throw stillProcessing();
  return outcome(await attempt(deps, again, body.customerProfileToken));
}

/** A customer pays on their own enrollments only. */
function assertPayable(e: EnrollmentRow, customerId: number) {
  if (e.customer_id !== customerId)
    throw new ApiError('CUSTOMER_FORBIDDEN', 'This enrollment belongs to another customer.');
  // A replaced term is still billed: what is owed on it is paid on it. One that never happened takes no payment.
  const status = e.status as EnrollmentStatus;
  if (HIDDEN_FROM_CUSTOMERS.includes(status) && !BILLED_STATUSES.includes(status))
    throw new ApiError('ENROLLMENT_STATUS_CONFLICT', `Payments are not taken for a ${e.status} enrollment.`, [
      `status: ${e.status}`,
    ]);
}

/** The payment type of one of the customer's saved payment profiles; any other profile is refused. */
async function savedPaymentType(
  { db }: Pick<ChargesDeps, 'db'>,
  companyId: number,
  customerId: number,
  method: { customerProfileToken: string; paymentProfileToken: string },
) {
  const profile = await findCustomerPaymentProfile(db, companyId, customerId, method);
  if (!profile)
    throw new ApiError('PAYMENT_PROFILE_UNKNOWN', 'That payment profile is not one of this customer.', [
      'paymentProfileToken: unknown for this customer',
    ]);
  return profile.id_payment_type === 1 ? 'CreditCard' : 'BankAccount';
}

export async function pay(
  deps: ChargesDeps,
  companyId: number,
  customerId: number,
  body: Static<typeof PayRequest>,
  idempotencyKey: string | undefined,
) {
  const amountCents = toCents(body.amount, 'amount');
  const previous = idempotencyKey
    ? await store.findChargeByIdempotencyKey(deps.db, companyId, idempotencyKey)
    : undefined;
  if (previous) return payAgain(deps, previous, body, amountCents);
  const e = await deps.enrollments.row(companyId, body.idEnrollment);
  assertPayable(e, customerId);
  await assertWithinLargestPayment(deps, companyId, amountCents);
  if (body.isDepositPayment) {
    assertDepositDue(e, amountCents);
    if (await otherDepositCharge(deps, companyId, e.id)) throw depositInProgress();
  }
  const paymentType = await savedPaymentType(deps, companyId, customerId, body);
  const inserted = await insertPendingCharge(deps, {
    enrollment: e,
    type: body.isDepositPayment ? 'DEPOSIT' : 'ONE_TIME_PAYMENT',
    amountCents,
    reference: `pay-${randomUUID()}`,
    paymentProfileToken: body.paymentProfileToken,
    paymentType,
    idempotencyKey: idempotencyKey ?? null,
  }).catch(async (error) => {
    // Two identical requests racing: the loser answers with the winner's outcome.
    if (!idempotencyKey || !isUniqueViolation(error)) throw error;
    throw new ApiError('PAYMENT_IN_PROGRESS', 'This payment is already being processed; ask again shortly.');
  });
  if (body.isDepositPayment && (await otherDepositCharge(deps, companyId, e.id, inserted.id))) {
    // A concurrent deposit payment got in between the check above and this insert: at most one goes on.
    await store.deleteCharge(deps.db, inserted.id);
    throw depositInProgress();
  }
  return outcome(await attempt(deps, inserted, body.customerProfileToken));
}
