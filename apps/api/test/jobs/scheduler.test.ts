import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createScheduler, type PeriodicTask } from '../../src/jobs/scheduler.js';
import { TASK_RUNS_KEPT } from '../../src/jobs/store.js';
import { openTestDatabase } from '../helpers/app.js';
import { type ManualClock, manualClock } from '../helpers/clock.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrateToLatest(db.kysely);
});
afterAll(() => drop());

const silent = pino({ level: 'silent' });
let taskNumber = 0;
/** Each test's tasks have names of their own: the database is shared by the file. */
const uniqueName = (name: string) => `${name}-${++taskNumber}`;

function nodeWith(task: PeriodicTask, clock: ManualClock = manualClock()) {
  const scheduler = createScheduler(db.kysely, silent, clock);
  scheduler.register(task);
  return scheduler;
}

/** A task whose outcomes the test decides, one per run: a summary, or an Error to throw. */
function scripted(name: string, everySeconds: number, outcomes: Array<string | Error>, clock?: ManualClock) {
  let runs = 0;
  const task: PeriodicTask = {
    name: uniqueName(name),
    description: name,
    everySeconds,
    async run() {
      const outcome = outcomes[runs++] ?? 'ok';
      clock?.advance(2);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
  };
  return { task, runs: () => runs };
}

describe('background tasks', () => {
  it('run once per due time even when two nodes poll at the same moment', async () => {
    let runs = 0;
    const task = {
      name: uniqueName('count'),
      description: 'counts',
      everySeconds: 3600,
      run: async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return `run ${runs}`;
      },
    };
    const clock = manualClock();
    const nodeA = nodeWith(task, clock);
    const nodeB = nodeWith(task, clock);
    await Promise.all([nodeA.runDue(), nodeB.runDue(), nodeA.runDue(), nodeB.runDue()]);
    expect(runs).toBe(1);
    clock.advance(3599);
    await nodeB.runDue();
    expect(runs).toBe(1); // not due again for an hour
    expect(await nodeB.runNow(task.name)).toBe('run 2');
    const status = (await nodeA.status()).find((t) => t.name === task.name);
    expect(status).toMatchObject({ last_result: 'run 2', last_error: null, locked_by: null });
    clock.advance(3600);
    await nodeA.runDue();
    expect(runs).toBe(3);
  });

  it('record a failure and release the task so it runs again', async () => {
    const { task } = scripted('broken', 60, [new Error('billing down')]);
    const scheduler = nodeWith(task);
    expect(await scheduler.runNow(task.name)).toBe('billing down');
    const status = (await scheduler.status()).find((t) => t.name === task.name);
    expect(status).toMatchObject({ last_error: 'billing down', locked_until: null, consecutive_failures: 1 });
  });

  it('keep a history of each run: trigger, start, end, duration, outcome and summary or error', async () => {
    const clock = manualClock('2026-11-26T09:00:00.000Z');
    const { task } = scripted('history', 60, ['3 sent', new Error('SMTP refused')], clock);
    const scheduler = nodeWith(task, clock);
    await scheduler.runDue();
    clock.advance(60);
    await scheduler.runNow(task.name);
    expect(await scheduler.runs(task.name)).toMatchObject([
      {
        trigger: 'manual',
        started_at: '2026-11-26T09:01:02.000Z',
        finished_at: '2026-11-26T09:01:04.000Z',
        duration_ms: 2000,
        outcome: 'failed',
        result: null,
        error: 'SMTP refused',
      },
      {
        trigger: 'schedule',
        started_at: '2026-11-26T09:00:00.000Z',
        finished_at: '2026-11-26T09:00:02.000Z',
        duration_ms: 2000,
        outcome: 'succeeded',
        result: '3 sent',
        error: null,
      },
    ]);
  });

  it(`keep only the newest ${TASK_RUNS_KEPT} runs of a task`, async () => {
    let run = 0;
    const task = {
      name: uniqueName('busy'),
      description: 'busy',
      everySeconds: 10,
      run: async () => `run ${++run}`,
    };
    const scheduler = nodeWith(task);
    for (let i = 0; i < TASK_RUNS_KEPT + 3; i++) await scheduler.runNow(task.name);
    const runs = await scheduler.runs(task.name);
    expect(runs).toHaveLength(TASK_RUNS_KEPT);
    expect(runs[0]?.result).toBe(`run ${TASK_RUNS_KEPT + 3}`);
    expect(runs.at(-1)?.result).toBe('run 4');
  });

  it('wait twice as long after each failure in a row, and their period again after a success', async () => {
    const clock = manualClock();
    const failure = new Error('database unreachable');
    const { task, runs } = scripted('flaky', 60, [failure, failure, failure, 'recovered', 'ok'], clock);
    const scheduler = nodeWith(task, clock);
    const runsAfterWaiting = async (seconds: number) => {
      clock.advance(seconds);
      await scheduler.runDue();
      return runs();
    };
    expect(await runsAfterWaiting(0)).toBe(1); // failure 1: again in 60 s
    expect(await runsAfterWaiting(59)).toBe(1);
    expect(await runsAfterWaiting(1)).toBe(2); // failure 2: again in 120 s
    expect(await runsAfterWaiting(119)).toBe(2);
    expect(await runsAfterWaiting(1)).toBe(3); // failure 3: again in 240 s
    expect(await runsAfterWaiting(239)).toBe(3);
    expect(await runsAfterWaiting(1)).toBe(4); // success: every 60 s again
    expect(await runsAfterWaiting(59)).toBe(4);
    expect(await runsAfterWaiting(1)).toBe(5);
    const status = (await scheduler.status()).find((t) => t.name === task.name);
    expect(status?.consecutive_failures).toBe(0);
  });

  it('back off at most an hour, or the period of a task that runs less often', async () => {
    const clock = manualClock();
    const failures = Array.from({ length: 12 }, () => new Error('down'));
    const frequent = scripted('frequent', 30, failures);
    const daily = scripted('daily', 86_400, failures);
    const scheduler = createScheduler(db.kysely, silent, clock);
    scheduler.register(frequent.task);
    scheduler.register(daily.task);
    for (let i = 0; i < 10; i++) {
      await scheduler.runNow(frequent.task.name);
      await scheduler.runNow(daily.task.name);
    }
    const start = Math.floor(clock.now().getTime() / 1000);
    const next = Object.fromEntries((await scheduler.status()).map((t) => [t.name, t.next_run_at - start]));
    expect(next[frequent.task.name]).toBe(3600);
    expect(next[daily.task.name]).toBe(86_400);
  });

  it('stay paused on every node until resumed, while "run now" still runs them', async () => {
    const clock = manualClock();
    const { task, runs } = scripted('pausable', 60, [], clock);
    const nodeA = nodeWith(task, clock);
    const nodeB = nodeWith(task, clock);
    await nodeA.pause(task.name);
    const pausedAt = clock.now().toISOString();
    clock.advance(600);
    await nodeA.runDue();
    await nodeB.runDue();
    expect(runs()).toBe(0);
    expect((await nodeB.status()).find((t) => t.name === task.name)?.paused_at).toBe(pausedAt);
    await nodeB.runNow(task.name);
    expect(runs()).toBe(1);
    await nodeB.resume(task.name);
    clock.advance(60);
    await nodeA.runDue();
    expect(runs()).toBe(2);
  });

  it('refuse to run, pause or list a task nobody registered', async () => {
    const scheduler = createScheduler(db.kysely, silent, manualClock());
    await expect(scheduler.runNow('no-such-task')).rejects.toThrow('No background task named no-such-task');
    await expect(scheduler.pause('no-such-task')).rejects.toThrow('No background task named no-such-task');
    await expect(scheduler.runs('no-such-task')).rejects.toThrow('No background task named no-such-task');
  });
});
