/**
 * The agents' queues read at scale: counts and the oldest item per queue, and one page of a status ordered by how
 * long each enrollment has waited in it — each one range of an index (company, status, status_since).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { afterPrefix, searchable } from '../../db/text-search.js';
import type { Paging } from '../../http/envelope.js';

type Db = Kysely<Database>;

export interface QueueCount {
  key: string;
  count: number;
  oldest: string | null;
}

const counted = (rows: { key: string; count: number | string; oldest: string | null }[]): QueueCount[] =>
  rows.map((row) => ({ key: row.key, count: Number(row.count), oldest: row.oldest }));

export async function countsByStatus(db: Db, companyId: number, statuses: readonly string[]) {
  const rows = await db
    .selectFrom('enrollments')
    .select((eb) => [
      'status as key',
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('status_since').as('oldest'),
    ])
    .where('company_id', '=', companyId)
    .where('status', 'in', statuses)
    .groupBy('status')
    .execute();
  return counted(rows);
}

export async function pendingCreditLetterCount(db: Db, companyId: number): Promise<QueueCount> {
  const row = await db
    .selectFrom('credit_letters')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('uploaded_at').as('oldest')])
    .where('company_id', '=', companyId)
    .where('status', '=', 0)
    .executeTakeFirstOrThrow();
  return { key: 'credit-letters', count: Number(row.count), oldest: row.oldest };
}

export async function queuedEtfInvoiceCount(db: Db, companyId: number): Promise<QueueCount> {
  const row = await db
    .selectFrom('etf_invoices')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('company_id', '=', companyId)
    .where('status', '=', 'queued')
    .executeTakeFirstOrThrow();
  return { key: 'etf-invoices', count: Number(row.count), oldest: row.oldest };
}

export async function unverifiedMeterCount(db: Db, companyId: number): Promise<QueueCount> {
  const row = await db
    .selectFrom('enrollments')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('company_id', '=', companyId)
    .where('meter_unverified', '=', 1)
    .executeTakeFirstOrThrow();
  return { key: 'unverified-meters', count: Number(row.count), oldest: row.oldest };
}

const QUEUE_COLUMNS = [
  'id',
  'customer_id',
  'plan_id',
  'plan_version_id',
  'utility_id',
  'status',
  'status_since',
  'created_at',
  'ldc_account',
  'service_city',
  'service_state',
  'deposit_amount_cents',
  'deposit_status',
  'manual_review_reasons',
  'billing_errors',
  'submission_attempts',
] as const;

export type QueueRow = Awaited<ReturnType<typeof statusQueuePage>>['rows'][number];

/** One page of the enrollments in `status`, longest waiting first (or newest first). */
export async function statusQueuePage(
  db: Db,
  companyId: number,
  status: string,
  paging: Paging,
  order: 'oldest' | 'newest',
) {
  const direction = order === 'oldest' ? 'asc' : 'desc';
  const query = db.selectFrom('enrollments').where('company_id', '=', companyId).where('status', '=', status);
  const [rows, total] = await Promise.all([
    query
      .select(QUEUE_COLUMNS)
      .orderBy('status_since', direction)
      .orderBy('id', direction)
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** One page of the enrollments whose meter awaits an agent's check, oldest first. */
export async function unverifiedMeterQueuePage(db: Db, companyId: number, paging: Paging) {
  const query = db
    .selectFrom('enrollments')
    .where('company_id', '=', companyId)
    .where('meter_unverified', '=', 1);
  const [rows, total] = await Promise.all([
    query
      .select(QUEUE_COLUMNS)
      .orderBy('created_at')
      .orderBy('id')
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** One page of the letters of credit awaiting review, oldest upload first, with their enrollment's customer. */
export async function pendingCreditLetterPage(db: Db, companyId: number, paging: Paging) {
  const query = db
    .selectFrom('credit_letters as l')
    .innerJoin('enrollments as e', 'e.id', 'l.enrollment_id')
    .where('l.company_id', '=', companyId)
    .where('l.status', '=', 0);
  const [rows, total] = await Promise.all([
    query
      .select([
        'l.id',
        'l.enrollment_id',
        'l.file_id',
        'l.file_name',
        'l.uploaded_at',
        'e.customer_id',
        'e.deposit_amount_cents',
        'e.status as enrollment_status',
      ])
      .orderBy('l.uploaded_at')
      .orderBy('l.id')
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** A customer's enrollments, newest first (the console's customer view). */
export function enrollmentsOfCustomerRows(db: Db, companyId: number, customerId: number) {
  return db
    .selectFrom('enrollments')
    .select(QUEUE_COLUMNS)
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** One enrollment as a queue row (for the enrollment page's summary). */
export function enrollmentQueueRows(db: Db, companyId: number, enrollmentId: number) {
  return db
    .selectFrom('enrollments')
    .select(QUEUE_COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', enrollmentId)
    .execute();
}

/** Enrollments whose meter number (ESIID or LDC account) starts with `prefix`, for finding their customers. */
export function enrollmentsByMeterPrefix(db: Db, companyId: number, prefix: string, limit: number) {
  // Ordered as the search index is (bytes on PostgreSQL): ordered by the column's own collation, PostgreSQL may walk
  // the company's meter index from its start instead, filtering the prefix as it goes (300 ms at a million).
  const meter = searchable(db, 'ldc_account', false);
  return db
    .selectFrom('enrollments')
    .select(['id', 'customer_id', 'ldc_account'])
    .where('company_id', '=', companyId)
    .where(meter, '>=', prefix)
    .where(meter, '<', afterPrefix(prefix))
    .orderBy(meter)
    .limit(limit)
    .execute();
}

export function enrollmentOwner(db: Db, companyId: number, enrollmentId: number) {
  return db
    .selectFrom('enrollments')
    .select(['id', 'customer_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', enrollmentId)
    .executeTakeFirst();
}
