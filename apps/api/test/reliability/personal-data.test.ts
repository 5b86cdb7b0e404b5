import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { creditCheck, enrollmentBody, planId, requiredOptions } from '../fixtures/enrollments.js';
import { openTestDatabase, SANDBOX, signLogin, type TestApi, testConfig } from '../helpers/app.js';

/** Personal data a full enrollment carries; none of it may sit in clear in the database or the logs. */
const SSN = '234-56-7720';
const SECRETS = {
  ssn: SSN.replaceAll('-', ''),
  ssnDashed: SSN,
  card: '4111111111111111',
  bankAccount: '123456789012',
  achInRequest: '987654321098',
  license: 'D12345678',
  dateOfBirth: '1980-04-12',
};

const logLines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;
let api: TestApi;

async function call(
  method: string,
  path: string,
  options: { token?: string; customerHash?: string; body?: unknown; query?: Record<string, any> } = {},
) {
  const response = await app.inject({
    method: method as 'GET',
    url: `/api/v1${path}`,
    query: options.query as Record<string, string>,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.customerHash ? { 'x-customer-hash': options.customerHash } : {}),
    },
    payload: options.body as object,
  });
  return { status: response.statusCode, headers: new Headers(), body: response.json() };
}

beforeAll(async () => {
  const database = await openTestDatabase();
  drop = database.drop;
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp(testConfig({ databaseUrl: database.url, logLevel: 'debug' }), {
    db: database.db,
    logStream: sink,
  });
  api = { app, db: database.db, baseUrl: '', call: call as TestApi['call'] } as TestApi;
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe('personal data', () => {
  it('is encrypted or absent at rest and never written to the logs, through a full enrollment', async () => {
    const token = (await call('POST', '/auth/login', { query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret) }))
      .body.data.token;
    const { customerId, customerHash } = (
      await call('POST', '/customers/login', {
        token,
        body: { username: SANDBOX.customerUserName, password: SANDBOX.customerPassword },
      })
    ).body.data;
    const plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
    const check = await creditCheck(api, token, {
      socialSecurityNumber: SSN,
      dateOfBirth: SECRETS.dateOfBirth,
      planId: plan,
    });
    const card = await call('POST', '/payments/payment-profile', {
      token,
      customerHash,
      body: {
        id_customer: customerId,
        id_payment_type: 1,
        card_number: SECRETS.card,
        card_expiration_date: '2030-12',
        card_type: 'Visa',
      },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const bank = await call('POST', '/payments/payment-profile', {
      token,
      customerHash,
      body: {
        id_customer: customerId,
        id_payment_type: 2,
        routing_number: '021000021',
        account_number: SECRETS.bankAccount,
        account_type: 'checking',
      },
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    const created = await call('POST', '/enrollments/create', {
      token,
      body: enrollmentBody(plan, await requiredOptions(api, token, plan), {
        customer: {
          driversLicenseNumber: SECRETS.license,
          driversLicenseStateCode: 'TX',
          dateOfBirth: SECRETS.dateOfBirth,
        },
        payment: {
          creditCheckId: check.id_credit_check,
          paymentProfiles: [
            {
              paymentProfileToken: card.body.data.paymentProfileToken,
              achAccountNumber: SECRETS.achInRequest,
            },
          ],
        },
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    const tables =
      (
        await sql<{ name: string }>`select name from sqlite_master where type = 'table'`
          .execute(app.voltin.db.kysely)
          .catch(() => null)
      )?.rows.map((r) => r.name) ??
      (
        await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
          app.voltin.db.kysely,
        )
      ).rows.map((r) => r.name);
    let rawBytes = '';
    for (const table of tables) {
      const rows = await sql`select * from ${sql.table(table)}`.execute(app.voltin.db.kysely);
      rawBytes += JSON.stringify(rows.rows, (_key, value) =>
        value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value,
      );
    }
    // the scan sees the data: the last digits kept in clear are there
    expect(rawBytes).toContain('"drivers_license_last4":"5678"');
    expect(rawBytes).toContain('"last4":"1111"');
    expect(rawBytes).toContain('"ssn_last4":"7720"');
    const logs = logLines.join('');
    expect(logs.length).toBeGreaterThan(1000);
    const inClear = Object.entries(SECRETS).flatMap(([name, value]) => [
      ...(rawBytes.includes(value) ? [`database: ${name}`] : []),
      ...(logs.includes(value) ? [`logs: ${name}`] : []),
    ]);
    expect(inClear).toEqual([]);
  });
});
