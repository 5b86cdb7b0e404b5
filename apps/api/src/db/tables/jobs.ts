import type { ColumnType, Generated } from 'kysely';

/** What started a run: the schedule, or an operator's (or a test's) "run now". */
export const TASK_RUN_TRIGGERS = ['schedule', 'manual'] as const;
export type TaskRunTrigger = (typeof TASK_RUN_TRIGGERS)[number];

/** How a run ended: the task returned its summary, or threw. */
export const TASK_RUN_OUTCOMES = ['succeeded', 'failed'] as const;
export type TaskRunOutcome = (typeof TASK_RUN_OUTCOMES)[number];

/** One row per periodic task: when it is due, who holds it, how its last run ended. */
export interface ScheduledTasksTable {
  name: string;
  /** Epoch seconds. */
  next_run_at: number;
  /** Epoch seconds: the lease of the node running it; null when nobody is. */
  locked_until: number | null;
  locked_by: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_result: string | null;
  last_error: string | null;
  /** Set while an operator has paused it: the schedule skips it, "run now" still runs it. */
  paused_at: string | null;
  /** Failed runs since the last success; the schedule waits longer after each (backoff). */
  consecutive_failures: ColumnType<number, number | undefined, number>;
}

/** The run history: the newest TASK_RUNS_KEPT runs of each task. */
export interface TaskRunsTable {
  id: Generated<number>;
  task: string;
  node: string;
  trigger: TaskRunTrigger;
  started_at: string;
  finished_at: string;
  duration_ms: number;
  outcome: TaskRunOutcome;
  result: string | null;
  error: string | null;
}

export interface JobTables {
  scheduled_tasks: ScheduledTasksTable;
  task_runs: TaskRunsTable;
}
