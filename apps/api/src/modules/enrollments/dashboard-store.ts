/**
 * What the console's dashboard counts in enrollments' tables, at a million enrollments: each count is one range of an
 * index, grouped in SQL; no row is brought back to be counted. Days are given as their boundaries (instants, in the
 * ISO form the rows store), so the caller decides whose calendar a day is.
 *
 * - enrollments created: (company_id, created_at);
 * - holds by age: (company_id, status, status_since), which covers the query;
 * - submissions answered and cancellations: the status history's (to_status, created_at), each change joined to its
 *   enrollment by key for the company (the history has no company column). SQLite keeps that join order because it
 *   is written as a cross join; PostgreSQL plans it freely.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type EnrollmentStatus, HOLD_STATUSES, SUBMITTABLE_STATUSES } from './lifecycle.js';

type Db = Kysely<Database>;

/** The billing system's answers to a submission: accepted, taken with errors, or not reached. */
export const SUBMISSION_OUTCOMES = [
  'PENDING',
  'SUBMITTED_WITH_ERRORS',
  'SUBMITION_NOT_SENT_CONNECTION_ERROR',
] as const satisfies readonly EnrollmentStatus[];

/**
 * Which of the days an instant column falls in: 0 for the first, `edges.length - 2` for the last (`edges` are the
 * days' beginnings followed by the end of the last; the query keeps to `edges[0] ≤ column < edges[last]`).
 */
