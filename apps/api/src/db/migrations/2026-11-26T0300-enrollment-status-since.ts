import { type Kysely, sql } from 'kysely';

/**
 * When each enrollment entered its current status, so the agents' queues show and sort by how long an item has
 * waited with one index range (at a million enrollments, not by reading the status history). Filled from the
 * newest entry of each enrollment's history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enrollments').addColumn('status_since', 'text').execute();
  await sql`
    update enrollments set status_since = coalesce(
      (select max(h.created_at) from enrollment_status_history h
        where h.enrollment_id = enrollments.id and h.to_status = enrollments.status),
      updated_at)`.execute(db);
  await db.schema
    .createIndex('enrollments_company_status_since')
    .on('enrollments')
    .columns(['company_id', 'status', 'status_since'])
    .execute();
}
