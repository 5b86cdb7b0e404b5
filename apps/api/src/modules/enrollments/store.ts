import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EnrollmentsTable } from '../../db/tables/enrollments.js';
import type { Clock } from '../../domain/clock.js';
import { ApiError } from '../../http/errors.js';
import {
  type Actor,
  canTransition,
  type EnrollmentStatus,
  LIVE_STATUSES,
  SERVING_STATUSES,
} from './lifecycle.js';

export type EnrollmentRow = Selectable<EnrollmentsTable>;
type Db = Kysely<Database> | Transaction<Database>;

export async function insertEnrollment(
  db: Db,
  row: Insertable<EnrollmentsTable>,
  actor: string,
): Promise<number> {
  const { id } = await db
    .insertInto('enrollments')
    .values({ ...row, status_since: row.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('enrollment_status_history')
    .values({
      enrollment_id: id,
      from_status: null,
      to_status: row.status,
      actor,
      reason: 'Created',
      created_at: row.created_at,
    })
    .execute();
  return id;
}

export function findEnrollment(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** An enrollment by id alone, for a caller that proved it by other means (a signed payment link). */
export function findEnrollmentById(db: Db, id: number) {
  return db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByIdempotencyKey(db: Db, companyId: number, key: string) {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * The live enrollment that holds a meter (LDC number) in the company: the rule of the unique index
 * `enrollments_one_live_per_meter`, so a refusal here and the database's agree.
 */
export function meterHolder(db: Db, companyId: number, ldcAccount: string, commodity?: string) {
  let query = liveHolders(db, companyId, ldcAccount);
  if (commodity !== undefined) query = query.where('commodity', '=', commodity);
  return query.orderBy('id', 'desc').executeTakeFirst();
}

/** The live enrollment of an LDC number that a credit check backs: the rule of `enrollments_credit_check_one_per_ldc`. */
export function creditCheckHolder(db: Db, companyId: number, creditCheckId: number, ldcAccount: string) {
  return liveHolders(db, companyId, ldcAccount)
    .where('credit_check_id', '=', creditCheckId)
    .executeTakeFirst();
}

/** Enrollments holding an LDC number: live, and for a renewal only once it serves (its predecessor archived). */
function liveHolders(db: Db, companyId: number, ldcAccount: string) {
  return db
    .selectFrom('enrollments')
    .select(['id', 'status', 'customer_id', 'plan_id'])
    .where('company_id', '=', companyId)
    .where('ldc_account', '=', ldcAccount)
    .where('status', 'in', LIVE_STATUSES)
    .where((eb) => eb.or([eb('previous_enrollment_id', 'is', null), eb('status', 'in', SERVING_STATUSES)]));
}

/**
 * Moves an enrollment from one status to another, if the lifecycle allows it for this actor and nobody moved it
 * first (the UPDATE only matches the status we read). Writes the history row in the same transaction: the caller's,
 * or one of its own, so that a lost connection or a killed process never leaves a status without its history row.
 */
export async function transition(
  db: Db,
  clock: Clock,
  enrollment: Pick<EnrollmentRow, 'id' | 'status'>,
  to: EnrollmentStatus,
  actor: Actor,
  reason: string,
  changes: Updateable<EnrollmentsTable> = {},
): Promise<void> {
  if (!db.isTransaction)
    return db.transaction().execute((trx) => transition(trx, clock, enrollment, to, actor, reason, changes));
  const from = enrollment.status as EnrollmentStatus;
  if (from !== to && !canTransition(from, to, actor)) {
    throw new ApiError(
      'ENROLLMENT_STATUS_CONFLICT',
      `An enrollment in ${from} cannot move to ${to} (${actor}).`,
      [`status: ${from} does not allow ${to}`],
    );
  }
  const updatedAt = clock.now().toISOString();
  const result = await db
    .updateTable('enrollments')
    .set({
      ...changes,
      status: to,
      updated_at: updatedAt,
      ...(from === to ? {} : { status_since: updatedAt }),
    })
    .where('id', '=', enrollment.id)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    throw new ApiError('ENROLLMENT_STATUS_CONFLICT', 'The enrollment changed meanwhile; read it again.', [
      'status: changed meanwhile',
    ]);
  }
  if (from !== to || reason) {
    await db
      .insertInto('enrollment_status_history')
      .values({
        enrollment_id: enrollment.id,
        from_status: from,
        to_status: to,
        actor,
        reason,
        created_at: updatedAt,
      })
      .execute();
  }
}

/**
 * Holds an enrollment in `status` for the rest of the transaction (PostgreSQL locks the row; SQLite's write
 * transaction is already exclusive): false when another request moved it first.
 */
export async function lockInStatus(
  db: Transaction<Database>,
  clock: Clock,
  id: number,
  status: EnrollmentStatus,
) {
  const result = await db
    .updateTable('enrollments')
    .set({ updated_at: clock.now().toISOString() })
    .where('id', '=', id)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The live renewal (or plan change) scheduled to continue an enrollment, if any. */
export function liveRenewalOf(db: Db, enrollmentId: number) {
  return db
    .selectFrom('enrollments')
    .select(['id', 'status'])
    .where('previous_enrollment_id', '=', enrollmentId)
    .where('status', 'in', LIVE_STATUSES)
    .executeTakeFirst();
}

export async function updateEnrollment(
  db: Db,
  clock: Clock,
  id: number,
  changes: Updateable<EnrollmentsTable>,
): Promise<void> {
  await db
    .updateTable('enrollments')
    .set({ ...changes, updated_at: clock.now().toISOString() })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes an enrollment for one submission attempt: only if it is waiting to be sent and no other process holds it.
 * The lease keeps a second API node off it while the billing system answers.
 */
export async function claimForSubmission(
  db: Db,
  id: number,
  statuses: readonly string[],
  nowSeconds: number,
  leaseSeconds: number,
) {
  const result = await db
    .updateTable('enrollments')
    .set((eb) => ({
      next_submission_at: nowSeconds + leaseSeconds,
      submission_attempts: eb('submission_attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', 'in', statuses)
    .where((eb) => eb.or([eb('next_submission_at', 'is', null), eb('next_submission_at', '<=', nowSeconds)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function dueForSubmission(db: Db, statuses: readonly string[], nowSeconds: number, limit: number) {
  return db
    .selectFrom('enrollments')
    .select(['id', 'company_id'])
    .where('status', 'in', statuses)
    .where((eb) => eb.or([eb('next_submission_at', 'is', null), eb('next_submission_at', '<=', nowSeconds)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function statusHistory(db: Db, enrollmentIds: number[]) {
  return db
    .selectFrom('enrollment_status_history')
    .selectAll()
    .where('enrollment_id', 'in', enrollmentIds.length ? enrollmentIds : [0])
    .orderBy('id', 'desc')
    .execute();
}

/** Status changes after the cursor, oldest first (the notifications walk them in batches). */
export function statusChangesAfter(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('enrollment_status_history')
    .select(['id', 'enrollment_id', 'from_status', 'to_status', 'created_at'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Enrollments by id (any company), for a reader holding a batch of ids from its own rows; in no set order. */
export function findEnrollmentsByIds(db: Db, ids: number[]) {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('id', 'in', ids.length ? ids : [0])
    .execute();
}

/** Enrollments in these statuses whose service has started (any company), by id after `afterId`. */
export function startedEnrollmentsAfter(db: Db, statuses: readonly string[], afterId: number, limit: number) {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('status', 'in', statuses)
    .where('contract_start_date', 'is not', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The day each of these enrollments was replaced: the contract start of the newest enrollment of its chain that
 * follows it and is not CANCELLED (null when there is none, or it has no start yet).
 */
export async function replacedOn(db: Db, ids: number[]): Promise<Map<number, string | null>> {
  const successors = await db
    .selectFrom('enrollments')
    .select(['previous_enrollment_id', 'contract_start_date'])
    .where('previous_enrollment_id', 'in', ids.length ? ids : [0])
    .where('status', '!=', 'CANCELLED')
    .orderBy('id', 'desc')
    .execute();
  const replaced = new Map<number, string | null>();
  for (const s of successors) {
    if (s.previous_enrollment_id !== null && !replaced.has(s.previous_enrollment_id))
      replaced.set(s.previous_enrollment_id, s.contract_start_date);
  }
  return replaced;
}

/** The enrollments of these customers (a login and those merged into it), newest first. */
export function customersEnrollments(db: Db, companyId: number, customerIds: number[]) {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('customer_id', 'in', customerIds)
    .orderBy('id', 'desc')
    .execute();
}

export function enrollmentsByStatus(
  db: Db,
  companyId: number,
  statuses: readonly string[],
  limit: number,
  offset: number,
) {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('status', 'in', statuses)
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countByStatus(db: Db, companyId: number, statuses: readonly string[]) {
  const row = await db
    .selectFrom('enrollments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', companyId)
    .where('status', 'in', statuses)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Accepted enrollments whose service starts by `day`. */
export function dueToStart(db: Db, day: string) {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where('contract_start_date', '<=', day)
    .execute();
}

/** Dropped-to-be enrollments whose service ends by `day`. */
export function dueToEnd(db: Db, day: string) {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('status', '=', 'DROP_PENDING')
    .where('drop_effective_date', '<=', day)
    .execute();
}

export function findStatus(db: Db, id: number) {
  return db.selectFrom('enrollments').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
}

/** A note in the history without a move (a verification result arriving after the enrollment went on). */
export async function noteInHistory(
  db: Db,
  clock: Clock,
  e: Pick<EnrollmentRow, 'id' | 'status'>,
  actor: Actor,
  reason: string,
) {
  await db
    .insertInto('enrollment_status_history')
    .values({
      enrollment_id: e.id,
      from_status: e.status,
      to_status: e.status,
      actor,
      reason,
      created_at: clock.now().toISOString(),
    })
    .execute();
}

/** How many enrollments wait to be sent to the billing system (new, retried or renewals): a queue depth. */
export async function countAwaitingSubmission(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('enrollments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', [
      'QUEUED_FOR_SUBMISSION',
      'SUBMITION_NOT_SENT_CONNECTION_ERROR',
      'RENEWAL_PENDING',
    ])
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Cancels the renewal scheduled to continue an enrollment, in the caller's transaction. */
export async function cancelLiveRenewal(
  db: Transaction<Database>,
  clock: Clock,
  enrollmentId: number,
  why: string,
) {
  const renewal = await liveRenewalOf(db, enrollmentId);
  if (renewal) await transition(db, clock, renewal, 'CANCELLED', 'customer', `Renewal cancelled: ${why}`);
}
