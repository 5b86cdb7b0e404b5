import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { expectFailure, httpClient, SANDBOX, signLogin, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';

/**
 * Refresh tokens live 5 minutes here, less than the 15 of an access token, so the clock can outlive a login's
 * refresh tokens while its access token is still alive.
 */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({ refreshTokenTtlSeconds: 300, accessTokenTtlSeconds: 900 }, {}, { clock });
// distinct timestamps give distinct signatures, so no login is refused as a replay of another
const base = Math.floor(Date.now() / 1000) - 200;
let age = 0;

async function freshLogin(): Promise<{ token: string; refreshToken: string }> {
  const response = await api.call('POST', '/auth/login', {
    query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, base - age++),
  });
  expect(response.status).toBe(200);
  return response.body.data;
}

const brands = (token: string) => api.call('GET', '/brands', { token });
const logout = (refreshToken: string) => api.call('POST', '/auth/logout', { body: { refreshToken } });
const refresh = (session: { token: string; refreshToken: string }) =>
  api.call('POST', '/auth/refresh', { body: session });

describe('POST /auth/logout', () => {
  it('ends the login at once: its access token, already used, is refused before it expires', async () => {
    const session = await freshLogin();
    expect((await brands(session.token)).status).toBe(200);
    const answer = await logout(session.refreshToken);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ succeeded: true, data: null, message: 'Logged out.' });
    expectFailure(await brands(session.token), 401, 'AUTH_TOKEN_REVOKED');
    expectFailure(await refresh(session), 401, 'AUTH_REFRESH_TOKEN_REUSED');
  });

  it('ends only that login: another login of the same account goes on working', async () => {
    const ended = await freshLogin();
    const other = await freshLogin();
    expect((await logout(ended.refreshToken)).status).toBe(200);
    expect((await brands(other.token)).status).toBe(200);
    expect((await refresh(other)).status).toBe(200);
  });

  it('ends every token descended from the login, whichever refresh token of it is sent, and twice is fine', async () => {
    const first = await freshLogin();
    const second = (await refresh(first)).body.data as typeof first;
    expect((await logout(first.refreshToken)).status).toBe(200);
    expectFailure(await brands(second.token), 401, 'AUTH_TOKEN_REVOKED');
    expectFailure(await brands(first.token), 401, 'AUTH_TOKEN_REVOKED');
    expect((await logout(second.refreshToken)).status).toBe(200);
  });

  it('refuses an unknown refresh token and a body without it', async () => {
    expectFailure(await logout('not-a-refresh-token'), 401, 'AUTH_REFRESH_TOKEN_INVALID');
    expectFailure(await api.call('POST', '/auth/logout', { body: {} }), 400, 'VALIDATION_FAILED');
  });
});

describe('a reused refresh token', () => {
  it('ends the access tokens of its login too, not only its refresh tokens', async () => {
    const session = await freshLogin();
    const rotated = (await refresh(session)).body.data as typeof session;
    expect((await brands(rotated.token)).status).toBe(200);
    expectFailure(await refresh(session), 401, 'AUTH_REFRESH_TOKEN_REUSED');
    expectFailure(await brands(rotated.token), 401, 'AUTH_TOKEN_REVOKED');
    expectFailure(await brands(session.token), 401, 'AUTH_TOKEN_REVOKED');
  });
});

describe('POST /auth/refresh', () => {
  it('refuses a refresh token sent with the access token of another login of the same account', async () => {
    const one = await freshLogin();
    const other = await freshLogin();
    expectFailure(
      await refresh({ token: other.token, refreshToken: one.refreshToken }),
      401,
      'AUTH_REFRESH_TOKEN_INVALID',
    );
  });
});

describe('revocation across servers', () => {
  let secondNode: FastifyInstance;
  let secondCall: ReturnType<typeof httpClient>;
  beforeAll(async () => {
    secondNode = await buildApp(api.app.voltin.config, { db: api.db, logger: false });
    secondCall = httpClient(await secondNode.listen({ host: '127.0.0.1', port: 0 }));
  });
  afterAll(() => secondNode.close());

  it('a logout on one server ends the token on another that had already accepted it', async () => {
    const session = await freshLogin();
    expect((await secondCall('GET', '/brands', { token: session.token })).status).toBe(200);
    expect((await logout(session.refreshToken)).status).toBe(200);
    expectFailure(await secondCall('GET', '/brands', { token: session.token }), 401, 'AUTH_TOKEN_REVOKED');
  });
});

describe('purging expired refresh tokens', () => {
  it('keeps the revocation of a family while an access token issued from it may still be alive', async () => {
    const session = await freshLogin();
    expect((await logout(session.refreshToken)).status).toBe(200);
    // the refresh tokens expire; the access token issued with them has not
    clock.advance(300 + 60);
    await api.app.voltin.scheduler.runNow('purge-expired-credentials');
    expectFailure(await brands(session.token), 401, 'AUTH_TOKEN_REVOKED');
  });
});
