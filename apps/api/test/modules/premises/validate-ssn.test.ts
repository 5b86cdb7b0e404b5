import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import {
  expectFailure,
  openTestDatabase,
  SANDBOX,
  signLogin,
  testConfig,
  useTestApi,
} from '../../helpers/app.js';

const api = useTestApi();
let token: string;
const check = (ssn?: string) =>
  api.call('GET', '/miscellaneous/validate-ssn', { token, query: ssn === undefined ? {} : { ssn } });

beforeAll(async () => {
  token = await api.sandboxToken();
});

/** The body must not carry the number, with or without its dashes. */
function expectNoSsn(body: unknown, ssn: string) {
  const text = JSON.stringify(body);
  expect(text).not.toContain(ssn);
  expect(text).not.toContain(ssn.replaceAll('-', ''));
}

describe('GET /miscellaneous/validate-ssn', () => {
  it('accepts a valid SSN with or without dashes, and echoes nothing of it', async () => {
    for (const ssn of ['536-22-1234', '536221234']) {
      const response = await check(ssn);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        data: { valid: true, error: null, error_msg: null },
        succeeded: true,
        errors: [],
        message: 'OK',
      });
      expectNoSsn(response.body, ssn);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it.each([
    ['53622123', 'SSN_FORMAT'],
    ['536-221234', 'SSN_FORMAT'],
    ['536-22-12a4', 'SSN_FORMAT'],
    ['000-22-1234', 'SSN_AREA_INVALID'],
    ['666-22-1234', 'SSN_AREA_INVALID'],
    ['900-22-1234', 'SSN_AREA_INVALID'],
    ['999221234', 'SSN_AREA_INVALID'],
    ['536-00-1234', 'SSN_GROUP_INVALID'],
    ['536-22-0000', 'SSN_SERIAL_INVALID'],
    ['078-05-1120', 'SSN_KNOWN_INVALID'],
    ['123-45-6789', 'SSN_KNOWN_INVALID'],
    ['219-09-9999', 'SSN_KNOWN_INVALID'],
  ])('refuses %s with %s and a sentence, without the number', async (ssn, code) => {
    const response = await check(ssn);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      valid: false,
      error: code,
      error_msg: expect.stringMatching(/\.$/),
    });
    expectNoSsn(response.body, ssn);
  });

  it('refuses a missing or oversized ssn with 400 naming the field, without echoing it', async () => {
    expect(expectFailure(await check(), 400, 'VALIDATION_FAILED').errors.join(' ')).toContain(
      'querystring.ssn',
    );
    const long = '536-22-1234-536-22-1234';
    const response = await check(long);
    expect(expectFailure(response, 400, 'VALIDATION_FAILED').errors.join(' ')).toContain('querystring.ssn');
    expectNoSsn(response.body, '536-22-1234');
  });
});

describe('validate-ssn logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await openTestDatabase();
    drop = database.drop;
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp(testConfig({ databaseUrl: database.url, logLevel: 'info' }), {
      db: database.db,
      logStream: sink,
    });
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('never contain the SSN', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(
      `${address}/api/v1/auth/login?${new URLSearchParams(signLogin(SANDBOX.apiKey, SANDBOX.apiSecret))}`,
      { method: 'POST' },
    );
    const { token: appToken } = (await login.json()).data;
    for (const ssn of ['536-22-1234', '666221234', '536-22-1234-536']) {
      const response = await fetch(`${address}/api/v1/miscellaneous/validate-ssn?ssn=${ssn}`, {
        headers: { authorization: `Bearer ${appToken}` },
      });
      expect(response.status).toBeLessThan(500);
    }
    const log = lines.join('');
    expect(log).toContain('/api/v1/miscellaneous/validate-ssn');
    for (const secret of ['536-22-1234', '536221234', '666221234']) expect(log).not.toContain(secret);
  });
});
