import { execFile, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/db/client.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../src/http/error-handler.js';
import type { ApiResponse } from '../helpers/app.js';
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
 * PostgreSQL stops and starts again while two API processes serve steady reads and enrollment creates. SQLite has no
 * server to restart, so this runs on PostgreSQL only; there it must run: in CI, a machine without the local cluster
 * tools fails the test instead of skipping it.
 */

const READS_PER_SECOND = 40;
const CREATES_PER_SECOND = 4;
const WARM_UP_MS = 4_000;
const DOWN_MS = 3_000;
const AFTER_RECOVERY_MS = 6_000;
const MAX_CREATE_ATTEMPTS = 30;

interface Cluster {
  version: string;
  name: string;
}

/** The local cluster serving DATABASE_URL, from `pg_lsclusters`; undefined when the tools or the cluster are missing. */
function localCluster(): Cluster | undefined {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://localhost');
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return undefined;
  const listed = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  if (listed.status !== 0) return undefined;
  const port = url.port || '5432';
  const line = listed.stdout
    .split('\n')
    .map((row) => row.trim().split(/\s+/))
    .find((fields) => fields[2] === port);
  return line ? { version: line[0]!, name: line[1]! } : undefined;
}

/**
 * Runs `pg_ctlcluster` without blocking: the load keeps going while the server shuts down and starts up, the moments
 * when requests are cut off mid-query. Resolves to its exit status.
 */
function pgCtlCluster(cluster: Cluster, action: 'start' | 'stop' | 'status'): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(
      'pg_ctlcluster',
      ['--skip-systemctl-redirect', cluster.version, cluster.name, action],
      (error, _stdout, stderr) => {
        const status = error ? error.code : 0;
        if (typeof status === 'number') resolve(status);
        else reject(new Error(`pg_ctlcluster ${action} failed: ${stderr || error?.message}`));
      },
    );
  });
}

async function runPgCtlCluster(cluster: Cluster, action: 'start' | 'stop') {
  const status = await pgCtlCluster(cluster, action);
  if (status !== 0) throw new Error(`pg_ctlcluster ${action} exited with ${status}`);
}

/** Starts the cluster again if this test left it stopped, whatever happened to the test. */
async function ensureRunning(cluster: Cluster) {
  if ((await pgCtlCluster(cluster, 'status')) !== 0) await runPgCtlCluster(cluster, 'start');
}

const cluster = onPostgres() ? localCluster() : undefined;
const mustRun = onPostgres() && (cluster !== undefined || process.env.CI === 'true');

interface CreateClient {
  key: string;
  /** Enrollment ids of the 200 answers: every answer for one key must name the same enrollment. */
  answeredIds: number[];
  /** The last answer that was neither 200 nor a retryable 503, when the client gave up. */
  refused?: string;
}

