import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Paging } from '../../http/envelope.js';
import { ApiError, notFound } from '../../http/errors.js';
import { customerProfileTokens, shownProfilesByToken } from '../payments/index.js';
import { alreadyRecorded, confirmGatewayCharge } from './confirmation.js';
import { assertDepositDue, settleDeposit } from './deposits.js';
import { type ChargesDeps, nowIso } from './deps.js';
import type { ChargeCreateRequest, ChargeTransaction, PaymentHistoryItem, PaymentsTotal } from './schemas.js';
import * as store from './store.js';

export function toCents(amount: number, field: string): number {
  const cents = Math.round(amount * 100);
  if (Math.abs(amount * 100 - cents) > 1e-6)
    throw new ApiError('VALIDATION_FAILED', 'Amounts have at most two decimals.', [
      `${field}: more than two decimals`,
    ]);
  return cents;
}

export function toChargeTransaction(c: store.Charge): Static<typeof ChargeTransaction> {
  return {
    id_payment_charge_transactions: c.id,
    id_charge_transaction: c.gateway_transaction_id,
    id_payment_profile: c.payment_profile_token,
    payment_type: c.payment_type,
    transaction_type: c.transaction_type,
    id_enrollment: c.enrollment_id,
    has_been_captured: c.has_been_captured === 1,
    amount: c.amount_cents / 100,
    status: c.status,
    decline_reason: c.decline_reason,
    date_created: c.created_at,
    sent_to_billing_system: c.sent_to_billing_system === 1,
  };
}

export async function chargeOf({ db }: Pick<ChargesDeps, 'db'>, companyId: number, id: number) {
  const row = await store.findCharge(db, companyId, id);
  if (!row) throw notFound(`Charge transaction ${id}`);
  return row;
}

export async function getCharge(deps: Pick<ChargesDeps, 'db'>, companyId: number, id: number) {
  return toChargeTransaction(await chargeOf(deps, companyId, id));
}

export async function listByEnrollment(
  { db }: Pick<ChargesDeps, 'db'>,
  companyId: number,
  enrollmentId: number,
  filter: { sentToBillingSystem?: boolean; hasBeenCaptured?: boolean },
  paging: Paging,
) {
  const { rows, total } = await store.chargePage(db, companyId, enrollmentId, filter, paging);
  return { items: rows.map(toChargeTransaction), total };
}

/**
 * Records a charge made outside Voltin (a hosted page, a phone payment) once the gateway confirms it. A customer
 * (`customerId`) records only charges made with their own payment methods. A DEPOSIT is for exactly the deposit
 * due and releases its hold.
 */
export async function recordCharge(
  deps: ChargesDeps,
  companyId: number,
  body: Static<typeof ChargeCreateRequest>,
  customerId?: number,
) {
  const { db, enrollments, gatewayFor, clock } = deps;
  const e = await enrollments.row(companyId, body.id_enrollment);
  const amountCents = toCents(body.amount, 'amount');
  if (body.transaction_type === 'DEPOSIT') assertDepositDue(e, amountCents);
  if (await store.findChargeByGatewayTransaction(db, companyId, body.id_charge_transaction))
    throw alreadyRecorded(body.id_charge_transaction);
  await confirmGatewayCharge(await gatewayFor(companyId), body.id_charge_transaction, {
    amountCents,
    customerProfileTokens:
      customerId === undefined ? undefined : await customerProfileTokens(db, companyId, customerId),
  });
  const now = nowIso(clock);
  const row = await store
    .insertCharge(db, {
      company_id: companyId,
      enrollment_id: e.id,
      customer_id: e.customer_id,
      transaction_type: body.transaction_type,
      amount_cents: amountCents,
      reference: `recorded-${body.id_charge_transaction}-${randomUUID()}`,
      gateway_transaction_id: body.id_charge_transaction,
      payment_profile_token: body.id_payment_profile,
      payment_type: body.payment_type,
      status: 'approved',
      decline_reason: null,
      has_been_captured: 1,
      sent_to_billing_system: 0,
      idempotency_key: null,
      created_at: now,
      updated_at: now,
    })
    .catch((error) => {
      throw isUniqueViolation(error) ? alreadyRecorded(body.id_charge_transaction) : error;
    });
  await settleDeposit(deps, row);
  return toChargeTransaction(row);
}

