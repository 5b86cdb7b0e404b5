import type { Kysely } from 'kysely';
import { withId } from '../migration-helpers.js';

/**
 * Background tasks get a run history (`task_runs`: when each run started and ended, where, why, and what it did or
 * which error stopped it), can be paused by an operator (`paused_at`), and back off while they keep failing
 * (`consecutive_failures`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scheduled_tasks').addColumn('paused_at', 'text').execute();
  await db.schema
    .alterTable('scheduled_tasks')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(db, db.schema.createTable('task_runs'))
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('node', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('task_runs_by_task').on('task_runs').columns(['task', 'id']).execute();
}