describe.skipIf(!mustRun)('PostgreSQL restarting under load, two API processes', () => {
  let database: EmptyDatabase | undefined;
  let db: Db | undefined;
  let nodes: ApiNode[] = [];
  let work: Workload;

  beforeAll(async () => {
    if (!cluster)
      throw new Error(
        'pg_ctlcluster/pg_lsclusters found no local PostgreSQL cluster for DATABASE_URL: this test must restart it',
      );
    database = await emptyDatabase();
    // A create the outage cut off holds its Idempotency-Key this long before the client's retry may run it.
    nodes = await startNodes(2, database.url, {
      SUBMISSION_LEASE_SECONDS: '5',
      IDEMPOTENCY_LEASE_SECONDS: '5',
    });
    db = openDatabase(database.url, { poolSize: 2 });
    work = await prepareWorkload(nodes[0]!.call, db);
  });

  afterAll(async () => {
    if (cluster) await ensureRunning(cluster);
    await Promise.all(nodes.map((node) => stopNode(node)));
    await db?.close();
    await database?.drop();
  });

  it('answers 503 DATABASE_UNAVAILABLE during the outage, recovers without a restart, and loses or doubles nothing', async () => {
    const tally = new Tally();
    const failuresAt: number[] = [];
    let wrongRetryAfter = 0;
    const counted = async (request: Promise<ApiResponse>) => {
      const response = await tally.record(request);
      if (response?.status !== 200) failuresAt.push(Date.now());
      if (
        response?.status === 503 &&
        response.headers.get('retry-after') !== String(DATABASE_RETRY_AFTER_SECONDS)
      )
        wrongRetryAfter++;
      return response;
    };
    const before = await watermark(db!);

    /** A client that retries its enrollment with the same key, on the other node, until it gets a 200. */
    const clients: CreateClient[] = [];
    const createWithRetries = async (sequence: number) => {
      const client: CreateClient = { key: idempotencyKey('restart'), answeredIds: [] };
      clients.push(client);
      const body = newEnrollment(work);
      for (let attempt = 0; attempt < MAX_CREATE_ATTEMPTS; attempt++) {
        const node = nodes[(sequence + attempt) % nodes.length]!;
        const response = await counted(createEnrollment(node.call, work, body, client.key));
        if (response?.status === 200) {
          client.answeredIds.push(response.body.data.enrollmentId);
          return;
        }
        if (response && response.status !== 503) {
          client.refused = `${response.status} ${response.body?.code}`;
          return;
        }
        await sleep(Number(response?.headers.get('retry-after') ?? 1) * 1000);
      }
      client.refused = 'gave up';
    };

    const reads = openLoop({
      ratePerSecond: READS_PER_SECOND,
      send: (n) => {
        const call = nodes[n % nodes.length]!.call;
        return counted(n % 3 === 0 ? customerRead(call, work, n) : wizardRead(call, work, n));
      },
    });
    const creates = openLoop({ ratePerSecond: CREATES_PER_SECOND, send: createWithRetries });

    await sleep(WARM_UP_MS);
    const stoppedAt = Date.now();
    await runPgCtlCluster(cluster!, 'stop');
    await sleep(DOWN_MS);
    await runPgCtlCluster(cluster!, 'start');
    const startedAt = Date.now();
    await sleep(AFTER_RECOVERY_MS);
    await reads.stop();
    await creates.stop();

    // Served again by the same processes, each of them: the pool reconnected.
    const died = nodes.filter((node) => !isRunning(node)).map((node) => node.output().slice(-3000));
    expect(died).toEqual([]);
    for (const node of nodes) {
      expect((await node.call('GET', '/health')).status).toBe(200);
      expect((await wizardRead(node.call, work, 0)).status).toBe(200);
    }

    const lastFailureAt = Math.max(stoppedAt, ...failuresAt);
    const figures = {
      requests: tally.requests,
      answers: Object.fromEntries(tally.outcomes),
      skipped: reads.skipped + creates.skipped,
      creates: clients.length,
      databaseDownSeconds: (startedAt - stoppedAt) / 1000,
      failingSeconds: failuresAt.length ? (lastFailureAt - Math.min(...failuresAt)) / 1000 : 0,
    };
    console.log(`database restart under load: ${JSON.stringify(figures)}`);

    // Every answer was a 200 or the 503 envelope with its Retry-After; the processes never dropped a connection.
    // The nodes' error log says what went wrong behind a 500.
    expect(tally.broken, nodes.map((node) => node.output().slice(-4000)).join('\n')).toEqual([]);
    expect([...tally.outcomes.keys()].sort()).toEqual(['200', '503 DATABASE_UNAVAILABLE']);
    expect(wrongRetryAfter).toBe(0);

    // Each client ended with one enrollment, the same one in every 200 it got, whole in the database.
    expect(clients.filter((client) => client.refused)).toEqual([]);
    for (const client of clients) expect(new Set(client.answeredIds).size).toBe(1);
    await expectNothingHalfWritten(db!, before);
    const enrollments = await enrollmentsWithKeys(
      db!,
      clients.map((client) => client.key),
    );
    expect(enrollments).toHaveLength(clients.length);
    const idOfKey = new Map(enrollments.map((e) => [e.idempotency_key, e.id]));
    for (const client of clients) expect(idOfKey.get(client.key)).toBe(client.answeredIds[0]);
  });

  it('sends the enrollments the outage interrupted to the billing system once the database is back', async () => {
    // A create can commit and then lose the connection before its billing submission is recorded; the submission
    // lease (5 s here) then runs out and the background task sends it. Each ends PENDING, sent once.
    const keysPrefix = 'restart-%';
    const restartKeys = (
      await db!.kysely.selectFrom('idempotency_keys').select('id').where('key', 'like', keysPrefix).execute()
    ).map((claim) => `idempotency-${claim.id}`);
    const waiting = async () =>
      db!.kysely
        .selectFrom('enrollments')
        .select(['id', 'status'])
        .where('idempotency_key', 'in', restartKeys)
        .where('status', '!=', 'PENDING')
        .execute();
    for (let waited = 0; (await waiting()).length > 0 && waited < 120; waited++) await sleep(1000);
    expect(await waiting()).toEqual([]);
    const accepted = await db!.kysely
      .selectFrom('enrollment_status_history')
      .innerJoin('enrollments', 'enrollments.id', 'enrollment_status_history.enrollment_id')
      .select(['enrollment_id', (eb) => eb.fn.countAll<number>().as('times')])
      .where('enrollments.idempotency_key', 'in', restartKeys)
      .where('enrollment_status_history.to_status', '=', 'PENDING')
      .groupBy('enrollment_id')
      .execute();
    expect(accepted.filter((row) => Number(row.times) !== 1)).toEqual([]);
  });
});
