import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import type { Scheduler } from '../jobs/scheduler.js';

/**
 * The service tasks, for an operator: `npm run tasks` lists them with their state; `-- runs <task>` shows a task's
 * newest runs; `-- pause <task>` and `-- resume <task>` stop and restart its schedule on every node; `-- run <task>`
 * runs it once now, from this process, paused or not. Builds the app from the environment, without starting the
 * schedule of this process.
 */
const USAGE = 'Usage: npm run tasks [-- runs <task> | pause <task> | resume <task> | run <task>]';
const RUNS_SHOWN = 20;

async function list(scheduler: Scheduler): Promise<number> {
  for (const task of await scheduler.overview()) {
    const state = task.paused ? 'PAUSED' : task.running ? 'running' : 'scheduled';
    const last = task.lastFinishedAt
      ? `last ${task.lastFinishedAt}: ${task.lastError ? `FAILED ${task.lastError}` : task.lastResult}`
      : 'never run';
    const failures = task.consecutiveFailures > 0 ? ` (${task.consecutiveFailures} failures in a row)` : '';
    console.log(
      `${task.name.padEnd(26)} every ${String(task.everySeconds).padStart(5)} s  ${state.padEnd(9)}  next ${task.nextRunAt ?? '-'}  ${last}${failures}`,
    );
  }
  return 0;
}

async function runs(scheduler: Scheduler, name: string): Promise<number> {
  const rows = await scheduler.runs(name, { limit: RUNS_SHOWN, offset: 0 });
  if (rows.length === 0) console.log(`${name} has not run yet.`);
  for (const run of rows) {
    console.log(
      `${run.started_at}  ${String(run.duration_ms).padStart(7)} ms  ${run.trigger.padEnd(8)}  ${run.outcome.padEnd(9)}  ${run.error ?? run.result ?? ''}`,
    );
  }
  return 0;
}

async function command(scheduler: Scheduler, [verb, name, ...rest]: string[]): Promise<number> {
  if (verb === undefined) return list(scheduler);
  const known = scheduler.tasks().map((t) => t.name);
  if (name === undefined || rest.length > 0 || !['runs', 'pause', 'resume', 'run'].includes(verb)) {
    console.error(USAGE);
    return 2;
  }
  if (!known.includes(name)) {
    console.error(`No service task named ${name}; the tasks are: ${known.join(', ')}.`);
    return 2;
  }
  if (verb === 'runs') return runs(scheduler, name);
  if (verb === 'run') {
    const outcome = await scheduler.runNow(name);
    console.log(outcome === null ? `${name} is running on another node; not run.` : `${name}: ${outcome}`);
    return 0;
  }
  await (verb === 'pause' ? scheduler.pause(name) : scheduler.resume(name));
  console.log(`${name} ${verb === 'pause' ? 'paused on every node' : 'resumed'}.`);
  return 0;
}

async function main(args: string[]): Promise<number> {
  const config = loadConfig();
  const app = await buildApp({ ...config, backgroundTasks: false, logLevel: 'warn' }, { logger: false });
  try {
    await app.ready();
    return await command(app.voltin.scheduler, args);
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
