import type { Kysely } from 'kysely';

/**
 * The console shows the mail sent to a customer (the enrollment page): the outbox is read by the company and the
 * recipient's address, newest first, one index range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('mail_outbox_by_recipient')
    .on('mail_outbox')
    .columns(['company_id', 'recipient', 'id'])
    .execute();
}
