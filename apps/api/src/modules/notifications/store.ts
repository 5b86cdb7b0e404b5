import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { NotificationsTable } from '../../db/tables/billing.js';

type Db = Kysely<Database>;

/** Notifications after the cursor, oldest first, but those of one kind (a reader skips the ones it wrote). */
export function notificationsAfter(db: Db, afterId: number, limit: number, exceptKind: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'company_id', 'customer_id', 'enrollment_id', 'kind', 'source_key', 'sent_date'])
    .where('id', '>', afterId)
    .where('kind', '!=', exceptKind)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Adds the notification unless one with its source_key exists: 1 when added, 0 when it was already there. */
export async function insertOnce(db: Db, row: Insertable<NotificationsTable>): Promise<number> {
  const result = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.column('source_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function insertCopy(db: Db, row: Insertable<NotificationsTable>): Promise<number> {
  const { id } = await db.insertInto('notifications').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function listForCustomer(db: Db, companyId: number, customerId: number, unreadOnly: boolean) {
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId);
  if (unreadOnly) query = query.where('read_date', 'is', null);
  return query.orderBy('id', 'desc').execute();
}

export function listForEnrollment(db: Db, companyId: number, enrollmentId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function find(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Sets the read date once: marking again keeps the first. */
export async function markRead(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_date: at })
    .where('id', '=', id)
    .where('read_date', 'is', null)
    .execute();
}
