import type { Static } from 'typebox';
import type { Page, Paging } from '../../http/envelope.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { Scheduler, TaskOverview, TaskRun } from '../../jobs/scheduler.js';
import type { ServiceTaskStatus } from './model.js';
import type { ServiceTask, ServiceTaskRun } from './ops-schemas.js';

function statusOf(task: TaskOverview): ServiceTaskStatus {
  if (task.running) return 'running';
  if (task.paused) return 'paused';
  if (task.lastFinishedAt === null) return 'not-run';
  return task.lastError === null ? 'ok' : 'failing';
}

/** The last run's length, once it has ended (while a run goes, the last start is newer than the last end). */
function lastDurationMs(task: TaskOverview): number | null {
  if (task.running || task.lastStartedAt === null || task.lastFinishedAt === null) return null;
  const ms = Date.parse(task.lastFinishedAt) - Date.parse(task.lastStartedAt);
  return ms >= 0 ? ms : null;
}

const toTask = (task: TaskOverview): Static<typeof ServiceTask> => ({
  ...task,
  status: statusOf(task),
  lastDurationMs: lastDurationMs(task),
});

const toRun = (run: TaskRun): Static<typeof ServiceTaskRun> => ({
  id: run.id,
  trigger: run.trigger,
  startedAt: run.started_at,
  finishedAt: run.finished_at,
  durationMs: run.duration_ms,
  outcome: run.outcome,
  result: run.result,
  error: run.error,
});

/**
 * The installation's background tasks for the console, through the scheduler: its database lease decides who runs a
 * task, so "run now" here is as safe as the schedule of every node.
 */
export function createServiceTasks(scheduler: Scheduler) {
  function known(name: string): string {
    if (!scheduler.tasks().some((task) => task.name === name)) throw notFound(`Service task ${name}`);
    return name;
  }

  async function one(name: string): Promise<Static<typeof ServiceTask>> {
    const task = (await scheduler.overview()).find((candidate) => candidate.name === known(name));
    if (!task) throw notFound(`Service task ${name}`);
    return toTask(task);
  }

  return {
    list: async () => (await scheduler.overview()).map(toTask),
    one,

    async runs(name: string, paging: Paging): Promise<Page<Static<typeof ServiceTaskRun>>> {
      const offset = (paging.pageNumber - 1) * paging.pageSize;
      const [rows, total] = await Promise.all([
        scheduler.runs(known(name), { limit: paging.pageSize, offset }),
        scheduler.runCount(name),
      ]);
      return { items: rows.map(toRun), total };
    },

    /** Runs the task at once and answers the run; 409 when a node (this or another) is running it already. */
    async runNow(name: string): Promise<Static<typeof ServiceTaskRun>> {
      const run = await scheduler.runManually(known(name));
      if (!run)
        throw new ApiError(
          'SERVICE_TASK_RUNNING',
          `Service task ${name} is running already (on this or another node); wait for that run to end.`,
        );
      return toRun(run);
    },

    /** Pauses or resumes the task on every node; answers it as it was before and as it is now. */
    async setPaused(name: string, paused: boolean) {
      const before = await one(name);
      await (paused ? scheduler.pause(name) : scheduler.resume(name));
      return { before, after: await one(name) };
    },
  };
}

export type ServiceTasks = ReturnType<typeof createServiceTasks>;
