import { afterEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX } from '../../../apps/api/src/db/seed/sandbox.js';
import { creditCheckBody } from '../../../apps/api/test/fixtures/enrollments.js';
import { useTestApi } from '../../../apps/api/test/helpers/app.js';
import { createVoltinClient, type operations, type VoltinClientOptions } from '../src/index.js';

type CreditCheckRequest = NonNullable<
  operations['runCreditCheck']['requestBody']
>['content']['application/json'];

/** The SDK against a running sandbox server, as an integrator would use it. */
const api = useTestApi();
const credentials = { apiKey: SANDBOX.apiKey, apiSecret: SANDBOX.apiSecret };

/** Every request the client sent, by path, with the headers that matter here. */
function recordingFetch(answer?: (request: Request, attempt: number) => Promise<Response | null>) {
  const sent: {
    method: string;
    path: string;
    idempotencyKey: string | null;
    authorization: string | null;
    status?: number;
  }[] = [];
  const fetchWith: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const attempt = sent.filter((s) => s.path === path && s.method === request.method).length;
    const entry: (typeof sent)[number] = {
      method: request.method,
      path,
      idempotencyKey: request.headers.get('idempotency-key'),
      authorization: request.headers.get('authorization'),
    };
    sent.push(entry);
    const response = (await answer?.(request.clone(), attempt)) ?? (await fetch(request));
    entry.status = response.status;
    return response;
  };
  return { sent, fetch: fetchWith };
}

const client = (options: Partial<VoltinClientOptions> = {}) =>
  createVoltinClient({ baseUrl: api.baseUrl, credentials, ...options });

const unavailable = (retryAfter: string) =>
  new Response(
    JSON.stringify({
      data: null,
      succeeded: false,
      errors: ['x'],
      message: 'x',
      code: 'DATABASE_UNAVAILABLE',
    }),
    {
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
    },
  );

/** The API tests' sample credit check (Ana Garcia in Dallas), as the typed client takes it. */
const creditCheck = creditCheckBody({ socialSecurityNumber: '234-56-7720' }) as CreditCheckRequest;

afterEach(() => {
  vi.useRealTimers();
});

describe('@voltin/sdk', () => {
  it('logs in with the signed login once and makes typed calls with the token', async () => {
    const recorded = recordingFetch();
    const voltin = client({ fetch: recorded.fetch });
    const { data, response } = await voltin.GET('/api/v1/customer-types');
    expect(response.status).toBe(200);
    expect(data?.data.length).toBeGreaterThan(0);
    await voltin.GET('/api/v1/customer-types');
    expect(recorded.sent.filter((s) => s.path === '/api/v1/auth/login' && s.status === 200)).toHaveLength(1);
    expect(recorded.sent.at(-1)?.authorization).toMatch(/^Bearer /);
  });

  it('makes customer-scoped calls with the customer hash', async () => {
    const voltin = client();
    const login = await voltin.POST('/api/v1/customers/login', {
      body: { username: SANDBOX.customerUserName, password: SANDBOX.customerPassword },
    });
    const customerHash = login.data!.data.customerHash;
    expect((await voltin.GET('/api/v1/configuration-parameters')).response.status).toBe(401);
    const { response } = await voltin.forCustomer(customerHash).GET('/api/v1/configuration-parameters');
    expect(response.status).toBe(200);
  });

  it('refreshes the access token before it expires, and logs in again once the refresh token has expired', async () => {
    const { accessTokenTtlSeconds, refreshTokenTtlSeconds } = api.app.voltin.config;
    const recorded = recordingFetch();
    const voltin = client({ fetch: recorded.fetch });
    // The server runs in this process: moving the date moves its clock too.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const statuses = [(await voltin.GET('/api/v1/customer-types')).response.status];
    vi.setSystemTime(Date.now() + (accessTokenTtlSeconds - 30) * 1000);
    statuses.push((await voltin.GET('/api/v1/customer-types')).response.status);
    vi.setSystemTime(Date.now() + (refreshTokenTtlSeconds + 1) * 1000);
    statuses.push((await voltin.GET('/api/v1/customer-types')).response.status);
    expect(statuses).toEqual([200, 200, 200]);
    // (a login signed in the same second as another client's is refused as a replay, and signed again)
    expect(recorded.sent.filter((s) => s.path.startsWith('/api/v1/auth/') && s.status !== 401)).toEqual([
      expect.objectContaining({ path: '/api/v1/auth/login', status: 200 }),
      expect.objectContaining({ path: '/api/v1/auth/refresh', status: 200 }),
      expect.objectContaining({ path: '/api/v1/auth/login', status: 200 }),
    ]);
    expect(recorded.sent.filter((s) => s.path === '/api/v1/auth/refresh')).toEqual([
      expect.objectContaining({ status: 200 }),
      expect.objectContaining({ status: 401 }),
    ]);
  });

  it('sends one Idempotency-Key with a money call and the same on its retry, so it is done once', async () => {
    const recorded = recordingFetch(async (request, attempt) => {
      if (!request.url.endsWith('/payments/credit-check') || attempt > 0) return null;
      await fetch(request); // the server does the check, but its answer is lost
      return unavailable('0');
    });
    const voltin = client({ fetch: recorded.fetch });
    const { data, response } = await voltin.POST('/api/v1/payments/credit-check', { body: creditCheck });
    expect(response.status).toBe(200);
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    const attempts = recorded.sent.filter((s) => s.path === '/api/v1/payments/credit-check');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(attempts[1]!.idempotencyKey).toBe(attempts[0]!.idempotencyKey);
    expect(data?.data.id_credit_check).toEqual(expect.any(Number));
  });

  it('does not repeat a call that is not safe to repeat, and waits no longer than it is told to', async () => {
    const alwaysUnavailable = recordingFetch(async (request) =>
      request.url.includes('/customers/login') || request.url.includes('/customer-types')
        ? unavailable('120')
        : null,
    );
    const voltin = client({ fetch: alwaysUnavailable.fetch, retry: { maxDelaySeconds: 5 } });
    const login = await voltin.POST('/api/v1/customers/login', {
      body: { username: SANDBOX.customerUserName, password: SANDBOX.customerPassword },
    });
    expect(login.response.status).toBe(503);
    expect(alwaysUnavailable.sent.filter((s) => s.path === '/api/v1/customers/login')).toHaveLength(1);
    // A safe call is retried, but not after a Retry-After longer than the client's limit.
    const types = await voltin.GET('/api/v1/customer-types');
    expect(types.response.status).toBe(503);
    expect(alwaysUnavailable.sent.filter((s) => s.path === '/api/v1/customer-types')).toHaveLength(1);
  });

  it('retries a safe call after the wait the server asks for', async () => {
    const onceUnavailable = recordingFetch(async (request, attempt) =>
      request.url.includes('/customer-types') && attempt === 0 ? unavailable('0') : null,
    );
    const { response } = await client({ fetch: onceUnavailable.fetch }).GET('/api/v1/customer-types');
    expect(response.status).toBe(200);
    expect(onceUnavailable.sent.filter((s) => s.path === '/api/v1/customer-types')).toHaveLength(2);
  });
});
