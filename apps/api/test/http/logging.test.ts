import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loggedUrl } from '../../src/http/logging.js';
import { openTestDatabase, SANDBOX, signLogin, testConfig } from '../helpers/app.js';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
// A login signature is good once: each test's login signs a second of its own.
const firstLogin = Math.floor(Date.now() / 1000);
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
    const query = signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, firstLogin);
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

  it('name the query parameters of a request, never their values', async () => {
    const token = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, firstLogin - 1),
      })
    ).json().data.token;
    lines.length = 0;
    await app.inject({
      method: 'GET',
      url: '/api/v1/customers/validate-customer-fields',
      headers: { authorization: `Bearer ${token}` },
      query: {
        idPlan: '1',
        customerFields: JSON.stringify({
          ssn: '123-45-6789',
          dateOfBirth: '1980-05-01',
          driversLicenseNumber: 'TX98761234',
        }),
      },
    });
    const log = lines.join('');
    expect(log).toContain('"url":"/api/v1/customers/validate-customer-fields"');
    expect(log).toContain('"queryParameters":["idPlan","customerFields"]');
    for (const value of ['123-45-6789', '123456789', '1980-05-01', 'TX98761234'])
      expect(log).not.toContain(value);
  });

  it('keep the path and the parameter names of a URL only', () => {
    expect(loggedUrl('/api/v1/auth/login?token=k&timestamp=1&signature=s&token=j')).toEqual({
      url: '/api/v1/auth/login',
      queryParameters: ['token', 'timestamp', 'signature'],
    });
    expect(loggedUrl('/api/v1/zipcodes?stateCode=TX')).toEqual({
      url: '/api/v1/zipcodes',
      queryParameters: ['stateCode'],
    });
    expect(loggedUrl('/api/v1/zipcodes')).toEqual({ url: '/api/v1/zipcodes' });
  });
});
