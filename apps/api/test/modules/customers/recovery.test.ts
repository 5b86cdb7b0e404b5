import { describe, expect, it } from 'vitest';
import { epochSeconds } from '../../../src/domain/clock.js';
import { RECOVERY_EMAILS_PER_HOUR, RESET_TOKEN_TTL_MINUTES } from '../../../src/modules/customers/index.js';
import { sha256Hex } from '../../../src/security/tokens.js';
import { createTenant } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { tokenOnClock } from '../../helpers/token-on-clock.js';
import { languageId, login, newCustomer, outboxFor, resetTokenFrom, sandboxBrandId } from './fixtures.js';

const clock = manualClock(new Date().toISOString());
const api = useTestApi({ backgroundTasks: false }, {}, { clock });
// Every call here signs in on the clock, which a test moves past a reset link's life.
api.sandboxToken = tokenOnClock(api, clock);

const post = async (path: string, body: unknown, token?: string) =>
  api.call('POST', path, { token: token ?? (await api.sandboxToken()), body });

const forgotPassword = async (body: Record<string, unknown>) =>
  post('/customers/forgot-password', { brandId: await sandboxBrandId(api), ...body });

describe('POST /customers/forgot-password', () => {
  it('emails a branded reset link to the account, and answers an unknown account exactly alike', async () => {
    const customer = await newCustomer(api);
    const known = await forgotPassword({ username: customer.username });
    const unknown = await forgotPassword({ username: 'nobody.at.all' });
    const unknownEmail = await forgotPassword({ email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(unknownEmail.body).toEqual(known.body);
    expect(known.body).toEqual({
      data: null,
      succeeded: true,
      errors: [],
      message: 'If an account matches, a reset link is on its way to its email address.',
    });
    const [mail, ...more] = await outboxFor(api, customer.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ template: 'reset-password', status: 'queued', attempts: 0 });
    expect(mail!.subject).toBe('Reset your Bluebonnet Energy password');
    expect(mail!.text).toContain('Hello Casey,');
    expect(mail!.text).toContain('https://myaccount.bluebonnet-energy.example/reset-password?securityToken=');
    expect(mail!.text).toContain('+1-512-555-0142');
    expect(mail!.html).toContain(
      '<a href="https://myaccount.bluebonnet-energy.example/reset-password?securityToken=',
    );
    const token = await resetTokenFrom(api, customer.email);
    const stored = await api.db.kysely.selectFrom('customer_reset_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).toContain(sha256Hex(token));
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
  });

  it("finds the account by email, case-insensitively, and writes in the customer's language", async () => {
    const customer = await newCustomer(api, { languageId: await languageId(api, 'es') });
    expect((await forgotPassword({ username: '  ', email: customer.email.toUpperCase() })).status).toBe(200);
    const [mail] = await outboxFor(api, customer.email);
    expect(mail!.subject).toBe('Restablezca su contraseña de Bluebonnet Energy');
    expect(mail!.text).toContain('Hola Casey:');
    expect(mail!.html).toContain('lang="es"');
  });

  it('sends nothing when username and email are both given but belong to different accounts', async () => {
    const customer = await newCustomer(api);
    const other = await newCustomer(api);
    expect((await forgotPassword({ username: customer.username, email: other.email })).status).toBe(200);
    expect(await outboxFor(api, customer.email)).toEqual([]);
    expect(await outboxFor(api, other.email)).toEqual([]);
  });

  it('refuses an unknown brand and a request naming neither username nor email', async () => {
    expect(
      expectFailure(
        await post('/customers/forgot-password', { brandId: 9999, username: 'demo.customer' }),
        404,
        'BRAND_NOT_FOUND',
      ).message,
    ).toMatch(/^brandId:/);
    expectFailure(await forgotPassword({}), 400, 'VALIDATION_FAILED');
  });

  it("does not answer for another company's customer", async () => {
    const other = await createTenant(api.db.kysely, api.app.voltin.keys, 'other-energy');
    const otherLogin = await api.call('POST', '/auth/login', {
      query: signLogin(other.apiKey, other.secret, epochSeconds(clock)),
    });
    const otherToken = otherLogin.body.data.token;
    const otherBrand = await api.db.kysely
      .selectFrom('brands')
      .select('id')
      .where('company_id', '=', other.companyId)
      .executeTakeFirstOrThrow();
    // The sandbox brand is not the other company's.
    expectFailure(
      await post(
        '/customers/forgot-password',
        { brandId: await sandboxBrandId(api), username: 'x.y.z' },
        otherToken,
      ),
      404,
      'BRAND_NOT_FOUND',
    );
    const before = await api.db.kysely.selectFrom('mail_outbox').select('id').execute();
    expect(
      (
        await post(
          '/customers/forgot-password',
          { brandId: otherBrand.id, username: 'demo.customer' },
          otherToken,
        )
      ).status,
    ).toBe(200);
    expect(await api.db.kysely.selectFrom('mail_outbox').select('id').execute()).toEqual(before);
  });

  it('sends at most the hourly budget of emails to one account, then answers alike and sends nothing', async () => {
    const customer = await newCustomer(api);
    for (let i = 0; i < RECOVERY_EMAILS_PER_HOUR + 2; i++) {
      expect((await forgotPassword({ email: customer.email })).status).toBe(200);
    }
    expect(await outboxFor(api, customer.email)).toHaveLength(RECOVERY_EMAILS_PER_HOUR);
  });

  it('rate-limits requests naming one username, whether or not it exists', async () => {
    let last = await forgotPassword({ username: 'ghost.user' });
    for (let i = 0; i < 10 && last.status === 200; i++)
      last = await forgotPassword({ username: 'ghost.user' });
    expectFailure(last, 429, 'RATE_LIMITED');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /customers/reset-password and /customers/validate-reset-hash', () => {
  it('validates without consuming, resets once, ends every session and refuses the link a second time', async () => {
    const customer = await newCustomer(api);
    await forgotPassword({ username: customer.username });
    const securityToken = await resetTokenFrom(api, customer.email);
    const check = async () =>
      (await post('/customers/validate-reset-hash', { hash: securityToken })).body.data;
    expect(await check()).toEqual({ is_valid: true, errors: [] });
    expect(await check()).toEqual({ is_valid: true, errors: [] });

    const reset = await post('/customers/reset-password', { securityToken, newPassword: 'Fresh-Start-2027' });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ customerId: customer.customerId });
    expectFailure(
      await api.call('GET', `/customers/${customer.customerId}/profile`, {
        token: await api.sandboxToken(),
        customerHash: customer.customerHash,
      }),
      401,
      'CUSTOMER_HASH_INVALID',
    );
    expect((await login(api, customer.username, 'Fresh-Start-2027')).status).toBe(200);
    expectFailure(await login(api, customer.username, customer.password), 401, 'CUSTOMER_LOGIN_FAILED');
    expect((await outboxFor(api, customer.email)).map((m) => m.template)).toEqual([
      'reset-password',
      'password-changed',
    ]);

    const again = expectFailure(
      await post('/customers/reset-password', { securityToken, newPassword: 'Second-Try-2028' }),
      410,
      'RESET_TOKEN_USED',
    );
    expect(again.message).toMatch(/^securityToken:/);
    expect(await check()).toEqual({
      is_valid: false,
      errors: [{ code: 'RESET_TOKEN_USED', message: expect.stringMatching(/^hash:/) }],
    });
  });

  it('refuses an expired link and an unknown one', async () => {
    const customer = await newCustomer(api);
    await forgotPassword({ username: customer.username });
    const securityToken = await resetTokenFrom(api, customer.email);
    clock.advance(RESET_TOKEN_TTL_MINUTES * 60);
    expectFailure(
      await post('/customers/reset-password', { securityToken, newPassword: 'Fresh-Start-2027' }),
      410,
      'RESET_TOKEN_EXPIRED',
    );
    expect(
      (await post('/customers/validate-reset-hash', { hash: securityToken })).body.data.errors[0].code,
    ).toBe('RESET_TOKEN_EXPIRED');
    expectFailure(
      await post('/customers/reset-password', {
        securityToken: 'made-up-token',
        newPassword: 'Fresh-Start-2027',
      }),
      400,
      'RESET_TOKEN_INVALID',
    );
    expect((await login(api, customer.username, customer.password)).status).toBe(200);
  });

  it('keeps the link usable when the new password breaks the policy', async () => {
    const customer = await newCustomer(api);
    await forgotPassword({ username: customer.username });
    const securityToken = await resetTokenFrom(api, customer.email);
    const weak = expectFailure(
      await post('/customers/reset-password', { securityToken, newPassword: 'short' }),
      422,
      'PASSWORD_TOO_WEAK',
    );
    expect(weak.errors.every((e: string) => e.startsWith('newPassword:'))).toBe(true);
    expect((await post('/customers/validate-reset-hash', { hash: securityToken })).body.data.is_valid).toBe(
      true,
    );
  });

  it('lets exactly one of two simultaneous resets with the same link succeed', async () => {
    const customer = await newCustomer(api);
    await forgotPassword({ username: customer.username });
    const securityToken = await resetTokenFrom(api, customer.email);
    const results = await Promise.all([
      post('/customers/reset-password', { securityToken, newPassword: 'Racing-Ahead-101' }),
      post('/customers/reset-password', { securityToken, newPassword: 'Racing-Ahead-202' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
    expect(results.find((r) => r.status === 410)!.body.code).toBe('RESET_TOKEN_USED');
  });

  it("refuses a link through another company's account", async () => {
    const customer = await newCustomer(api);
    await forgotPassword({ username: customer.username });
    const securityToken = await resetTokenFrom(api, customer.email);
    const rival = await createTenant(api.db.kysely, api.app.voltin.keys, 'rival-reset');
    const rivalToken = (
      await api.call('POST', '/auth/login', {
        query: signLogin(rival.apiKey, rival.secret, epochSeconds(clock)),
      })
    ).body.data.token;
    expect(
      (await post('/customers/validate-reset-hash', { hash: securityToken }, rivalToken)).body.data.is_valid,
    ).toBe(false);
    expectFailure(
      await post('/customers/reset-password', { securityToken, newPassword: 'Rival-Takeover-9' }, rivalToken),
      400,
      'RESET_TOKEN_INVALID',
    );
    expect((await post('/customers/validate-reset-hash', { hash: securityToken })).body.data.is_valid).toBe(
      true,
    );
  });

  it('voids every other outstanding link once one is used', async () => {
    const customer = await newCustomer(api);
    await forgotPassword({ username: customer.username });
    const first = await resetTokenFrom(api, customer.email);
    await forgotPassword({ username: customer.username });
    const second = await resetTokenFrom(api, customer.email);
    expect(second).not.toBe(first);
    expect(
      (await post('/customers/reset-password', { securityToken: second, newPassword: 'Fresh-Start-2027' }))
        .status,
    ).toBe(200);
    expectFailure(
      await post('/customers/reset-password', { securityToken: first, newPassword: 'Other-Start-2027' }),
      410,
      'RESET_TOKEN_USED',
    );
  });
});

describe('POST /customers/forgot-username', () => {
  it('emails every username of the address in one message, and answers an unknown address alike', async () => {
    const first = await newCustomer(api);
    const second = await newCustomer(api, { email: first.email });
    const brandId = await sandboxBrandId(api);
    const known = await post('/customers/forgot-username', { brandId, email: first.email });
    const unknown = await post('/customers/forgot-username', { brandId, email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mails = (await outboxFor(api, first.email)).filter((m) => m.template === 'forgot-username');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Bluebonnet Energy username');
    expect(mails[0]!.text).toContain(first.username);
    expect(mails[0]!.text).toContain(second.username);
    expect(mails[0]!.text).not.toContain(first.password);
  });
});
