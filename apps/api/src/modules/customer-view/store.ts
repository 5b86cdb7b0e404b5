import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CustomerNotesTable } from '../../db/tables/customers.js';

type Db = Kysely<Database>;

/** The notes staff wrote about a customer, newest first. */
export function notesOf(db: Db, companyId: number, customerId: number, limit: number) {
  return db
    .selectFrom('customer_notes')
    .select(['id', 'author', 'body', 'created_at'])
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function insertNote(db: Db, note: Insertable<CustomerNotesTable>) {
  return db
    .insertInto('customer_notes')
    .values(note)
    .returning(['id', 'author', 'body', 'created_at'])
    .executeTakeFirstOrThrow();
}
