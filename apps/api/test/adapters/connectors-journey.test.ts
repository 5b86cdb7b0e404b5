import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config/index.js';
import {
  creditCheck,
  nameOf,
  pendingEnrollment,
  planId,
  requiredOptions,
  ssnEnding,
} from '../fixtures/enrollments.js';
import { sandboxCompanyId } from '../fixtures/tenants.js';
import {
  httpClient,
  openTestDatabase,
  SANDBOX,
  signLogin,
  type TestApi,
  testConfig,
} from '../helpers/app.js';
import { type FakeBilling, startFakeBilling } from './billing-system/fake-billing.js';
import { startFakeBureau } from './credit-bureau/fake-bureau.js';
import type { FakeConnector } from './fake-connector.js';

/**
 * A production Voltin with its credit bureau and billing system connectors configured: a sale goes through the
 * supplier's connectors (local fakes that speak the contract) from the credit check to the customer's statements, and
 * the in-process sandbox systems are never even built.
 */
const logLines: string[] = [];
const logSink = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});
const built = vi.hoisted(() => ({ sandboxBureaus: 0, sandboxBillingSystems: 0 }));
vi.mock('../../src/adapters/credit-bureau/sandbox.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/adapters/credit-bureau/sandbox.js')>();
  return {
    ...original,
    createSandboxBureau: () => {
      built.sandboxBureaus++;
      return original.createSandboxBureau();
    },
  };
});
vi.mock('../../src/adapters/billing-system/sandbox.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/adapters/billing-system/sandbox.js')>();
  return {
    ...original,
    createSandboxBillingSystem: () => {
      built.sandboxBillingSystems++;
      return original.createSandboxBillingSystem();
    },
  };
});

let bureau: FakeConnector;
let billing: FakeBilling;
let app: FastifyInstance;
let drop: () => Promise<void>;
let api: Pick<TestApi, 'app' | 'call' | 'db'>;
let token: string;

const connector = (fake: FakeConnector) => ({
  url: fake.url,
  secret: fake.secret,
  retry: { attemptTimeoutMs: 1000, deadlineMs: 3000, firstRetryDelayMs: 50, maxAttempts: 3 },
});

beforeAll(async () => {
  [bureau, billing] = await Promise.all([startFakeBureau(), startFakeBilling()]);
  const database = await openTestDatabase();
  drop = database.drop;
  const masterKey = randomBytes(32);
  // The sandbox data (company, web service account, plans) is seeded by a sandbox start on the same database.
  const seeding = await buildApp(
    testConfig({ databaseUrl: database.url, masterKey, backgroundTasks: false }),
    {
      db: database.db,
      logger: false,
    },
  );
  await seeding.close();
  // The sandbox start built the sandbox systems: the count below sees a build.
  expect(built).toEqual({ sandboxBureaus: 1, sandboxBillingSystems: 1 });
  built.sandboxBureaus = 0;
  built.sandboxBillingSystems = 0;
  const integrations: Config['integrations'] = {
    creditBureau: connector(bureau),
    billingSystem: connector(billing),
  };
  app = await buildApp(
    testConfig({
      databaseUrl: database.url,
      mode: 'production',
      masterKey,
      backgroundTasks: false,
      integrations,
      logLevel: 'warn',
    }),
    { db: database.db, logStream: logSink },
  );
  api = { app, call: httpClient(await app.listen({ host: '127.0.0.1', port: 0 })), db: database.db };
  token = (await api.call('POST', '/auth/login', { query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret) }))
    .body.data.token;
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  await Promise.all([bureau?.close(), billing?.close()]);
});

describe('a production sale through the supplier connectors', () => {
  it('checks credit at the bureau connector, opens the account at the billing connector and shows its statements', async () => {
    const customer = await api.call('POST', '/customers/login', {
      token,
      body: { username: SANDBOX.customerUserName, password: SANDBOX.customerPassword },
    });
    const { customerId, customerHash } = customer.body.data;
    const plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
    const options = await requiredOptions(api, token, plan);
    const companyId = await sandboxCompanyId(api.db.kysely);

    // The sandbox bureau would score this SSN 720; the connector's bureau says 640.
    const check = await creditCheck(api, token, {
      ...(await nameOf(api, { idCustomer: customerId })),
      socialSecurityNumber: ssnEnding('720'),
      planId: plan,
    });
    expect(check).toMatchObject({ score: 640, reason_codes: ['038'], error_msg: null });
    expect(bureau.handled.at(-1)!.body).toMatchObject({ companyId, ssn: '234567720' });

    const enrollmentId = await pendingEnrollment(api, token, {
      plan,
      options,
      customer: { idCustomer: customerId },
    });
    const submitted = billing.handled.find((c) => c.body.enrollmentId === enrollmentId)!;
    expect(submitted).toMatchObject({
      path: '/v1/enrollment-submissions',
      idempotencyKey: `enrollment:${companyId}:${enrollmentId}:attempt:1`,
    });
    const accountNumber = billing.accounts.get(`${companyId}:${enrollmentId}`)!;

    const statements = await api.call('GET', `/billing/statements/${enrollmentId}`, { token, customerHash });
    expect(statements.status).toBe(200);
    expect(statements.body.data).toHaveLength(1);
    expect(statements.body.data[0]).toMatchObject({ custStatementTkn: `${accountNumber}-2026-05` });
    expect(billing.handled.at(-1)!.body.account).toMatchObject({
      billingAccountNumber: accountNumber,
      companyId,
    });

    billing.failNext(...Array.from({ length: 3 }, () => ({ status: 503, code: 'UNAVAILABLE' })));
    const down = await api.call('GET', `/billing/statements/${enrollmentId}`, { token, customerHash });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ succeeded: false, code: 'UPSTREAM_UNAVAILABLE' });

    billing.failNext({ status: 404, code: 'ACCOUNT_NOT_FOUND' });
    const refused = await api.call('GET', `/billing/statements/${enrollmentId}`, { token, customerHash });
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ succeeded: false, code: 'UPSTREAM_REFUSED', data: null });
    expect(refused.body.message).toContain('ACCOUNT_NOT_FOUND');
    const logged = logLines.map((line) => JSON.parse(line)).find((line) => line.code === 'UPSTREAM_REFUSED');
    expect(logged).toMatchObject({ level: 40, msg: refused.body.message });

    expect(built).toEqual({ sandboxBureaus: 0, sandboxBillingSystems: 0 });
  });

  it('records a credit check the bureau connector could not answer as unanswered', async () => {
    bureau.failNext(...Array.from({ length: 3 }, () => ({ hangUp: true as const })));
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720') });
    expect(check).toMatchObject({
      score: null,
      error_msg: 'The credit bureau did not answer; run the credit check again.',
    });
    expect(built).toEqual({ sandboxBureaus: 0, sandboxBillingSystems: 0 });
  });
});
