import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { NotificationsTable } from '../../db/tables/billing.js';

type Db = Kysely<Database>;

/** Status changes after the cursor, with what a message needs: the customer, their language, the address. */
export function statusChangesAfter(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('enrollment_status_history as h')
    .innerJoin('enrollments as e', 'e.id', 'h.enrollment_id')
    .innerJoin('customers as c', 'c.id', 'e.customer_id')
    .leftJoin('languages as l', 'l.id', 'c.id_prefered_language')
    .select([
      'h.id',
      'h.from_status',
      'h.to_status',
      'h.created_at',
      'e.id as enrollment_id',
      'e.company_id',
      'e.customer_id',
      'e.service_address_1',
      'e.service_city',
      'e.requested_start_date',
      'e.contract_start_date',
      'e.drop_effective_date',
      'e.deposit_amount_cents',
      'l.short_name as language',
    ])
    .where('h.id', '>', afterId)
    .orderBy('h.id')
    .limit(limit)
    .execute();
}

export function chargesAfter(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('charge_transactions as t')
    .innerJoin('enrollments as e', 'e.id', 't.enrollment_id')
    .innerJoin('customers as c', 'c.id', 't.customer_id')
    .leftJoin('languages as l', 'l.id', 'c.id_prefered_language')
    .select([
      't.id',
      't.transaction_type',
      't.status',
      't.amount_cents',
      't.created_at',
      't.updated_at',
      't.company_id',
      't.customer_id',
      'e.id as enrollment_id',
      'e.service_address_1',
      'e.service_city',
      'l.short_name as language',
    ])
    .where('t.id', '>', afterId)
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

export function customerLanguages(db: Db, customerIds: number[]) {
  return db
    .selectFrom('customers as c')
    .leftJoin('languages as l', 'l.id', 'c.id_prefered_language')
    .select(['c.id', 'l.short_name as language'])
    .where('c.id', 'in', customerIds.length ? customerIds : [0])
    .execute();
}

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

export function listForCustomer(db: Db, companyId: number, customerId: number, unreadOnly: boolean) {
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId);
  if (unreadOnly) query = query.where('read_date', 'is', null);
  return query.orderBy('id', 'desc').execute();
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
