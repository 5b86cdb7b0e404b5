import type { Kysely } from 'kysely';

/** The console's enrollment page lists what the customer was told about that enrollment: one index range. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('notifications_enrollment')
    .on('notifications')
    .columns(['company_id', 'enrollment_id', 'id'])
    .execute();
}
