import type { Kysely } from 'kysely';
import { references } from '../migration-helpers.js';

/**
 * Addresses a retail company's mail bounced from (a permanent refusal of the recipient): later mail to them is not
 * attempted until staff clear the address. The outbox's new statuses (`bounced`, `suppressed`) need no column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_bounces')
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('outbox_id', 'integer', (c) => c.notNull())
    .addColumn('bounced_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_bounces_pk', ['company_id', 'address'])
    .execute();
}
