import { beforeEach, describe, expect, it } from 'vitest';
import { PROBES_PER_IDENTITY_PER_HOUR } from '../../../src/modules/customers/probes.js';
import { type ApiResponse, expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock, moveToAFreshHour } from '../../helpers/clock.js';
import { tokenOnClock } from '../../helpers/token-on-clock.js';
import { languageId, newCustomer, sandboxBrandId } from './fixtures.js';

const PROBES_PER_ADDRESS = 5;
// The loopback peer is a trusted proxy: each test names its visitors' addresses in X-Forwarded-For.
const clock = manualClock(new Date().toISOString());
const api = useTestApi(
  {
    trustProxy: ['127.0.0.1'],
    loginLimits: {
      freeFailures: 3,
      firstDelaySeconds: 30,
      maxDelaySeconds: 900,
      failuresPerAddressPerHour: 100,
      failuresPerAccountPerHour: 100,
      probesPerAddressPerHour: PROBES_PER_ADDRESS,
    },
  },
  {},
  { clock },
);

const HOUR_MS = 3_600_000;
let testsStarted = 0;
let addressCount = 0;
const newAddress = () => `198.51.100.${++addressCount}`;

beforeEach(() => {
  testsStarted++;
  moveToAFreshHour(clock);
});

const token = tokenOnClock(api, clock);

const validate = async (address: string, query: Record<string, string>) =>
  api.call('GET', '/customers/validate-new-customer', {
    token: await token(),
    query,
    headers: { 'x-forwarded-for': address },
  });

function expectLimited(response: ApiResponse) {
  expectFailure(response, 429, 'RATE_LIMITED');
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('account-probing calls', () => {
  it('validate-new-customer: a budget per address per hour, shared with forgot-password and forgot-username', async () => {
    const address = newAddress();
    for (let i = 0; i < PROBES_PER_ADDRESS; i++)
      expect((await validate(address, { username: `probe.${testsStarted}.${i}` })).status).toBe(200);
    const limited = await validate(address, { username: `probe.${testsStarted}.x` });
    expectLimited(limited);
    expect(limited.headers.get('retry-after')).toBe('3600');
    const forgot = await api.call('POST', '/customers/forgot-password', {
      token: await token(),
      body: { username: `probe.${testsStarted}.y`, brandId: await sandboxBrandId(api) },
      headers: { 'x-forwarded-for': address },
    });
    expectLimited(forgot);
    expect((await validate(newAddress(), { username: `probe.${testsStarted}.x` })).status).toBe(200);
    clock.advance(HOUR_MS / 1000);
    expect((await validate(address, { username: `probe.${testsStarted}.z` })).status).toBe(200);
  });

  it('validate-new-customer: a budget per username and per email whatever the address', async () => {
    const customer = await newCustomer({ ...api, sandboxToken: token });
    for (let i = 0; i < PROBES_PER_IDENTITY_PER_HOUR; i++) {
      const answer = await validate(newAddress(), { username: customer.username });
      expect(answer.body.data.errors).toEqual([expect.objectContaining({ code: 'USERNAME_TAKEN' })]);
    }
    const refusedAt = newAddress();
    expectLimited(await validate(refusedAt, { username: customer.username }));
    // The refused request spent nothing of its address's budget.
    for (let i = 0; i < PROBES_PER_ADDRESS; i++)
      expect((await validate(refusedAt, { username: `other.${testsStarted}.${i}` })).status).toBe(200);
    for (let i = 0; i < PROBES_PER_IDENTITY_PER_HOUR; i++)
      expect((await validate(newAddress(), { email: customer.email.toUpperCase() })).status).toBe(200);
    expectLimited(await validate(newAddress(), { email: customer.email }));
  });

  it('quick enrollment: USERNAME_TAKEN spends the address budget, a created login does not', async () => {
    const address = newAddress();
    const taken = await newCustomer({ ...api, sandboxToken: token });
    const enroll = async (username: string) =>
      api.call('POST', '/customers/create-customer-quick-enrollment', {
        token: await token(),
        headers: { 'x-forwarded-for': address },
        body: {
          firstName: 'Robin',
          lastName: 'Hale',
          email: 'robin.hale@example.com',
          primaryPhoneNumber: '512-555-0199',
          languageId: await languageId(api, 'en'),
          username,
          password: 'Sunny-Day-2026',
        },
      });
    for (let i = 0; i < PROBES_PER_ADDRESS + 2; i++)
      expect((await enroll(`robin.${testsStarted}.${i}`)).status).toBe(200);
    for (let i = 0; i < PROBES_PER_ADDRESS; i++)
      expectFailure(await enroll(taken.username), 409, 'USERNAME_TAKEN');
    expectLimited(await enroll(taken.username));
    expectLimited(await enroll(`robin.${testsStarted}.free`));
  });
});

describe('linking accounts', () => {
  it("guessing the other login's password is throttled like a login of it", async () => {
    const customer = await newCustomer({ ...api, sandboxToken: token });
    const other = await newCustomer({ ...api, sandboxToken: token });
    const address = newAddress();
    const link = async (oldPassword: string) =>
      api.call('POST', `/customers/${customer.customerId}/link-accounts`, {
        token: await token(),
        customerHash: customer.customerHash,
        headers: { 'x-forwarded-for': address },
        body: { oldUsername: other.username, oldPassword },
      });
    for (let i = 0; i < 4; i++) expectFailure(await link('guess'), 401, 'LINK_CREDENTIALS_INVALID');
    expectLimited(await link(other.password));
    // The same streak as a login of that name from that address.
    const login = await api.call('POST', '/customers/login', {
      token: await token(),
      headers: { 'x-forwarded-for': address },
      body: { username: other.username, password: other.password },
    });
    expectLimited(login);
  });
});
