import { randomUUID } from 'node:crypto';
import {
  type ChargeResult,
  GatewayRejectedError,
  GatewayUnavailableError,
} from '../../adapters/payment-gateway/port.js';
import { isBillPayment } from '../../domain/charges.js';
import { ApiError, notFound } from '../../http/errors.js';
import { customerProfileTokenOf } from '../payments/index.js';
import { type ChargesDeps, nowIso } from './deps.js';
import * as store from './store.js';

const refundNotAllowed = (why: string, detail: string) => new ApiError('REFUND_NOT_ALLOWED', why, [detail]);

/** A refund's outcome as staff see it, with what is left of the payment to refund. */
function refundOutcome(refund: store.Charge, payment: store.Charge) {
  return {
    refund: {
      id: refund.id,
      amount: refund.amount_cents / 100,
      status: refund.status,
      at: refund.created_at,
    },
    payment: {
      id: payment.id,
      amount: payment.amount_cents / 100,
      refunded: payment.refunded_cents / 100,
      refundable: (payment.amount_cents - payment.refunded_cents) / 100,
    },
  };
}

/**
 * The payment a refund may give back: a bill payment the gateway approved. A deposit is not refunded here: the
 * billing system returns it with interest on the final bill (the plan's terms say so).
 */
async function refundablePayment({ db }: ChargesDeps, companyId: number, chargeId: number) {
  const payment = await store.findCharge(db, companyId, chargeId);
  if (!payment) throw notFound(`Payment ${chargeId}`);
  if (!isBillPayment(payment.transaction_type))
    throw refundNotAllowed(
      payment.transaction_type === 'DEPOSIT'
        ? 'A deposit is returned by the billing system on the final bill, not refunded here.'
        : 'Only a payment can be refunded.',
      `transaction_type: ${payment.transaction_type}`,
    );
  if (payment.status !== 'approved' || !payment.gateway_transaction_id)
    throw refundNotAllowed(
      'Only a payment the gateway approved can be refunded.',
      `status: ${payment.status}`,
    );
  return payment;
}

/** Records the gateway's final answer on a refund; one it did not make gives its reservation back, together. */
async function settleRefund(
  deps: ChargesDeps,
  refund: store.Charge,
  from: store.Charge['status'],
  answer: store.ChargeAnswer,
): Promise<store.Charge | undefined> {
  const now = nowIso(deps.clock);
  return deps.db.transaction().execute(async (trx) => {
    const settled = await store.updateChargeIfStatus(trx, refund.id, from, answer, now);
    if (settled && answer.status !== 'approved')
      await store.releaseRefund(trx, refund.refund_of_charge_id!, refund.amount_cents, now);
    return settled;
  });
}

/**
 * Gives back all or part of a payment through the gateway. The amount is reserved on the payment first, in the
 * database, so two refunds at once cannot exceed it; the REFUND row is recorded under its reference before the
 * gateway is asked, so an answer lost in a timeout is reconciled (and the reservation kept until then: staff cannot
 * refund the same money twice while the gateway's answer is unknown).
 */
export async function refundPayment(
  deps: ChargesDeps,
  companyId: number,
  chargeId: number,
  amountCents: number | undefined,
) {
  const payment = await refundablePayment(deps, companyId, chargeId);
  const amount = amountCents ?? payment.amount_cents - payment.refunded_cents;
  const now = nowIso(deps.clock);
  const refund = await deps.db.transaction().execute(async (trx) => {
    if (amount <= 0 || !(await store.reserveRefund(trx, payment.id, amount, now)))
      throw new ApiError(
        'REFUND_EXCEEDS_PAYMENT',
        'The refund would give back more than is left of the payment (refunds waiting for the gateway count).',
        [
          `amount: at most ${((payment.amount_cents - payment.refunded_cents) / 100).toFixed(2)} when last read`,
        ],
      );
    return store.insertCharge(trx, {
      company_id: companyId,
      enrollment_id: payment.enrollment_id,
      customer_id: payment.customer_id,
      transaction_type: 'REFUND',
      amount_cents: amount,
      reference: `refund-${payment.id}-${randomUUID()}`,
      gateway_transaction_id: null,
      payment_profile_token: payment.payment_profile_token,
      payment_type: payment.payment_type,
      status: 'pending',
      decline_reason: null,
      has_been_captured: 0,
      sent_to_billing_system: 0,
      idempotency_key: null,
      refund_of_charge_id: payment.id,
      created_at: now,
      updated_at: now,
    });
  });
  const settled = await askGateway(deps, refund, payment);
  const after = await store.findCharge(deps.db, companyId, payment.id);
  if (settled.status === 'declined')
    throw new ApiError('PAYMENT_DECLINED', `The gateway declined the refund: ${settled.decline_reason}.`, [
      `refund: ${settled.id}`,
    ]);
  return refundOutcome(settled, after!);
}

async function askGateway(
  deps: ChargesDeps,
  refund: store.Charge,
  payment: store.Charge,
): Promise<store.Charge> {
  const declined = async (reason: string) =>
    (await settleRefund(deps, refund, 'pending', { status: 'declined', decline_reason: reason }))!;
  const gateway = await deps.gatewayFor(refund.company_id).catch(async (error) => {
    await settleRefund(deps, refund, 'pending', { status: 'not_charged' });
    throw error;
  });
  const customerProfileToken = await customerProfileTokenOf(
    deps.db,
    refund.company_id,
    payment.payment_profile_token,
  );
  if (!customerProfileToken) return declined('the payment profile it was paid with is not on file');
  try {
    const result = await gateway.refund({
      transactionId: payment.gateway_transaction_id!,
      amountCents: refund.amount_cents,
      customerProfileToken,
      paymentProfileToken: payment.payment_profile_token,
      reference: refund.reference,
    });
    if (result.status === 'declined') return declined(result.reasonText);
    return (await settleRefund(deps, refund, 'pending', {
      status: 'approved',
      gateway_transaction_id: result.transactionId,
      has_been_captured: 1,
    }))!;
  } catch (error) {
    if (error instanceof GatewayRejectedError) return declined(`${error.gatewayCode}: ${error.message}`);
    if (!(error instanceof GatewayUnavailableError)) throw error;
    await store.updateChargeIfStatus(
      deps.db,
      refund.id,
      'pending',
      { status: 'unknown' },
      nowIso(deps.clock),
    );
    deps.log.warn({ chargeId: refund.id }, 'refund got no answer from the gateway; it will be reconciled');
    throw new ApiError(
      'UPSTREAM_UNAVAILABLE',
      'The payment gateway did not answer. The refund is kept as pending and checked with the gateway shortly: do not refund it again.',
    );
  }
}

/** After a timeout: did the gateway make the refund under this reference? Yes → approved; no → released. */
export async function reconcileRefund(deps: ChargesDeps, refund: store.Charge, found: ChargeResult | null) {
  const answer: store.ChargeAnswer = !found
    ? { status: 'not_charged', decline_reason: 'The gateway did not make the refund' }
    : found.status === 'approved'
      ? { status: 'approved', gateway_transaction_id: found.transactionId, has_been_captured: 1 }
      : { status: 'declined', gateway_transaction_id: found.transactionId, decline_reason: found.reasonText };
  return settleRefund(deps, refund, 'unknown', answer);
}
