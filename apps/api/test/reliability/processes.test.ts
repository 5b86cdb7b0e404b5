import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/db/client.js';
import { creditCheck, enrollmentBody, planId, requiredOptions, ssnEnding } from '../fixtures/enrollments.js';
import { askAgainWhileInUse, SANDBOX, signLogin } from '../helpers/app.js';
import {
  type ApiNode,
  type EmptyDatabase,
  emptyDatabase,
  startNode,
  startNodes,
  stopNode,
} from '../helpers/processes.js';

/**
 * Separate operating-system processes, as a supplier runs Voltin behind a load balancer: every node migrates
 * and seeds the same database at start-up, and a node can die in the middle of a request.
 */

describe('two API processes on one database', () => {
  let database: EmptyDatabase;
  let db: Db;
  let nodes: ApiNode[] = [];
  let token: string;

  beforeAll(async () => {
    database = await emptyDatabase();
    // A request cut off by a killed node holds its Idempotency-Key this long; then the client's retry runs it.
    nodes = await startNodes(2, database.url, { IDEMPOTENCY_LEASE_SECONDS: '2' });
    db = openDatabase(database.url, { poolSize: 2 });
    const login = await nodes[0]!.call('POST', '/auth/login', {
      query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret),
    });
    token = login.body.data.token;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => stopNode(node)));
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
  /** The enrollments made under `key`: an enrollment keeps its key's claim. */
  const enrollmentsWithKey = async (key: string) =>
    db.kysely
      .selectFrom('enrollments')
      .innerJoin('idempotency_keys', (join) =>
        join.on(sql<boolean>`enrollments.idempotency_key = 'idempotency-' || idempotency_keys.id`),
      )
      .select('enrollments.id')
      .where('idempotency_keys.key', '=', key)
      .execute();

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
        askAgainWhileInUse(() =>
          node.call('POST', '/enrollments/create', { token, body, headers: { 'idempotency-key': key } }),
        ),
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
    await stopNode(nodes[0], 'SIGKILL');
    const answered = await inFlight;
    const afterKill = await enrollmentsWithKey(key);
    expect(afterKill.length).toBeLessThanOrEqual(1);
    const customersAfterKill = await db.kysely.selectFrom('customers').select('id').execute();
    // An enrollment's customer is written in the same transaction as the enrollment, or not at all.
    expect(customersAfterKill.length - customersBefore.length).toBe(afterKill.length);

    const retried = await askAgainWhileInUse(
      () =>
        nodes[1]!.call('POST', '/enrollments/create', {
          token,
          body,
          headers: { 'idempotency-key': key },
        }),
      250,
    );
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
