import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX } from '../../../api/src/db/seed/sandbox.js';
import { enrollmentBody, requiredOptions, ssnEnding } from '../../../api/test/fixtures/enrollments.js';
import { useTestApi } from '../../../api/test/helpers/app.js';
import { buildSite } from '../../server/app.js';
import { loadSiteConfig } from '../../server/config.js';
import { SESSION_COOKIE } from '../../server/session.js';

/** The site in front of a real sandbox API, reached over HTTP through @voltin/sdk as in production. */
const api = useTestApi();
let site: FastifyInstance;
const logged: string[] = [];
const DEMO = { username: 'demo.customer', password: 'Demo-Password-1' };

beforeAll(async () => {
  // The test's own login first: the site's client signs its login later (a signature is accepted once).
  await api.sandboxToken();
  const staticDir = mkdtempSync(path.join(tmpdir(), 'voltin-site-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>site</title>');
  writeFileSync(path.join(staticDir, 'payment-communicator.html'), '<!doctype html><title>relay</title>');
  const config = loadSiteConfig({
    VOLTIN_API_URL: api.baseUrl,
    SELF_SERVICE_API_KEY: SANDBOX.apiKey,
    SELF_SERVICE_API_SECRET: SANDBOX.apiSecret,
    SELF_SERVICE_SESSION_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
  });
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  site = await buildSite(config, { staticDir, logStream });
});
afterAll(() => site?.close());

const CHANGE = { 'content-type': 'application/json', 'x-voltin-site': '1' };

async function signIn(credentials = DEMO) {
  const answer = await site.inject({
    method: 'POST',
    url: '/site/api/session',
    headers: CHANGE,
    payload: credentials,
  });
  expect(answer.statusCode).toBe(200);
  const cookie = answer.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return {
    cookie,
    customerId: answer.json().data.customerId as number,
    header: `${SESSION_COOKIE}=${cookie.value}`,
  };
}

describe('the public calls of plan shopping', () => {
  it('go through without a session, answered as the API answers', async () => {
    const answer = await site.inject({
      url: '/site/api/v1/plans/for-wizard?ids_utilities=1&customer_type=1',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.length).toBeGreaterThan(0);
    const refused = await site.inject({ url: '/site/api/v1/plans/for-wizard?customer_type=1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
  });

  it('answer the brand with its look (logo, colours, legal links)', async () => {
    const brand = (await site.inject({ url: '/site/api/brand' })).json().data;
    expect(brand).toMatchObject({
      name: 'Bluebonnet Energy',
      primary_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    expect(brand.logo_url).toMatch(/^http/);
  });
});

describe('what the browser may not reach', () => {
  it('any call outside the allowlist is 404, though the account itself may make it', async () => {
    for (const [method, url] of [
      ['GET', '/site/api/v1/prospects'],
      ['GET', '/site/api/v1/agent/enrollments'],
      ['POST', '/site/api/v1/agent/enrollments/1/release-hold'],
      ['GET', '/site/api/v1/auth/login'],
    ] as const) {
      const answer = await site.inject({
        method,
        url,
        headers: CHANGE,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().code).toBe('NOT_FOUND');
    }
  });

  it('a change without the site header (another site posting a form) is 403 and never reaches the API', async () => {
    const before = await api.db.kysely
      .selectFrom('credit_checks')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const answer = await site.inject({
      method: 'POST',
      url: '/site/api/v1/payments/credit-check',
      headers: { 'content-type': 'application/json' },
      payload: {},
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('SITE_HEADER_REQUIRED');
    const after = await api.db.kysely
      .selectFrom('credit_checks')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('signing in or out without the site header is refused too', async () => {
    const login = await site.inject({
      method: 'POST',
      url: '/site/api/session',
      headers: { 'content-type': 'application/json' },
      payload: DEMO,
    });
    expect(login.statusCode).toBe(403);
    expect(login.cookies).toEqual([]);
  });

  it("a customer's call needs a signed-in customer", async () => {
    const answer = await site.inject({ url: '/site/api/v1/customers/1/profile' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('SIGN_IN_REQUIRED');
  });
});

describe('the customer session', () => {
  it('keeps the customer hash sealed in an HttpOnly cookie and makes customer calls with it', async () => {
    const { cookie, customerId, header } = await signIn();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value.split('.')).toHaveLength(5);
    const login = await api.call('POST', '/customers/login', { token: await api.sandboxToken(), body: DEMO });
    expect(cookie.value).not.toContain(login.body.data.customerHash);

    const profile = await site.inject({
      url: `/site/api/v1/customers/${customerId}/profile`,
      headers: { cookie: header },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.user_name).toBe(DEMO.username);
    expect(
      (await site.inject({ url: '/site/api/session', headers: { cookie: header } })).json().data,
    ).toEqual({
      customerId,
    });
  });

  it("refuses another customer's id at the site, and another customer's enrollment at the API", async () => {
    const { customerId, header } = await signIn();
    const other = await site.inject({
      url: `/site/api/v1/customers/${customerId + 1}/profile`,
      headers: { cookie: header },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('CUSTOMER_FORBIDDEN');

    const token = await api.sandboxToken();
    const created = await api.call('POST', '/enrollments/create', {
      token,
      body: enrollmentBody(1, await requiredOptions(api, token, 1), {
        payment: { bypassCreditCheck: true, depositOptions: 'PayLater' },
      }),
    });
    expect(created.status).toBe(200);
    const theirs = await site.inject({
      url: `/site/api/v1/enrollments/${created.body.data.enrollmentId}`,
      headers: { cookie: header },
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().code).toBe('CUSTOMER_FORBIDDEN');
  });

  it('an altered cookie is no session; signing out clears it', async () => {
    const { cookie, header } = await signIn();
    const altered = `${SESSION_COOKIE}=${cookie.value.slice(0, -4)}AAAA`;
    expect(
      (await site.inject({ url: '/site/api/session', headers: { cookie: altered } })).json().data,
    ).toEqual({
      customerId: null,
    });
    const out = await site.inject({
      method: 'DELETE',
      url: '/site/api/session',
      headers: { 'x-voltin-site': '1', cookie: header },
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(
      new RegExp(`^${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`),
    );
  });

  it("passes the API's refusal of a wrong password on", async () => {
    const answer = await site.inject({
      method: 'POST',
      url: '/site/api/session',
      headers: CHANGE,
      payload: { username: DEMO.username, password: 'Not-The-Password-1' },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toMatch(/^CUSTOMER_/);
    expect(answer.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('signs the new customer in with the login they made in the wizard', async () => {
    const token = await api.sandboxToken();
    const username = `site.shopper.${Date.now()}`;
    const answer = await site.inject({
      method: 'POST',
      url: '/site/api/v1/enrollments/create',
      headers: { ...CHANGE, 'idempotency-key': crypto.randomUUID() },
      payload: enrollmentBody(1, await requiredOptions(api, token, 1), {
        customer: { username, password: 'Shopper-Password-1', socialSecurityNumber: ssnEnding('720') },
        payment: { bypassCreditCheck: true, depositOptions: 'PayLater' },
      }),
    });
    expect(answer.statusCode).toBe(200);
    const { enrollmentId, customerId } = answer.json().data;
    const cookie = answer.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toBeDefined();
    const mine = await site.inject({
      url: `/site/api/v1/enrollments/${enrollmentId}`,
      headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.id_customer).toBe(customerId);
  });
});

describe('logs', () => {
  it('name a request by its path: personal data in a query string never reaches them', async () => {
    await site.inject({ url: '/site/api/v1/miscellaneous/validate-ssn?ssn=234-56-7720' });
    expect(logged.join('\n')).not.toContain('7720');
    expect(logged.join('\n')).toContain('/site/api/v1/miscellaneous/validate-ssn');
  });
});

describe('the pages', () => {
  it('every address of the app is its index.html, a missing asset is 404', async () => {
    for (const url of ['/', '/plans/1', '/account/enrollments/3'])
      expect((await site.inject({ url })).body, url).toContain('<title>site</title>');
    expect((await site.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it("lets pages frame the gateway's card form and the form frame the communicator page, nothing else", async () => {
    const page = await site.inject({ url: '/' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`frame-src ${new URL(api.baseUrl).origin}`);
    expect(policy).toContain("frame-ancestors 'self'");
    const relay = await site.inject({ url: '/payment-communicator.html' });
    expect(String(relay.headers['content-security-policy'])).toContain(
      `frame-ancestors 'self' ${new URL(api.baseUrl).origin}`,
    );
  });
});
