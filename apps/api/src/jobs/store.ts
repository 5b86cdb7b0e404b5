import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export async function ensureTask(db: Kysely<Database>, name: string, firstRunAt: number): Promise<void> {
  await db
    .insertInto('scheduled_tasks')
    .values({ name, next_run_at: firstRunAt })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Takes the task for one run when it is due (or `force`d) and nobody holds it. A single conditional UPDATE is
 * atomic on SQLite and PostgreSQL alike, so of several API nodes exactly one wins each run.
 */
export async function claimTask(
  db: Kysely<Database>,
  claim: { name: string; node: string; now: number; leaseSeconds: number; force: boolean },
): Promise<boolean> {
  let query = db
    .updateTable('scheduled_tasks')
    .set({
      locked_until: claim.now + claim.leaseSeconds,
      locked_by: claim.node,
      last_started_at: new Date().toISOString(),
    })
    .where('name', '=', claim.name)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', claim.now)]));
  if (!claim.force) query = query.where('next_run_at', '<=', claim.now);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseTask(
  db: Kysely<Database>,
  release: { name: string; node: string; nextRunAt: number; result: string | null; error: string | null },
): Promise<void> {
  await db
    .updateTable('scheduled_tasks')
    .set({
      next_run_at: release.nextRunAt,
      locked_until: null,
      locked_by: null,
      last_finished_at: new Date().toISOString(),
      last_result: release.result,
      last_error: release.error,
    })
    .where('name', '=', release.name)
    .where('locked_by', '=', release.node)
    .execute();
}

export function listTasks(db: Kysely<Database>) {
  return db.selectFrom('scheduled_tasks').selectAll().orderBy('name').execute();
}
