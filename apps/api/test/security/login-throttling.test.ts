import { beforeEach, describe, expect, it } from 'vitest';
import { epochSeconds } from '../../src/domain/clock.js';
import { type ApiResponse, expectFailure, SANDBOX, signLogin, useTestApi } from '../helpers/app.js';
import { manualClock, moveToAFreshHour } from '../helpers/clock.js';
import { tokenOnClock } from '../helpers/token-on-clock.js';
import { newCustomer } from '../modules/customers/fixtures.js';

/**
 * The loopback peer is a trusted proxy here, so each test names its client address in X-Forwarded-For, as a
 * customer self-service site forwarding its visitors' addresses does.
 */
const clock = manualClock(new Date().toISOString());
const api = useTestApi(
  {
    trustProxy: ['127.0.0.1'],
    loginLimits: {
      freeFailures: 3,
      firstDelaySeconds: 30,
      maxDelaySeconds: 100,
      failuresPerAddressPerHour: 12,
      failuresPerAccountPerHour: 10,
      probesPerAddressPerHour: 1000,
    },
  },
  {},
  { clock },
);

let addressCount = 0;
/** An address no other test uses. */
const newAddress = () => `198.51.100.${++addressCount}`;

beforeEach(() => moveToAFreshHour(clock));
const advanceSeconds = (seconds: number) => clock.advance(seconds);

const token = tokenOnClock(api, clock);

/** The customer is made with a token of the moved clock. */
const freshCustomer = () => newCustomer({ ...api, sandboxToken: token });

async function customerLogin(address: string, username: string, password: string): Promise<ApiResponse> {
  return api.call('POST', '/customers/login', {
    token: await token(),
    body: { username, password },
    headers: { 'x-forwarded-for': address },
  });
}

function expectLimited(response: ApiResponse, retryAfter: number) {
  expectFailure(response, 429, 'RATE_LIMITED');
  expect(response.headers.get('retry-after')).toBe(String(retryAfter));
}

