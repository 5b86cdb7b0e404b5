import { describe, expect, it } from 'vitest';
import { ROLE_GROUPS } from '../../../src/modules/auth/index.js';
import { issueAccessToken } from '../../../src/security/access-tokens.js';
import { createAccount, sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, SANDBOX, signLogin, useTestApi } from '../../helpers/app.js';

const api = useTestApi();
const now = () => Math.floor(Date.now() / 1000);
const login = (query: Record<string, string>) => api.call('POST', '/auth/login', { query });
const countSignatures = async () =>
  (await api.db.kysely.selectFrom('login_signatures').select('signature').execute()).length;

describe('POST /auth/login', () => {
  it('logs in with a valid signature and returns tokens, support contact and role groups', async () => {
    const response = await login(signLogin(SANDBOX.apiKey, SANDBOX.apiSecret));
    expect(response.status).toBe(200);
    expect(response.body.succeeded).toBe(true);
    const data = response.body.data;
    expect(data.token.split('.')).toHaveLength(3);
    expect(data.refreshToken.length).toBeGreaterThan(30);
    expect(data.expiresIn).toBe(900);
    expect(data.roleGroups).toEqual([...ROLE_GROUPS]);
    expect(data.customerSupport).toEqual({
      phone: '+1-512-555-0142',
      email: 'support@bluebonnet-energy.example',
      hours: expect.stringContaining('Monday to Friday'),
    });
    const brands = await api.call('GET', '/brands', { token: data.token });
    expect(brands.status).toBe(200);
  });

  it('accepts an uppercase hex signature', async () => {
    const query = signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, now() - 7);
    expect((await login({ ...query, signature: query.signature.toUpperCase() })).status).toBe(200);
  });

  it('refuses a wrong signature', async () => {
    const query = signLogin(SANDBOX.apiKey, 'not-the-secret');
    expectFailure(await login(query), 401, 'AUTH_INVALID_CREDENTIALS');
  });

  it('refuses an unknown key with the same answer as a wrong signature', async () => {
    const body = expectFailure(
      await login(signLogin('vlt_nobody', 'whatever')),
      401,
      'AUTH_INVALID_CREDENTIALS',
    );
    expect(body.message).toBe('The API key or the signature is not valid.');
  });

  it('refuses a disabled account', async () => {
    const companyId = await sandboxCompanyId(api.db.kysely);
    const account = await createAccount(api.db.kysely, api.app.voltin.keys, {
      companyId,
      apiKey: 'vlt_disabled',
      permissions: ['*'],
      active: false,
    });
    expectFailure(await login(signLogin(account.apiKey, account.secret)), 401, 'AUTH_INVALID_CREDENTIALS');
  });

  it('refuses a timestamp more than 300 seconds old or ahead', async () => {
    expectFailure(
      await login(signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, now() - 301)),
      401,
      'AUTH_TIMESTAMP_OUT_OF_WINDOW',
    );
    expectFailure(
      await login(signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, now() + 301)),
      401,
      'AUTH_TIMESTAMP_OUT_OF_WINDOW',
    );
    expect((await login(signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, now() - 290))).status).toBe(200);
  });

  it('accepts each signature once: a replay is refused and writes nothing', async () => {
    const query = signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, now() - 5);
    expect((await login(query)).status).toBe(200);
    const before = await countSignatures();
    expectFailure(await login(query), 401, 'AUTH_SIGNATURE_REPLAYED');
    expect(await countSignatures()).toBe(before);
  });

  it('refuses malformed parameters with 400 naming each field', async () => {
    const body = expectFailure(
      await login({ token: '', timestamp: 'yesterday', signature: 'xyz' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(body.errors.join(' ')).toMatch(/querystring\.token/);
    expect(body.errors.join(' ')).toMatch(/querystring\.timestamp/);
    expect(body.errors.join(' ')).toMatch(/querystring\.signature/);
    const missing = expectFailure(await login({}), 400, 'VALIDATION_FAILED');
    expect(missing.errors).toContain('querystring.signature: is required');
  });
});

describe('bearer tokens', () => {
  it('refuses a call without a token', async () => {
    expectFailure(await api.call('GET', '/brands'), 401, 'AUTH_REQUIRED');
  });

  it('refuses a malformed Authorization header and a forged token', async () => {
    expectFailure(
      await api.call('GET', '/brands', { headers: { authorization: 'Basic abc' } }),
      401,
      'AUTH_TOKEN_INVALID',
    );
    expectFailure(await api.call('GET', '/brands', { token: 'a.b.c' }), 401, 'AUTH_TOKEN_INVALID');
    const forged = await issueAccessToken(
      { current: new TextEncoder().encode('x'.repeat(32)), previous: [] },
      { accountId: 1, companyId: 1, sessionId: 'forged' },
      60,
      new Date(),
    );
    expectFailure(await api.call('GET', '/brands', { token: forged }), 401, 'AUTH_TOKEN_INVALID');
  });

  it('refuses an expired token with its own code', async () => {
    const companyId = await sandboxCompanyId(api.db.kysely);
    const account = await api.db.kysely
      .selectFrom('web_service_accounts')
      .select('id')
      .where('api_key', '=', SANDBOX.apiKey)
      .executeTakeFirstOrThrow();
    const expired = await issueAccessToken(
      api.app.voltin.keys.jwt,
      { accountId: account.id, companyId, sessionId: 'expired-session' },
      -10,
      new Date(),
    );
    expectFailure(await api.call('GET', '/brands', { token: expired }), 401, 'AUTH_TOKEN_EXPIRED');
  });
});

describe('POST /auth/refresh', () => {
  // distinct timestamps give distinct signatures, so no session is refused as a replay of another
  const base = now() - 100;
  let age = 0;
  async function freshSession() {
    const response = await login(signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, base - age++));
    expect(response.status).toBe(200);
    return response.body.data as { token: string; refreshToken: string };
  }

  it('rotates: returns a new access token and a new refresh token', async () => {
    const session = await freshSession();
    const response = await api.call('POST', '/auth/refresh', { body: session });
    expect(response.status).toBe(200);
    expect(response.body.data.refreshToken).not.toBe(session.refreshToken);
    expect((await api.call('GET', '/states', { token: response.body.data.token })).status).toBe(200);
  });

  it('refuses a reused refresh token and revokes its whole family', async () => {
    const session = await freshSession();
    const first = await api.call('POST', '/auth/refresh', { body: session });
    expect(first.status).toBe(200);
    expectFailure(
      await api.call('POST', '/auth/refresh', { body: session }),
      401,
      'AUTH_REFRESH_TOKEN_REUSED',
    );
    // the descendant issued by the first refresh is revoked too
    expectFailure(
      await api.call('POST', '/auth/refresh', { body: first.body.data }),
      401,
      'AUTH_REFRESH_TOKEN_REUSED',
    );
  });

  it('refuses an unknown refresh token, or one presented with another account token', async () => {
    const session = await freshSession();
    expectFailure(
      await api.call('POST', '/auth/refresh', { body: { token: session.token, refreshToken: 'nope' } }),
      401,
      'AUTH_REFRESH_TOKEN_INVALID',
    );
    expectFailure(
      await api.call('POST', '/auth/refresh', {
        body: { token: 'garbage', refreshToken: session.refreshToken },
      }),
      401,
      'AUTH_REFRESH_TOKEN_INVALID',
    );
  });

  it('refuses a body without the fields', async () => {
    expectFailure(await api.call('POST', '/auth/refresh', { body: {} }), 400, 'VALIDATION_FAILED');
  });
});
