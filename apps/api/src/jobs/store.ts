import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { TaskRunsTable } from '../db/tables/jobs.js';

/** How many runs of each task the history keeps (the newest). */
export const TASK_RUNS_KEPT = 100;

export async function ensureTask(db: Kysely<Database>, name: string, firstRunAt: number): Promise<void> {
  await db
    .insertInto('scheduled_tasks')
    .values({ name, next_run_at: firstRunAt })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Takes the task for one run when it is due and not paused (or `force`d) and nobody holds it. A single conditional
 * UPDATE is atomic on SQLite and PostgreSQL alike, so of several API nodes exactly one wins each run.
 */
export async function claimTask(
  db: Kysely<Database>,
  claim: { name: string; node: string; now: number; startedAt: string; leaseSeconds: number; force: boolean },
): Promise<boolean> {
  let query = db
    .updateTable('scheduled_tasks')
    .set({
      locked_until: claim.now + claim.leaseSeconds,
      locked_by: claim.node,
      last_started_at: claim.startedAt,
    })
    .where('name', '=', claim.name)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', claim.now)]));
  if (!claim.force) query = query.where('next_run_at', '<=', claim.now).where('paused_at', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function failuresSoFar(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db
    .selectFrom('scheduled_tasks')
    .select('consecutive_failures')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.consecutive_failures;
}

export async function releaseTask(
  db: Kysely<Database>,
  release: {
    name: string;
    node: string;
    nextRunAt: number;
    finishedAt: string;
    consecutiveFailures: number;
    result: string | null;
    error: string | null;
  },
): Promise<void> {
  await db
    .updateTable('scheduled_tasks')
    .set({
      next_run_at: release.nextRunAt,
      locked_until: null,
      locked_by: null,
      last_finished_at: release.finishedAt,
      last_result: release.result,
      last_error: release.error,
      consecutive_failures: release.consecutiveFailures,
    })
    .where('name', '=', release.name)
    .where('locked_by', '=', release.node)
    .execute();
}

/** Adds a run to the history and forgets the task's runs older than the newest TASK_RUNS_KEPT. */
export async function recordRun(
  db: Kysely<Database>,
  run: Insertable<TaskRunsTable>,
): Promise<Selectable<TaskRunsTable>> {
  const recorded = await db.insertInto('task_runs').values(run).returningAll().executeTakeFirstOrThrow();
  const oldestKept = await db
    .selectFrom('task_runs')
    .select('id')
    .where('task', '=', run.task)
    .orderBy('id', 'desc')
    .offset(TASK_RUNS_KEPT - 1)
    .limit(1)
    .executeTakeFirst();
  if (oldestKept)
    await db.deleteFrom('task_runs').where('task', '=', run.task).where('id', '<', oldestKept.id).execute();
  return recorded;
}

/** A page of the task's runs, newest first. */
export function listRuns(db: Kysely<Database>, task: string, page: { limit: number; offset: number }) {
  return db
    .selectFrom('task_runs')
    .selectAll()
    .where('task', '=', task)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countRuns(db: Kysely<Database>, task: string): Promise<number> {
  const row = await db
    .selectFrom('task_runs')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('runs'))
    .where('task', '=', task)
    .executeTakeFirstOrThrow();
  return Number(row.runs);
}

/** Pauses (an instant) or resumes (null) a task; false when no node has registered it yet. */
export async function setPaused(
  db: Kysely<Database>,
  name: string,
  pausedAt: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_tasks')
    .set({ paused_at: pausedAt })
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listTasks(db: Kysely<Database>) {
  return db.selectFrom('scheduled_tasks').selectAll().orderBy('name').execute();
}
