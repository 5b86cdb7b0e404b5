import type { Kysely } from 'kysely';
import { references, withId } from '../migration-helpers.js';

/** Customer accounts: password-reset tokens, linked logins, and the mail outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('customer_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('customer_id', 'integer', references('customers.id'))
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('customer_reset_tokens_customer')
    .on('customer_reset_tokens')
    .column('customer_id')
    .execute();

  await s
    .createTable('customer_links')
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('customer_id', 'integer', references('customers.id'))
    .addColumn('linked_customer_id', 'integer', (c) =>
      c.primaryKey().references('customers.id').onDelete('cascade'),
    )
    .addColumn('linked_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('customer_links_customer').on('customer_links').column('customer_id').execute();

  await withId(db, s.createTable('mail_outbox'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await s.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
}