describe('customer login: progressive delay per (username, address)', () => {
  it('answers the free failures at once, then makes each further attempt wait twice as long, password unchecked', async () => {
    const customer = await freshCustomer();
    const address = newAddress();
    for (let i = 0; i < 4; i++)
      expectFailure(await customerLogin(address, customer.username, 'wrong'), 401, 'CUSTOMER_LOGIN_FAILED');
    // The fourth failure is the first past the three free ones: 30 seconds, even for the right password.
    expectLimited(await customerLogin(address, customer.username, customer.password), 30);
    advanceSeconds(29);
    expectLimited(await customerLogin(address, customer.username, 'wrong'), 1);
    advanceSeconds(1);
    expectFailure(await customerLogin(address, customer.username, 'wrong'), 401, 'CUSTOMER_LOGIN_FAILED');
    expectLimited(await customerLogin(address, customer.username, customer.password), 60);
    advanceSeconds(60);
    expectFailure(await customerLogin(address, customer.username, 'wrong'), 401, 'CUSTOMER_LOGIN_FAILED');
    // Doubling stops at the ceiling of 100 seconds.
    expectLimited(await customerLogin(address, customer.username, customer.password), 100);
  });

  it('ends the streak at a successful login', async () => {
    const customer = await freshCustomer();
    const address = newAddress();
    for (let i = 0; i < 4; i++) await customerLogin(address, customer.username, 'wrong');
    advanceSeconds(30);
    expect((await customerLogin(address, customer.username, customer.password)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expectFailure(await customerLogin(address, customer.username, 'wrong'), 401, 'CUSTOMER_LOGIN_FAILED');
    expectLimited(await customerLogin(address, customer.username, 'wrong'), 30);
  });

  it('does not slow the same customer down at another address', async () => {
    const customer = await freshCustomer();
    const attacker = newAddress();
    for (let i = 0; i < 4; i++) await customerLogin(attacker, customer.username, 'wrong');
    expectLimited(await customerLogin(attacker, customer.username, 'wrong'), 30);
    expect((await customerLogin(newAddress(), customer.username, customer.password)).status).toBe(200);
  });

  it('forgets a streak after a day without attempts', async () => {
    const customer = await freshCustomer();
    const address = newAddress();
    for (let i = 0; i < 4; i++) await customerLogin(address, customer.username, 'wrong');
    advanceSeconds(24 * 3600 + 1);
    for (let i = 0; i < 4; i++)
      expectFailure(await customerLogin(address, customer.username, 'wrong'), 401, 'CUSTOMER_LOGIN_FAILED');
  });

  it('counts every one of many concurrent failures: exactly the free ones and one more are checked', async () => {
    const customer = await freshCustomer();
    const address = newAddress();
    const apiToken = await token();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.call('POST', '/customers/login', {
          token: apiToken,
          body: { username: customer.username, password: 'wrong' },
          headers: { 'x-forwarded-for': address },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(16);
  });
});

describe('proving the current password to change account details', () => {
  it('is throttled like a login of that customer from that address, so a stolen customer hash cannot guess it', async () => {
    const customer = await freshCustomer();
    const address = newAddress();
    let changes = 0;
    // A new email each time, so each call asks for the current password.
    const change = async (password: string) =>
      api.call('PUT', `/customers/${customer.customerId}`, {
        token: await token(),
        customerHash: customer.customerHash,
        headers: { 'x-forwarded-for': address },
        body: { email: `changed.${addressCount}.${++changes}@example.com`, password },
      });
    for (let i = 0; i < 4; i++) expectFailure(await change('guess'), 401, 'CURRENT_PASSWORD_INCORRECT');
    expectLimited(await change(customer.password), 30);
    expectLimited(await customerLogin(address, customer.username, customer.password), 30);
    advanceSeconds(30);
    expect((await change(customer.password)).status).toBe(200);
    expectFailure(await change('guess'), 401, 'CURRENT_PASSWORD_INCORRECT');
  });
});

describe('customer login: ceilings', () => {
  it('caps failures per address across usernames (credential stuffing); successes do not count', async () => {
    const address = newAddress();
    const customer = await freshCustomer();
    for (let i = 0; i < 12; i++) {
      expectFailure(
        await customerLogin(address, `stuffed.${addressCount}.${i}`, 'pw'),
        401,
        'CUSTOMER_LOGIN_FAILED',
      );
      // Until the ceiling is reached, a customer at the same address logs in, and that does not count.
      if (i < 11)
        expect((await customerLogin(address, customer.username, customer.password)).status).toBe(200);
    }
    // The window is the clock hour: this test started at its top.
    expectLimited(await customerLogin(address, `stuffed.${addressCount}.x`, 'pw'), 3600);
    expectLimited(await customerLogin(address, customer.username, customer.password), 3600);
    expect((await customerLogin(newAddress(), customer.username, customer.password)).status).toBe(200);
    advanceSeconds(3600);
    expect((await customerLogin(address, customer.username, customer.password)).status).toBe(200);
  });

  it('caps failures per account across addresses, except from addresses the customer logged in from', async () => {
    const customer = await freshCustomer();
    const home = newAddress();
    expect((await customerLogin(home, customer.username, customer.password)).status).toBe(200);
    for (let i = 0; i < 10; i++)
      expectFailure(
        await customerLogin(newAddress(), customer.username, 'guess'),
        401,
        'CUSTOMER_LOGIN_FAILED',
      );
    expectLimited(await customerLogin(newAddress(), customer.username, customer.password), 3600);
    // The distributed guessing does not lock the customer out at home.
    expect((await customerLogin(home, customer.username, customer.password)).status).toBe(200);
    expectFailure(await customerLogin(home, customer.username, 'typo'), 401, 'CUSTOMER_LOGIN_FAILED');
    advanceSeconds(3600);
    expect((await customerLogin(newAddress(), customer.username, customer.password)).status).toBe(200);
  });
});

describe('customer login: ceilings under concurrent requests', () => {
  const concurrently = async (count: number, send: (i: number) => Promise<ApiResponse>) => {
    const statuses = (await Promise.all(Array.from({ length: count }, (_, i) => send(i)))).map(
      (r) => r.status,
    );
    return {
      failed: statuses.filter((s) => s === 401).length,
      limited: statuses.filter((s) => s === 429).length,
    };
  };

  it('per address: of 20 usernames tried at once, exactly the ceiling of 12 are checked', async () => {
    const address = newAddress();
    const apiToken = await token();
    const counts = await concurrently(20, (i) =>
      api.call('POST', '/customers/login', {
        token: apiToken,
        body: { username: `burst.${addressCount}.${i}`, password: 'pw' },
        headers: { 'x-forwarded-for': address },
      }),
    );
    expect(counts).toEqual({ failed: 12, limited: 8 });
  });

  it('per account: of 20 addresses guessing at once, exactly the ceiling of 10 are checked', async () => {
    const customer = await freshCustomer();
    const apiToken = await token();
    const counts = await concurrently(20, () =>
      api.call('POST', '/customers/login', {
        token: apiToken,
        body: { username: customer.username, password: 'guess' },
        headers: { 'x-forwarded-for': newAddress() },
      }),
    );
    expect(counts).toEqual({ failed: 10, limited: 10 });
  });
});

describe('web service account login', () => {
  const login = (secret: string, address: string) =>
    api.call('POST', '/auth/login', {
      query: signLogin(SANDBOX.apiKey, secret, epochSeconds(clock)),
      headers: { 'x-forwarded-for': address },
    });

  it('delays failures per (API key, address) the same way, and a success ends the streak', async () => {
    const address = newAddress();
    for (let i = 0; i < 4; i++) expectFailure(await login('wrong', address), 401, 'AUTH_INVALID_CREDENTIALS');
    expectLimited(await login(SANDBOX.apiSecret, address), 30);
    expect((await login(SANDBOX.apiSecret, newAddress())).status).toBe(200);
    advanceSeconds(30);
    expect((await login(SANDBOX.apiSecret, address)).status).toBe(200);
    expectFailure(await login('wrong', address), 401, 'AUTH_INVALID_CREDENTIALS');
  });
});

describe('the OpenAPI document', () => {
  it('declares the 429 envelope with its Retry-After header on every call', async () => {
    const document = (await api.call('GET', '/Swagger/v1/swagger.json')).body;
    for (const [path, method] of [
      ['/api/v1/customers/login', 'post'],
      ['/api/v1/auth/login', 'post'],
      ['/api/v1/customers/validate-new-customer', 'get'],
    ] as const) {
      const limited = document.paths[path][method].responses['429'];
      expect(limited.headers['Retry-After'].schema).toEqual({ type: 'integer', minimum: 1, format: 'int64' });
      expect(limited.content['application/json'].schema.allOf).toEqual([
        { $ref: '#/components/schemas/ErrorEnvelope' },
      ]);
    }
  });
});
