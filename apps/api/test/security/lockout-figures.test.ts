import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { type ApiResponse, useTestApi } from '../helpers/app.js';
import { manualClock, moveToAFreshHour } from '../helpers/clock.js';
import { tokenOnClock } from '../helpers/token-on-clock.js';
import { newCustomer } from '../modules/customers/fixtures.js';

/**
 * The figures the documentation gives ("requests until lockout", guesses per hour and per day), measured with the
 * default limits: an attacker who sends as fast as allowed and, at each 429, waits exactly Retry-After.
 */
const defaults = loadConfig({});
const clock = manualClock(new Date().toISOString());
const api = useTestApi(
  {
    trustProxy: ['127.0.0.1'],
    loginAttemptsPerMinute: defaults.loginAttemptsPerMinute,
    loginLimits: defaults.loginLimits,
  },
  {},
  { clock },
);

const HOUR_MS = 3_600_000;
let testsStarted = 0;
beforeEach(() => {
  testsStarted++;
  moveToAFreshHour(clock);
});

const token = tokenOnClock(api, clock);

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
  const start = clock.now().getTime();
  let requestsUntilFirst429 = 0;
  let guessesInFirstHour = 0;
  let guessesInADay = 0;
  for (let i = 0; clock.now().getTime() < start + 24 * HOUR_MS; i++) {
    const answer = await guess(i);
    if (answer.status === 429) {
      requestsUntilFirst429 ||= i + 1;
      clock.advance(Number(answer.headers.get('retry-after')));
      continue;
    }
    expect(answer.status).toBe(401);
    guessesInADay++;
    if (clock.now().getTime() < start + HOUR_MS) guessesInFirstHour++;
  }
  return { requestsUntilFirst429, guessesInFirstHour, guessesInADay };
}

// A day of attack is about 1,500 requests per test: more than the default minute on a loaded machine.
describe('requests until lockout, with the default limits', { timeout: 300_000 }, () => {
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
