import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { type AuthorizeNetFake, startAuthorizeNetFake } from '../../fixtures/authorize-net-fake.js';
import { setGatewayAccount } from '../../fixtures/operator.js';
import { createTenant } from '../../fixtures/tenants.js';
import { openTestDatabase, signLogin, testConfig } from '../../helpers/app.js';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;
let fake: AuthorizeNetFake;
let headers: Record<string, string>;
let customerId: number;

beforeAll(async () => {
  fake = await startAuthorizeNetFake();
  const database = await openTestDatabase();
  drop = database.drop;
  app = await buildApp(testConfig({ databaseUrl: database.url, logLevel: 'debug' }), {
    db: database.db,
    logStream: sink,
  });
  const db = database.db.kysely;
  const tenant = await createTenant(db, app.voltin.keys, 'logged-power');
  await setGatewayAccount(db, app.voltin.keys.secretBox, tenant.companyId, {
    gateway: 'AuthorizeNET',
    apiLoginId: fake.apiLoginId,
    transactionKey: fake.transactionKey,
    endpoint: fake.url,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    query: signLogin(tenant.apiKey, tenant.secret),
  });
  const token = login.json().data.token as string;
  const customer = await app.inject({
    method: 'POST',
    url: '/api/v1/customers/login',
    headers: { authorization: `Bearer ${token}` },
    payload: { username: tenant.customer!.username, password: tenant.customer!.password },
  });
  customerId = customer.json().data.customerId;
  headers = { authorization: `Bearer ${token}`, 'x-customer-hash': customer.json().data.customerHash };
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  await fake?.close();
});

describe('payment logs', () => {
  it('name the gateway calls and their result codes, never a number or the transaction key', async () => {
    const save = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/payments/payment-profile',
        headers,
        payload: { id_customer: customerId, ...payload },
      });
    expect(
      (await save({ card_number: '4111111111111111', card_expiration_date: '2031-04' })).statusCode,
    ).toBe(200);
    expect(
      (await save({ card_number: '4000000000000002', card_expiration_date: '2031-04' })).statusCode,
    ).toBe(422);
    expect(
      (await save({ card_number: '4111111111111112', card_expiration_date: '2031-04' })).statusCode,
    ).toBe(422);
    expect(
      (
        await save({
          id_payment_type: 2,
          routing_number: '021000021',
          account_number: '31415926',
          account_type: 'checking',
        })
      ).statusCode,
    ).toBe(200);
    await app.inject({
      method: 'GET',
      url: `/api/v1/payments/payment-profile/by-customer/${customerId}`,
      headers,
    });

    const log = lines.join('');
    expect(log).toContain('"gatewayCall":"createCustomerPaymentProfileRequest"');
    expect(log).toContain('"code":"E00027"');
    for (const secret of [
      '4111111111111111',
      '4000000000000002',
      '4111111111111112',
      '31415926',
      fake.transactionKey,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
