import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { TaskRunOutcome, TaskRunsTable, TaskRunTrigger } from '../db/tables/jobs.js';
import { type Clock, epochSeconds, systemClock } from '../domain/clock.js';
import { backoffSeconds } from './backoff.js';
import * as store from './store.js';

/** A periodic sweep. It must be safe to run again after a crash: it works from the rows' own state. */
export interface PeriodicTask {
  name: string;
  description: string;
  everySeconds: number;
  /** Returns a short summary of what it did, kept as the task's last result. */
  run(): Promise<string>;
}

/** One run of a task, as the history keeps it. */
export type TaskRun = Selectable<TaskRunsTable>;

/** A task as an operator sees it; `nextRunAt` is null until a node has first met it. */
export interface TaskOverview {
  name: string;
  description: string;
  everySeconds: number;
  nextRunAt: string | null;
  paused: boolean;
  pausedAt: string | null;
  /** A node holds its lease now. */
  running: boolean;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastResult: string | null;
  lastError: string | null;
  consecutiveFailures: number;
}

/** A task that keeps failing waits longer each time, up to an hour (or its own period, if that is longer). */
const MAX_BACKOFF_SECONDS = 3600;

/**
 * The wait before the next run: the task's period after a success, and after the n-th failure in a row the period
 * doubled n−1 times (a sweep whose database or partner is down stops hammering it), never past the cap.
 */
export const nextRunDelaySeconds = (task: PeriodicTask, consecutiveFailures: number) =>
  backoffSeconds(consecutiveFailures, {
    baseSeconds: task.everySeconds,
    maxSeconds: Math.max(task.everySeconds, MAX_BACKOFF_SECONDS),
  });

export function createScheduler(db: Kysely<Database>, log: FastifyBaseLogger, clock: Clock = systemClock) {
  const node = randomUUID();
  const tasks = new Map<string, PeriodicTask>();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  const runListeners: Array<(task: string, outcome: TaskRunOutcome) => void> = [];
  const ended = (task: string, outcome: TaskRunOutcome) => {
    for (const listener of runListeners) listener(task, outcome);
  };

  function registered(name: string): PeriodicTask {
    const task = tasks.get(name);
    if (!task) throw new Error(`No background task named ${name}`);
    return task;
  }

  async function attempt(task: PeriodicTask): Promise<{ result: string | null; error: string | null }> {
    try {
      return { result: await task.run(), error: null };
    } catch (failure) {
      log.error({ err: failure, task: task.name }, 'background task failed; it will run again');
      return { result: null, error: failure instanceof Error ? failure.message : String(failure) };
    }
  }

  /** Runs the task once when this node wins its lease; null when it did not (not due, paused, or held elsewhere). */
  async function runTask(task: PeriodicTask, trigger: TaskRunTrigger): Promise<TaskRun | null> {
    const started = clock.now();
    const now = epochSeconds(clock);
    await store.ensureTask(db, task.name, now);
    const leaseSeconds = Math.max(60, task.everySeconds * 2);
    const claim = { name: task.name, node, now, startedAt: started.toISOString(), leaseSeconds };
    if (!(await store.claimTask(db, { ...claim, force: trigger === 'manual' }))) return null;
    const failuresBefore = await store.failuresSoFar(db, task.name);
    const { result, error } = await attempt(task);
    const finished = clock.now();
    const outcome: TaskRunOutcome = error === null ? 'succeeded' : 'failed';
    const consecutiveFailures = outcome === 'failed' ? failuresBefore + 1 : 0;
    await store.releaseTask(db, {
      name: task.name,
      node,
      nextRunAt: epochSeconds(clock) + nextRunDelaySeconds(task, consecutiveFailures),
      finishedAt: finished.toISOString(),
      consecutiveFailures,
      result,
      error,
    });
    const run = await store.recordRun(db, {
      task: task.name,
      node,
      trigger,
      started_at: started.toISOString(),
      finished_at: finished.toISOString(),
      duration_ms: finished.getTime() - started.getTime(),
      outcome,
      result,
      error,
    });
    ended(task.name, outcome);
    return run;
  }

  const runManually = (name: string) => runTask(registered(name), 'manual');

  async function runDue(): Promise<void> {
    for (const task of tasks.values()) await runTask(task, 'schedule');
  }

  async function setPaused(name: string, paused: boolean): Promise<void> {
    registered(name);
    await store.ensureTask(db, name, epochSeconds(clock));
    await store.setPaused(db, name, paused ? clock.now().toISOString() : null);
  }

  return {
    register(task: PeriodicTask) {
      tasks.set(task.name, task);
    },
    tasks: () => [...tasks.values()],
    /** Tells `listener` of every run this node attempted (metrics). */
    onRun(listener: (task: string, outcome: TaskRunOutcome) => void) {
      runListeners.push(listener);
    },
    /**
     * Runs one task now, paused or not, unless a node (this one or another) is running it: then null. The run as
     * recorded in the history.
     */
    runManually,
    /** As runManually, answering the run's summary (or its error); the CLI and tests use this. */
    async runNow(name: string): Promise<string | null> {
      const run = await runManually(name);
      return run && (run.result ?? run.error);
    },
    runDue,
    /** The schedule skips a paused task until it is resumed, on every node. */
    pause: (name: string) => setPaused(name, true),
    resume: (name: string) => setPaused(name, false),
    status: () => store.listTasks(db),
    /** Every task this node runs, with its schedule and state: what an operator looks at first. */
    async overview(): Promise<TaskOverview[]> {
      const rows = new Map((await store.listTasks(db)).map((row) => [row.name, row]));
      const now = epochSeconds(clock);
      return [...tasks.values()].map((task) => {
        const row = rows.get(task.name);
        return {
          name: task.name,
          description: task.description,
          everySeconds: task.everySeconds,
          nextRunAt: row ? new Date(row.next_run_at * 1000).toISOString() : null,
          paused: row?.paused_at != null,
          pausedAt: row?.paused_at ?? null,
          running: row?.locked_until != null && row.locked_until >= now,
          lastStartedAt: row?.last_started_at ?? null,
          lastFinishedAt: row?.last_finished_at ?? null,
          lastResult: row?.last_result ?? null,
          lastError: row?.last_error ?? null,
          consecutiveFailures: row?.consecutive_failures ?? 0,
        };
      });
    },
    /** The task's recent runs, newest first (all that are kept, unless a page is asked for). */
    runs: async (name: string, page = { limit: store.TASK_RUNS_KEPT, offset: 0 }) =>
      store.listRuns(db, registered(name).name, page),
    /** How many runs of the task the history holds (at most TASK_RUNS_KEPT). */
    runCount: async (name: string) => store.countRuns(db, registered(name).name),
    start(pollSeconds = 5) {
      timer = setInterval(() => {
        inFlight = inFlight.then(runDue).catch((error) => log.error({ err: error }, 'scheduler poll failed'));
      }, pollSeconds * 1000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