/** A web service account marks a charge captured or sent to billing; each change keeps who made it. */
export async function updateFlags(
  deps: Pick<ChargesDeps, 'db' | 'clock'>,
  companyId: number,
  id: number,
  changes: { sent_to_billing_system?: boolean; has_been_captured?: boolean },
  accountId: number,
) {
  const existing = await chargeOf(deps, companyId, id);
  const wanted = (['sent_to_billing_system', 'has_been_captured'] as const).flatMap((field) =>
    changes[field] === undefined ? [] : [{ field, to: (changes[field] ? 1 : 0) as 0 | 1 }],
  );
  const now = nowIso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    for (const { field, to } of wanted) {
      // Conditional update: of two calls making the same change at once, one changes the flag and records it.
      if (!(await store.setFlag(trx, existing.id, field, to, now))) continue;
      await store.insertFlagChange(trx, {
        company_id: companyId,
        charge_id: existing.id,
        account_id: accountId,
        field,
        from_value: 1 - to,
        to_value: to,
        created_at: now,
      });
    }
  });
  return getCharge(deps, companyId, id);
}

export async function totalPaid(
  { db }: Pick<ChargesDeps, 'db'>,
  companyId: number,
  enrollmentId: number,
  startDate: string,
  endDate: string,
): Promise<Static<typeof PaymentsTotal>> {
  if (endDate < startDate)
    throw new ApiError('VALIDATION_FAILED', 'endDate is before startDate.', [
      'querystring.endDate: before startDate',
    ]);
  const row = await store.approvedPaymentsTotal(
    db,
    companyId,
    enrollmentId,
    `${startDate}T00:00:00.000Z`,
    `${endDate}T23:59:59.999Z`,
  );
  return {
    id_enrollment: enrollmentId,
    startDate,
    endDate,
    total: Number(row.cents) / 100,
    count: Number(row.count),
  };
}

/** "Visa ending 1111", or "Bank account" / "Card" when the profile is not on record. */
function payMethodOf(
  c: { payment_type: string },
  profile: { card_type: string | null; last4: string | null } | undefined,
): string {
  const kind = profile?.card_type ?? (c.payment_type === 'BankAccount' ? 'Bank account' : 'Card');
  return profile?.last4 ? `${kind} ending ${profile.last4}` : kind;
}

export async function paymentHistory(
  { db, enrollments }: Pick<ChargesDeps, 'db' | 'enrollments'>,
  companyId: number,
  enrollmentId: number,
  paging: Paging,
) {
  const e = await enrollments.row(companyId, enrollmentId);
  const { rows, total } = await store.answeredChargePage(db, companyId, enrollmentId, paging);
  // The card a charge was made with, as the payments module shows it.
  const profiles = await shownProfilesByToken(db, companyId, [
    ...new Set(rows.map((c) => c.payment_profile_token)),
  ]);
  const items = rows.map(
    (c): Static<typeof PaymentHistoryItem> => ({
      paidDate: c.created_at,
      accountNum: e.billing_account_number,
      depositDate: c.transaction_type === 'DEPOSIT' ? c.created_at : null,
      payMethodDesc: payMethodOf(c, profiles.get(c.payment_profile_token)),
      directionDesc: c.transaction_type === 'REFUND' ? 'Refund' : 'Payment',
      returnReasonDesc: c.status === 'declined' ? c.decline_reason : null,
      paidAmount: c.amount_cents / 100,
    }),
  );
  return { items, total };
}
