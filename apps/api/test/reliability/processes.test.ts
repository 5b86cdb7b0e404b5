import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/db/client.js';
import { creditCheck, enrollmentBody, planId, requiredOptions, ssnEnding } from '../fixtures/enrollments.js';
import { httpClient, SANDBOX, signLogin, type TestApi } from '../helpers/app.js';

/**
 * Separate operating-system processes, as a supplier runs Voltin behind a load balancer: every node migrates
 * and seeds the same database at start-up, and a node can die in the middle of a request.
 */

const apiRoot = path.resolve(import.meta.dirname, '../..');

interface Node {
  process: ChildProcess;
  call: TestApi['call'];
  exited: Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A database nobody has used yet: a new PostgreSQL database when DATABASE_URL names a server, else a new SQLite file. */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl?.startsWith('postgres')) {
    const dir = mkdtempSync(path.join(tmpdir(), 'voltin-nodes-'));
    return {
      url: `sqlite:${path.join(dir, 'voltin.sqlite')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `voltin_nodes_${randomBytes(5).toString('hex')}`;
  const admin = openDatabase(serverUrl, { poolSize: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin.kysely);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // Closed pools say goodbye asynchronously; the database can be dropped once the server has let them go.
      for (let attempt = 0; ; attempt++) {
        try {
          await sql`drop database if exists ${sql.id(name)}`.execute(admin.kysely);
          break;
        } catch (error) {
          if (attempt === 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await admin.close();
    },
  };
}

async function startNode(databaseUrl: string): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      PASSWORD_HASH_COST: '12',
      LOGIN_ATTEMPTS_PER_MINUTE: '10000',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const call = httpClient(`http://127.0.0.1:${port}`);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node exited at start-up: ${stderr}`);
    const health = await call('GET', '/health').catch(() => undefined);
    if (health?.status === 200) return { process: child, call, exited };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(node: Node | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!node || node.process.exitCode !== null || node.process.signalCode !== null) return;
  node.process.kill(signal);
  await node.exited;
}

describe('two API processes on one database', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: Db;
  let nodes: Node[] = [];
  let token: string;

  beforeAll(async () => {
    database = await emptyDatabase();
    const started = await Promise.allSettled([startNode(database.url), startNode(database.url)]);
    // A node that did start is kept, so that afterAll stops it even when the other one failed.
    nodes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    db = openDatabase(database.url, { poolSize: 2 });
    const login = await nodes[0]!.call('POST', '/auth/login', {
      query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret),
    });
    token = login.body.data.token;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => stop(node)));
    await db?.close();
    await database?.drop();
  });

  const enrollmentRequest = async (ssn: string) => {
    const api = { db, call: nodes[1]!.call };
    const plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding(ssn), planId: plan });
    return enrollmentBody(plan, await requiredOptions(api, token, plan), {
      payment: { creditCheckId: check.id_credit_check },
    });
  };
  const enrollmentsWithKey = async (key: string) =>
    db.kysely.selectFrom('enrollments').select('id').where('idempotency_key', '=', key).execute();

  it('start together on an empty database and share one sandbox company and one key ring', async () => {
    const companies = await db.kysely.selectFrom('retail_companies').select('slug').execute();
    expect(companies.map((c) => c.slug)).toEqual([SANDBOX.companySlug]);
    // A token issued by the first node is accepted by the second: both derived their keys from one master key.
    const customer = await nodes[1]!.call('POST', '/customers/login', {
      token,
      body: { username: SANDBOX.customerUserName, password: SANDBOX.customerPassword },
    });
    expect(customer.status).toBe(200);
  });

  it('an Idempotency-Key sent to both nodes at once creates one enrollment', async () => {
    const body = await enrollmentRequest('731');
    const key = `two-nodes-${Date.now()}`;
    const [a, b] = await Promise.all(
      nodes.map((node) =>
        node.call('POST', '/enrollments/create', { token, body, headers: { 'idempotency-key': key } }),
      ),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(b!.body.data.enrollmentId).toBe(a!.body.data.enrollmentId);
    expect(await enrollmentsWithKey(key)).toHaveLength(1);
  });

  it('a node killed mid-request leaves nothing half-written, and the retry on the other node creates one enrollment', async () => {
    const body = await enrollmentRequest('732');
    const key = `killed-${Date.now()}`;
    const customersBefore = await db.kysely.selectFrom('customers').select('id').execute();
    const inFlight = nodes[0]!
      .call('POST', '/enrollments/create', {
        token,
        body,
        headers: { 'idempotency-key': key },
      })
      .catch(() => undefined);
    // Kill once the request has reached the node, whatever it has done by then.
    await new Promise((resolve) => setTimeout(resolve, 15));
    await stop(nodes[0], 'SIGKILL');
    const answered = await inFlight;
    const afterKill = await enrollmentsWithKey(key);
    expect(afterKill.length).toBeLessThanOrEqual(1);
    const customersAfterKill = await db.kysely.selectFrom('customers').select('id').execute();
    // An enrollment's customer is written in the same transaction as the enrollment, or not at all.
    expect(customersAfterKill.length - customersBefore.length).toBe(afterKill.length);

    const retried = await nodes[1]!.call('POST', '/enrollments/create', {
      token,
      body,
      headers: { 'idempotency-key': key },
    });
    expect(retried.status).toBe(200);
    if (answered?.status === 200)
      expect(retried.body.data.enrollmentId).toBe(answered.body.data.enrollmentId);
    expect(await enrollmentsWithKey(key)).toHaveLength(1);

    nodes[0] = await startNode(database.url);
    const again = await nodes[0].call('POST', '/enrollments/create', {
      token,
      body,
      headers: { 'idempotency-key': key },
    });
    expect(again.body.data.enrollmentId).toBe(retried.body.data.enrollmentId);
  }, 60_000);
});
