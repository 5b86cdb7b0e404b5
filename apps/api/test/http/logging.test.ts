import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { redactUrl } from '../../src/http/logging.js';
import { openTestDatabase, SANDBOX, signLogin, testConfig } from '../helpers/app.js';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await openTestDatabase();
  drop = database.drop;
  app = await buildApp(testConfig({ databaseUrl: database.url, logLevel: 'info' }), {
    db: database.db,
    logStream: sink,
  });
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe('logs', () => {
  it('never contain the API key, signature, tokens, customer hash or password of a login', async () => {
    const query = signLogin(SANDBOX.apiKey, SANDBOX.apiSecret);
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', query });
    const { token, refreshToken } = login.json().data;
    const customer = await app.inject({
      method: 'POST',
      url: '/api/v1/customers/login',
      headers: { authorization: `Bearer ${token}` },
      payload: { username: SANDBOX.customerUserName, password: SANDBOX.customerPassword },
    });
    const { customerHash } = customer.json().data;
    await app.inject({
      method: 'GET',
      url: '/api/v1/configuration-parameters',
      headers: { authorization: `Bearer ${token}`, 'x-customer-hash': customerHash },
    });
    const log = lines.join('');
    expect(log).toContain('/api/v1/auth/login');
    for (const secret of [
      SANDBOX.apiKey,
      query.signature,
      SANDBOX.apiSecret,
      token,
      refreshToken,
      customerHash,
      SANDBOX.customerPassword,
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('masks secret query parameters but keeps the others', () => {
    expect(redactUrl('/api/v1/auth/login?token=k&timestamp=1&signature=s')).toBe(
      '/api/v1/auth/login?token=%5BREDACTED%5D&timestamp=1&signature=%5BREDACTED%5D',
    );
    expect(redactUrl('/api/v1/zipcodes?stateCode=TX')).toBe('/api/v1/zipcodes?stateCode=TX');
  });
});
