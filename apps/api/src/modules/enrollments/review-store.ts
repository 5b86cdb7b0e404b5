/**
 * What agents review on enrollments: meters awaiting verification, letters of credit, ETF invoices (the agent
 * work queues ask through index.ts).
 */
import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CreditLettersTable, EtfInvoicesTable } from '../../db/tables/enrollments.js';
import type { Clock } from '../../domain/clock.js';
import type { Paging } from '../../http/envelope.js';
import type { Actor } from './lifecycle.js';
import { noteInHistory } from './store.js';

type Db = Kysely<Database>;

/** The ids of the company's enrollments whose meter awaits verification, oldest first, and how many there are. */
export async function unverifiedMeterPage(db: Db, companyId: number, paging: Paging) {
  const query = db
    .selectFrom('enrollments')
    .where('company_id', '=', companyId)
    .where('meter_unverified', '=', 1);
  const [rows, total] = await Promise.all([
    query
      .select('id')
      .orderBy('id')
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/**
 * Clears the meter's unverified flag and keeps the check in the history, together. False, with nothing written,
 * when the meter was not awaiting verification: the conditional update lets one of two agents at once record it.
 */
export function recordMeterVerified(
  db: Db,
  clock: Clock,
  enrollment: { id: number; status: string },
  actor: Actor,
  reason: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('enrollments')
      .set({ meter_unverified: 0 })
      .where('id', '=', enrollment.id)
      .where('meter_unverified', '=', 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await noteInHistory(trx, clock, enrollment, actor, reason);
    return true;
  });
}

export const findCreditLetter = (db: Db, companyId: number, letterId: number) =>
  db
    .selectFrom('credit_letters')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', letterId)
    .executeTakeFirst();

export async function recordCreditLetterReview(
  db: Db,
  letterId: number,
  review: Pick<Updateable<CreditLettersTable>, 'status' | 'reviewed_at' | 'reviewed_by' | 'review_note'>,
) {
  await db.updateTable('credit_letters').set(review).where('id', '=', letterId).execute();
}

/** The company's ETF invoices, optionally of one status, oldest first, and how many there are. */
export async function etfInvoicePage(db: Db, companyId: number, status: string | undefined, paging: Paging) {
  let query = db.selectFrom('etf_invoices').where('company_id', '=', companyId);
  if (status) query = query.where('status', '=', status);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('id')
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export const findEtfInvoice = (db: Db, companyId: number, id: number) =>
  db
    .selectFrom('etf_invoices')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

/** Resolves the company's ETF invoice if it is still queued: false when it is not (or not the company's). */
export async function resolveQueuedEtfInvoice(
  db: Db,
  companyId: number,
  id: number,
  resolution: Pick<
    Updateable<EtfInvoicesTable>,
    'status' | 'resolved_at' | 'resolved_by' | 'resolution_note'
  >,
) {
  const result = await db
    .updateTable('etf_invoices')
    .set(resolution)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
