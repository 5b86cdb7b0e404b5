import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { type ApiResponse, SANDBOX, signLogin, useTestApi } from '../helpers/app.js';
import { newCustomer } from '../modules/customers/fixtures.js';

/**
 * The figures the documentation gives ("requests until lockout", guesses per hour and per day), measured with the
 * default limits: an attacker who sends as fast as allowed and, at each 429, waits exactly Retry-After.
 */
const defaults = loadConfig({});
const api = useTestApi({
  trustProxy: ['127.0.0.1'],
  loginAttemptsPerMinute: defaults.loginAttemptsPerMinute,
  loginLimits: defaults.loginLimits,
});

const HOUR_MS = 3_600_000;
let testsStarted = 0;
beforeEach(() => {
  testsStarted++;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime((Math.floor(Date.now() / HOUR_MS) + 1 + testsStarted * 49) * HOUR_MS);
});
afterEach(() => vi.useRealTimers());

let cachedToken: { token: string; at: number } | undefined;
async function token(): Promise<string> {
  if (cachedToken && Math.abs(Date.now() - cachedToken.at) < 600_000) return cachedToken.token;
  const response = await api.call('POST', '/auth/login', {
    query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret),
    headers: { 'x-forwarded-for': '192.0.2.1' },
  });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  cachedToken = { token: response.body.data.token, at: Date.now() };
  return cachedToken.token;
}

async function customerLogin(address: string, username: string, password: string): Promise<ApiResponse> {
  return api.call('POST', '/customers/login', {
    token: await token(),
    body: { username, password },
    headers: { 'x-forwarded-for': address },
  });
}

interface Figures {
  requestsUntilFirst429: number;
  guessesInFirstHour: number;
  guessesInADay: number;
}

/** Sends `guess(i)` as fast as allowed for a day, waiting out each 429; counts the guesses the server checked. */
async function attack(guess: (i: number) => Promise<ApiResponse>): Promise<Figures> {
  const start = Date.now();
  let requestsUntilFirst429 = 0;
  let guessesInFirstHour = 0;
  let guessesInADay = 0;
  for (let i = 0; Date.now() < start + 24 * HOUR_MS; i++) {
    const answer = await guess(i);
    if (answer.status === 429) {
      requestsUntilFirst429 ||= i + 1;
      vi.setSystemTime(Date.now() + Number(answer.headers.get('retry-after')) * 1000);
      continue;
    }
    expect(answer.status).toBe(401);
    guessesInADay++;
    if (Date.now() < start + HOUR_MS) guessesInFirstHour++;
  }
  return { requestsUntilFirst429, guessesInFirstHour, guessesInADay };
}

describe('requests until lockout, with the default limits', () => {
  it('one address guessing one customer password', async () => {
    const customer = await newCustomer({ ...api, sandboxToken: token });
    const figures = await attack(() => customerLogin('203.0.113.1', customer.username, 'guess'));
    expect(figures).toEqual({ requestsUntilFirst429: 7, guessesInFirstHour: 10, guessesInADay: 102 });
  });

  it('one address trying many usernames', async () => {
    const figures = await attack((i) =>
      customerLogin('203.0.113.2', `stuffed.${testsStarted}.${i}`, 'guess'),
    );
    expect(figures).toEqual({ requestsUntilFirst429: 21, guessesInFirstHour: 30, guessesInADay: 720 });
  });

  it('many addresses guessing one account, while the customer keeps logging in from home', async () => {
    const customer = await newCustomer({ ...api, sandboxToken: token });
    expect((await customerLogin('192.0.2.50', customer.username, customer.password)).status).toBe(200);
    const figures = await attack((i) =>
      customerLogin(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, customer.username, 'guess'),
    );
    expect(figures).toEqual({ requestsUntilFirst429: 11, guessesInFirstHour: 10, guessesInADay: 240 });
    expect((await customerLogin('192.0.2.50', customer.username, customer.password)).status).toBe(200);
  });
});
