import type { Kysely } from 'kysely';
import { references, withId } from '../migration-helpers.js';

/**
 * Notes staff write about a customer in the console ("called about the deposit; will pay Friday"). A note is kept as
 * written: it is added, never edited, like the history it sits beside; who wrote it is the staff member's email.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('customer_notes'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('customer_id', 'integer', references('customers.id'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customer_notes_by_customer')
    .on('customer_notes')
    .columns(['company_id', 'customer_id', 'created_at'])
    .execute();
}
