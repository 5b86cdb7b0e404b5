import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { claimTask, ensureTask, listTasks, releaseTask } from './store.js';

/** A periodic sweep. It must be safe to run again after a crash: it works from the rows' own state. */
export interface PeriodicTask {
  name: string;
  description: string;
  everySeconds: number;
  /** Returns a short summary of what it did, kept as the task's last result. */
  run(): Promise<string>;
}

/** How a run this node made ended: its summary, or an error. */
export type RunOutcome = 'succeeded' | 'failed';

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function createScheduler(db: Kysely<Database>, log: FastifyBaseLogger) {
  const node = randomUUID();
  const tasks = new Map<string, PeriodicTask>();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  const runListeners: Array<(task: string, outcome: RunOutcome) => void> = [];
  const ended = (task: string, outcome: RunOutcome) => {
    for (const listener of runListeners) listener(task, outcome);
  };

  async function runTask(task: PeriodicTask, force: boolean): Promise<string | null> {
    const now = nowSeconds();
    await ensureTask(db, task.name, now);
    const leaseSeconds = Math.max(60, task.everySeconds * 2);
    if (!(await claimTask(db, { name: task.name, node, now, leaseSeconds, force }))) return null;
    let result: string | null = null;
    let error: string | null = null;
    try {
      result = await task.run();
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      log.error({ err: failure, task: task.name }, 'background task failed; it will run again');
    }
    await releaseTask(db, {
      name: task.name,
      node,
      nextRunAt: nowSeconds() + task.everySeconds,
      result,
      error,
    });
    ended(task.name, error === null ? 'succeeded' : 'failed');
    return result ?? error;
  }

  async function runDue(): Promise<void> {
    for (const task of tasks.values()) await runTask(task, false);
  }

  return {
    register(task: PeriodicTask) {
      tasks.set(task.name, task);
    },
    tasks: () => [...tasks.values()],
    /** Tells `listener` of every run this node attempted (metrics). */
    onRun(listener: (task: string, outcome: RunOutcome) => void) {
      runListeners.push(listener);
    },
    /** Runs one task now, unless another node holds it; tests and operators use this. */
    runNow(name: string) {
      const task = tasks.get(name);
      if (!task) throw new Error(`No background task named ${name}`);
      return runTask(task, true);
    },
    runDue,
    status: () => listTasks(db),
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