function dayIndex(column: string, edges: readonly string[]): RawBuilder<number> {
  const inner = edges.slice(1, -1);
  if (inner.length === 0) return sql<number>`0`;
  const whens = inner.map((edge, index) => sql`when ${sql.ref(column)} < ${edge} then ${sql.lit(index)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} else ${sql.lit(inner.length)} end`;
}

/** Counts per day index, as a list with a zero for each day nothing happened on. */
function perDay(rows: { day: number | string; count: number | string }[], days: number): number[] {
  const counts = new Array<number>(days).fill(0);
  for (const row of rows) counts[Number(row.day)] = Number(row.count);
  return counts;
}

const daysOf = (edges: readonly string[]) => Math.max(0, edges.length - 1);

/** How many enrollments the company created on each day. */
export async function enrollmentsCreatedPerDay(
  db: Db,
  companyId: number,
  edges: readonly string[],
): Promise<number[]> {
  if (edges.length < 2) return [];
  const days = db
    .selectFrom('enrollments')
    .select(dayIndex('created_at', edges).as('day'))
    .where('company_id', '=', companyId)
    .where('created_at', '>=', edges[0]!)
    .where('created_at', '<', edges.at(-1)!)
    .as('d');
  const rows = await db
    .selectFrom(days)
    .select((eb) => ['d.day', eb.fn.countAll<number>().as('count')])
    .groupBy('d.day')
    .execute();
  return perDay(rows, daysOf(edges));
}

/**
 * The company's status changes into `statuses` between two instants (history joined to its enrollment by key). A
 * submission is a change from a status the submission task sends into one of the billing system's answers.
 */
function changesInto(
  db: Db,
  companyId: number,
  statuses: readonly EnrollmentStatus[],
  from: string,
  to: string,
) {
  return db
    .selectFrom('enrollment_status_history as h')
    .crossJoin('enrollments as e')
    .whereRef('e.id', '=', 'h.enrollment_id')
    .where('e.company_id', '=', companyId)
    .where('h.to_status', 'in', statuses.length ? statuses : ['-'])
    .where('h.created_at', '>=', from)
    .where('h.created_at', '<', to);
}

/** How many of the company's enrollments were sent to the billing system on each day (each counted once a day). */
export async function enrollmentsSubmittedPerDay(
  db: Db,
  companyId: number,
  edges: readonly string[],
): Promise<number[]> {
  if (edges.length < 2) return [];
  const sends = changesInto(db, companyId, SUBMISSION_OUTCOMES, edges[0]!, edges.at(-1)!)
    .where('h.from_status', 'in', SUBMITTABLE_STATUSES)
    .select(['h.enrollment_id', dayIndex('h.created_at', edges).as('day')])
    .as('s');
  const rows = await db
    .selectFrom(sends)
    .select((eb) => ['s.day', eb.fn.count<number>('s.enrollment_id').distinct().as('count')])
    .groupBy('s.day')
    .execute();
  return perDay(rows, daysOf(edges));
}

/**
 * How many of the company's enrollments got each answer of the billing system between two instants (an enrollment
 * resent after a connection error and then accepted counts under both answers, once each).
 */
export async function submissionOutcomes(
  db: Db,
  companyId: number,
  from: string,
  to: string,
): Promise<Record<(typeof SUBMISSION_OUTCOMES)[number], number>> {
  const rows = await changesInto(db, companyId, SUBMISSION_OUTCOMES, from, to)
    .where('h.from_status', 'in', SUBMITTABLE_STATUSES)
    .select((eb) => ['h.to_status as outcome', eb.fn.count<number>('h.enrollment_id').distinct().as('count')])
    .groupBy('h.to_status')
    .execute();
  const counts = Object.fromEntries(SUBMISSION_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
    (typeof SUBMISSION_OUTCOMES)[number],
    number
  >;
  for (const row of rows) counts[row.outcome as (typeof SUBMISSION_OUTCOMES)[number]] = Number(row.count);
  return counts;
}

/** Enrollments cancelled between two instants, by who cancelled: an agent (a rejection) or the customer. */
export async function cancellationsByActor(
  db: Db,
  companyId: number,
  from: string,
  to: string,
): Promise<{ agent: number; customer: number }> {
  const rows = await changesInto(db, companyId, ['CANCELLED'], from, to)
    .where('h.from_status', '<>', 'CANCELLED')
    .select((eb) => ['h.actor', eb.fn.countAll<number>().as('count')])
    .groupBy('h.actor')
    .execute();
  const counts = { agent: 0, customer: 0 };
  for (const row of rows)
    if (row.actor === 'agent' || row.actor === 'customer') counts[row.actor] += Number(row.count);
  return counts;
}

/**
 * The company's holds now, per hold status, by how long each has been in it: `ages` are the upper bounds of the
 * buckets in seconds, ascending (the last bucket is everything older). Counts come back per status, one per bucket.
 */
export async function holdsByAge(
  db: Db,
  companyId: number,
  now: Date,
  ages: readonly number[],
): Promise<Map<EnrollmentStatus, number[]>> {
  const edges = ages.map((seconds) => new Date(now.getTime() - seconds * 1000).toISOString());
  // Newest first: an enrollment in its status since after `now - ages[i]` is in bucket i (unknown since: oldest).
  const whens = edges.map((edge, index) => sql`when status_since > ${edge} then ${sql.lit(index)}`);
  const bucket = sql<number>`case ${sql.join(whens, sql` `)} else ${sql.lit(edges.length)} end`;
  const held = db
    .selectFrom('enrollments')
    .select(['status', bucket.as('bucket')])
    .where('company_id', '=', companyId)
    .where('status', 'in', HOLD_STATUSES)
    .as('held');
  const rows = await db
    .selectFrom(held)
    .select((eb) => ['held.status', 'held.bucket', eb.fn.countAll<number>().as('count')])
    .groupBy(['held.status', 'held.bucket'])
    .execute();
  const counts = new Map<EnrollmentStatus, number[]>(
    HOLD_STATUSES.map((status) => [status, new Array<number>(edges.length + 1).fill(0)]),
  );
  for (const row of rows) {
    const perBucket = counts.get(row.status as EnrollmentStatus);
    if (perBucket) perBucket[Number(row.bucket)] = Number(row.count);
  }
  return counts;
}
