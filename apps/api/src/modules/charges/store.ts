import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ChargeTransactionChangesTable, ChargeTransactionsTable } from '../../db/tables/enrollments.js';
import { type ChargeStatus, PAYING_TRANSACTION_TYPES } from '../../domain/charges.js';
import type { Paging } from '../../http/envelope.js';

export type Charge = Selectable<ChargeTransactionsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** What the gateway's answer about a charge (or a retry of it) changes on its row. */
export type ChargeAnswer = Partial<
  Pick<Charge, 'status' | 'gateway_transaction_id' | 'decline_reason' | 'has_been_captured'>
>;

/** The flags a web service account sets on a recorded charge. */
export type ChargeFlag = 'sent_to_billing_system' | 'has_been_captured';

export function findCharge(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('charge_transactions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Charges after the cursor, oldest first (the notifications walk them in batches). */
export function chargesAfter(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('charge_transactions')
    .select([
      'id',
      'transaction_type',
      'status',
      'amount_cents',
      'created_at',
      'updated_at',
      'company_id',
      'customer_id',
      'enrollment_id',
    ])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The charges of these enrollments, oldest first (what the billing system is told of an account's payments). */
export function chargesOfEnrollments(db: Db, enrollmentIds: number[]) {
  return db
    .selectFrom('charge_transactions')
    .select([
      'id',
      'enrollment_id',
      'transaction_type',
      'status',
      'amount_cents',
      'refunded_cents',
      'created_at',
    ])
    .where('enrollment_id', 'in', enrollmentIds.length ? enrollmentIds : [0])
    .orderBy('id')
    .execute();
}

export function findChargeByIdempotencyKey(db: Db, companyId: number, idempotencyKey: string) {
  return db
    .selectFrom('charge_transactions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export function findChargeByGatewayTransaction(db: Db, companyId: number, gatewayTransactionId: string) {
  return db
    .selectFrom('charge_transactions')
    .select('id')
    .where('company_id', '=', companyId)
    .where('gateway_transaction_id', '=', gatewayTransactionId)
    .executeTakeFirst();
}

/** A deposit charge of the enrollment, other than `exceptId`, waiting for the gateway or approved. */
export function findLiveDepositCharge(db: Db, companyId: number, enrollmentId: number, exceptId: number) {
  return db
    .selectFrom('charge_transactions')
    .select('id')
    .where('company_id', '=', companyId)
    .where('enrollment_id', '=', enrollmentId)
    .where('transaction_type', '=', 'DEPOSIT')
    .where('status', 'in', ['pending', 'unknown', 'approved'])
    .where('id', '!=', exceptId)
    .executeTakeFirst();
}

/**
 * Reserves `amountCents` of a payment for a refund: one conditional UPDATE, so refunds racing each other never
 * reserve more than the payment. False when the rest of the payment is less than asked.
 */
export async function reserveRefund(db: Db, chargeId: number, amountCents: number, now: string) {
  const result = await db
    .updateTable('charge_transactions')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', amountCents), updated_at: now }))
    .where('id', '=', chargeId)
    .where((eb) => eb(eb('refunded_cents', '+', amountCents), '<=', eb.ref('amount_cents')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back a reservation whose refund the gateway did not make. */
export async function releaseRefund(db: Db, chargeId: number, amountCents: number, now: string) {
  await db
    .updateTable('charge_transactions')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '-', amountCents), updated_at: now }))
    .where('id', '=', chargeId)
    .execute();
}

export function insertCharge(db: Db, values: Insertable<ChargeTransactionsTable>) {
  return db.insertInto('charge_transactions').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function deleteCharge(db: Db, id: number): Promise<void> {
  await db.deleteFrom('charge_transactions').where('id', '=', id).execute();
}

export async function updateCharge(db: Db, id: number, changes: ChargeAnswer, now: string): Promise<Charge> {
  await db
    .updateTable('charge_transactions')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
  return chargeById(db, id);
}

/** Changes the charge only if it is still in `from`; undefined when another request moved it first. */
export async function updateChargeIfStatus(
  db: Db,
  id: number,
  from: ChargeStatus,
  changes: ChargeAnswer,
  now: string,
): Promise<Charge | undefined> {
  const result = await db
    .updateTable('charge_transactions')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return chargeById(db, id);
}

function chargeById(db: Db, id: number) {
  return db.selectFrom('charge_transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Sets the flag unless it already has that value; false when it had (the change is then not recorded). */
export async function setFlag(
  db: Db,
  id: number,
  field: ChargeFlag,
  to: 0 | 1,
  now: string,
): Promise<boolean> {
  const changed = await db
    .updateTable('charge_transactions')
    .set({ [field]: to, updated_at: now } as Updateable<ChargeTransactionsTable>)
    .where('id', '=', id)
    .where(field, '!=', to)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) !== 0;
}

export async function insertFlagChange(
  db: Db,
  change: Omit<Insertable<ChargeTransactionChangesTable>, 'id'>,
): Promise<void> {
  await db.insertInto('charge_transaction_changes').values(change).execute();
}

export async function chargePage(
  db: Db,
  companyId: number,
  enrollmentId: number,
  filter: { sentToBillingSystem?: boolean; hasBeenCaptured?: boolean },
  paging: Paging,
) {
  let query = db
    .selectFrom('charge_transactions')
    .where('company_id', '=', companyId)
    .where('enrollment_id', '=', enrollmentId);
  if (filter.sentToBillingSystem !== undefined)
    query = query.where('sent_to_billing_system', '=', filter.sentToBillingSystem ? 1 : 0);
  if (filter.hasBeenCaptured !== undefined)
    query = query.where('has_been_captured', '=', filter.hasBeenCaptured ? 1 : 0);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** The approved payments (deposits, one-time and recurring) of the enrollment made between two instants. */
export function approvedPaymentsTotal(
  db: Db,
  companyId: number,
  enrollmentId: number,
  from: string,
  to: string,
) {
  return db
    .selectFrom('charge_transactions')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('company_id', '=', companyId)
    .where('enrollment_id', '=', enrollmentId)
    .where('status', '=', 'approved')
    .where('transaction_type', 'in', ['DEPOSIT', 'ONE_TIME_PAYMENT', 'RECURRING_BILLING'])
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .executeTakeFirstOrThrow();
}

/** One page of the enrollment's answered charges (approved or declined), newest first, and how many there are. */
export async function answeredChargePage(db: Db, companyId: number, enrollmentId: number, paging: Paging) {
  const base = db
    .selectFrom('charge_transactions')
    .where('company_id', '=', companyId)
    .where('enrollment_id', '=', enrollmentId)
    .where('status', 'in', ['approved', 'declined']);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** Charges that got no answer from the gateway and have not changed since `before`, at most `limit` of them. */
export function unknownChargesUnchangedSince(db: Db, before: string, limit: number) {
  return db
    .selectFrom('charge_transactions')
    .selectAll()
    .where('status', '=', 'unknown')
    .where('updated_at', '<=', before)
    .limit(limit)
    .execute();
}

/**
 * How many payments (deposits, one-time and recurring payments; not refunds) the company charged between two instants
 * and how many of them the gateway declined (the console's dashboard): one range of (company_id, created_at).
 */
export async function paymentCounts(
  db: Db,
  companyId: number,
  from: string,
  to: string,
): Promise<{ payments: number; declined: number }> {
  const row = await db
    .selectFrom('charge_transactions')
    .select((eb) => [
      eb.fn.countAll<number>().as('payments'),
      eb.fn
        .sum<number | null>(eb.case().when('status', '=', 'declined').then(1).else(0).end())
        .as('declined'),
    ])
    .where('company_id', '=', companyId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('transaction_type', 'in', PAYING_TRANSACTION_TYPES)
    .executeTakeFirstOrThrow();
  return { payments: Number(row.payments), declined: Number(row.declined ?? 0) };
}
