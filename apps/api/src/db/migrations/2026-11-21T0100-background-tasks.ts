import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_tasks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'integer')
    .addColumn('locked_by', 'text')
    .addColumn('last_started_at', 'text')
    .addColumn('last_finished_at', 'text')
    .addColumn('last_result', 'text')
    .addColumn('last_error', 'text')
    .execute();
}
