import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/db/client.js';
import {
  type ApiNode,
  type EmptyDatabase,
  emptyDatabase,
  isRunning,
  onPostgres,
  startNodes,
  stopNode,
} from '../helpers/processes.js';
import { expectNothingHalfWritten, Tally, watermark } from './harness.js';
import { openLoop, sleep } from './open-loop.js';
import {
  createEnrollment,
  customerRead,
  enrollmentsWithKeys,
  idempotencyKey,
  newEnrollment,
  prepareWorkload,
  type Workload,
  wizardRead,
} from './workload.js';

/**
 * Two API processes on one database (a SQLite file, or PostgreSQL), both running the background tasks, under
 * concurrent load. Every few seconds the test makes time pass: every task falls due at once on both nodes, and so
 * does every enrollment waiting to be resent to an unreachable billing system. Each due run must happen once.
 */

const LOAD_SECONDS = 30;
const READS_PER_SECOND = 40;
const CREATES_PER_SECOND = 4;
const TIME_PASSES_EVERY_MS = 2_000;
/**
 * The submission lease and the resend backoff share `next_submission_at`. With an hour's lease, a value closer than
 * this is a backoff the test may cut short, never a node's claim it must not break.
 */
const LEASE_SECONDS = 3_600;
const BACKOFF_BELOW_SECONDS = 3_000;
const engine = onPostgres() ? 'PostgreSQL' : 'SQLite';

/** Everything due now: each task on both nodes' next poll, and each enrollment waiting for a resend. */
async function makeTimePass(db: Db) {
  await db.kysely.updateTable('scheduled_tasks').set({ next_run_at: 0 }).execute();
  await db.kysely
    .updateTable('enrollments')
    .set({ next_submission_at: 0 })
    .where('status', '=', 'SUBMITION_NOT_SENT_CONNECTION_ERROR')
    .where('next_submission_at', '<', Math.floor(Date.now() / 1000) + BACKOFF_BELOW_SECONDS)
    .execute();
}

/** The attempt numbers in each enrollment's "Billing system unreachable (attempt N)" history rows. */
async function submissionAttempts(db: Db, enrollmentIds: number[]) {
  const rows = await db.kysely
    .selectFrom('enrollment_status_history')
    .select(['enrollment_id', 'reason'])
    .where('enrollment_id', 'in', enrollmentIds.length ? enrollmentIds : [0])
    .where('reason', 'like', 'Billing system unreachable (attempt %')
    .orderBy('id')
    .execute();
  const attempts = new Map<number, number[]>(enrollmentIds.map((id) => [id, []]));
  for (const row of rows) attempts.get(row.enrollment_id)!.push(Number(/attempt (\d+)/.exec(row.reason)![1]));
  return attempts;
}

describe(`two API processes on one ${engine} database, background tasks on both, under load`, () => {
  let database: EmptyDatabase | undefined;
  let db: Db | undefined;
  let nodes: ApiNode[] = [];
  let work: Workload;

  beforeAll(async () => {
    database = await emptyDatabase();
    nodes = await startNodes(2, database.url, {
      BACKGROUND_TASKS: 'true',
      SUBMISSION_LEASE_SECONDS: String(LEASE_SECONDS),
    });
    db = openDatabase(database.url, { poolSize: 2 });
    work = await prepareWorkload(nodes[0]!.call, db);
  });

  afterAll(async () => {
    await Promise.all(nodes.map((node) => stopNode(node)));
    await db?.close();
    await database?.drop();
  });

  it('runs each due background job once, and holds each Idempotency-Key across the nodes', async () => {
    const tally = new Tally();
    const before = await watermark(db!);
    const sharedKeys: Array<{ key: string; ids: number[] }> = [];
    const offlineKeys: string[] = [];

    /** Even creates: one request sent to both nodes at once under one key. Odd: billing unreachable, resent later. */
    const create = async (sequence: number) => {
      if (sequence % 2 === 0) {
        const shared = { key: idempotencyKey('shared'), ids: [] as number[] };
        sharedKeys.push(shared);
        const body = newEnrollment(work);
        const answers = await Promise.all(
          nodes.map((node) => tally.record(createEnrollment(node.call, work, body, shared.key))),
        );
        shared.ids = answers.map((answer) => answer?.body?.data?.enrollmentId);
        return;
      }
      const key = idempotencyKey('offline');
      offlineKeys.push(key);
      const node = nodes[sequence % nodes.length]!;
      await tally.record(createEnrollment(node.call, work, newEnrollment(work, 'Offline'), key));
    };

    const reads = openLoop({
      ratePerSecond: READS_PER_SECOND,
      send: (n) => {
        const call = nodes[n % nodes.length]!.call;
        return tally.record(n % 3 === 0 ? customerRead(call, work, n) : wizardRead(call, work, n));
      },
    });
    const creates = openLoop({ ratePerSecond: CREATES_PER_SECOND, send: create });
    let timePassed = 0;
    for (const startedAt = Date.now(); Date.now() - startedAt < LOAD_SECONDS * 1000; timePassed++) {
      await sleep(TIME_PASSES_EVERY_MS);
      await makeTimePass(db!);
    }
    await reads.stop();
    await creates.stop();
    const died = nodes.filter((node) => !isRunning(node)).map((node) => node.output().slice(-3000));
    expect(died).toEqual([]);
    // A stopped node has finished its task runs and released their locks: what is in the database is final.
    await Promise.all(nodes.map((node) => stopNode(node)));

    const offline = await enrollmentsWithKeys(db!, offlineKeys);
    const attempts = await submissionAttempts(
      db!,
      offline.map((e) => e.id),
    );
    const resends = [...attempts.values()].reduce((sum, list) => sum + Math.max(0, list.length - 1), 0);
    const tasks = await db!.kysely.selectFrom('scheduled_tasks').selectAll().execute();
    console.log(
      `scale-out on ${engine}: ${JSON.stringify({
        requests: tally.requests,
        answers: Object.fromEntries(tally.outcomes),
        skipped: reads.skipped + creates.skipped,
        sharedKeys: sharedKeys.length,
        offlineEnrollments: offline.length,
        resendsByTheBackgroundTask: resends,
        timesEverythingFellDue: timePassed,
      })}`,
    );

    // The nodes' error log says what went wrong behind a 500.
    expect(tally.broken, nodes.map((node) => node.output().slice(-4000)).join('\n')).toEqual([]);
    expect([...tally.outcomes.keys()]).toEqual(['200']);
    await expectNothingHalfWritten(db!, before);

    // Both nodes answered each shared key with the same enrollment, and the key made exactly one.
    for (const shared of sharedKeys) expect(new Set(shared.ids).size, shared.key).toBe(1);
    const sharedEnrollments = await enrollmentsWithKeys(
      db!,
      sharedKeys.map((s) => s.key),
    );
    expect(sharedEnrollments).toHaveLength(sharedKeys.length);

    // Each resend happened once: attempt numbers 1, 2, 3 … with none twice and none missing. The task did resend.
    expect(offline).toHaveLength(offlineKeys.length);
    for (const [id, list] of attempts)
      expect(list, `enrollment ${id}`).toEqual(list.map((_, index) => index + 1));
    expect(resends).toBeGreaterThan(0);

    // Every task ran, none failed, none is left locked.
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) {
      expect(task, task.name).toMatchObject({ last_error: null, locked_by: null, locked_until: null });
      expect(task.last_finished_at, task.name).not.toBeNull();
    }
  });
});
