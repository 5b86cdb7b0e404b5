import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpBillingSystem } from '../../../src/adapters/billing-system/http.js';
import {
  type BillingAccount,
  BillingUnavailableError,
  type EnrollmentSubmission,
} from '../../../src/adapters/billing-system/port.js';
import { ConnectorRefusedError } from '../../../src/adapters/connector-contract/protocol.js';
import type { ConnectorSettings } from '../../../src/config/integrations.js';
import { type FakeBilling, startFakeBilling } from './fake-billing.js';

let fake: FakeBilling;
const address = { address: '1201 Elm St', address2: null, city: 'Dallas', state: 'TX', zipcode: '75201' };
const submission: EnrollmentSubmission = {
  enrollmentId: 42,
  companyId: 7,
  submissionAttempt: 1,
  billingSystemPlanCode: 'BB-FIX-12',
  ldcAccount: '10443720000000001',
  utilityCode: 'ONCOR',
  switchType: 'Switch',
  requestedStartDate: '2026-06-01',
  customer: { firstName: 'Ana', lastName: 'Garcia', firmName: null, email: 'ana@example.com', phone: null },
  serviceAddress: address,
  billingAddress: address,
  billingDeliveryMethod: 1,
  renewal: false,
};
const account = (billingAccountNumber: string | null): BillingAccount => ({
  companyId: 7,
  enrollmentId: 42,
  billingAccountNumber,
  status: 'ACTIVE',
  billed: true,
  commodity: 'Electric',
  customerType: 'Residential',
  ldcAccount: '10443720000000001',
  serviceAddress: address,
  serviceStartDate: '2026-04-01',
  serviceEndDate: null,
  plan: { name: 'Fixed 12', billingSystemPlanCode: 'BB-FIX-12', rate: 12.9, monthlyFee: 0, timeOfUse: [] },
  utility: { code: 'ONCOR', name: 'Oncor', stateCode: 'TX', deliveryCharges: [] },
  transactions: [],
  asOf: '2026-05-10',
});
const settings = (retry: Partial<ConnectorSettings['retry']> = {}): ConnectorSettings => ({
  url: fake.url,
  secret: fake.secret,
  retry: { attemptTimeoutMs: 1000, deadlineMs: 5000, firstRetryDelayMs: 50, maxAttempts: 4, ...retry },
});
const billing = (retry: Partial<ConnectorSettings['retry']> = {}) => createHttpBillingSystem(settings(retry));

beforeAll(async () => {
  fake = await startFakeBilling();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('enrollment submission to a billing system connector', () => {
  it('POSTs the signed submission, keyed by enrollment and attempt, and answers the account it opened', async () => {
    expect(await billing().submitEnrollment(submission)).toEqual({
      outcome: 'accepted',
      billingAccountNumber: fake.accounts.get('7:42'),
    });
    expect(fake.calls).toMatchObject([
      { path: '/v1/enrollment-submissions', idempotencyKey: 'enrollment:7:42:attempt:1', body: submission },
    ]);
    expect(fake.calls[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('keeps the key across retries of one attempt; a later attempt has its own key and gets the same account', async () => {
    const first = { ...submission, enrollmentId: 43 };
    fake.failNext({ status: 502, code: 'UNAVAILABLE' }, { delayMs: 400 });
    const opened = await billing({ attemptTimeoutMs: 200 }).submitEnrollment(first);
    expect(fake.calls.map((c) => c.idempotencyKey)).toEqual([
      'enrollment:7:43:attempt:1',
      'enrollment:7:43:attempt:1',
      'enrollment:7:43:attempt:1',
    ]);
    expect(fake.handled).toHaveLength(1);
    const again = await billing().submitEnrollment({ ...first, submissionAttempt: 2 });
    expect(fake.calls.at(-1)!.idempotencyKey).toBe('enrollment:7:43:attempt:2');
    expect(again).toEqual(opened);
  });

  it('answers accepted_with_errors with the errors', async () => {
    const mismatch = {
      ...submission,
      enrollmentId: 44,
      customer: { ...submission.customer, lastName: 'Mismatch' },
    };
    expect(await billing().submitEnrollment(mismatch)).toMatchObject({
      outcome: 'accepted_with_errors',
      errors: ['Rate code unknown'],
    });
  });

  it('is unavailable when the connector times out, hangs up or answers something else than the contract', async () => {
    fake.failNext({ delayMs: 500 });
    await expect(
      billing({ attemptTimeoutMs: 150, maxAttempts: 1 }).submitEnrollment(submission),
    ).rejects.toThrow(
      new BillingUnavailableError(
        'The billing system did not answer within 150 ms (submitEnrollment, attempt 1).',
      ),
    );
    fake.failNext({ hangUp: true }, { hangUp: true });
    await expect(billing({ maxAttempts: 2 }).submitEnrollment(submission)).rejects.toThrow(
      BillingUnavailableError,
    );
    fake.failNext({ malformed: 'wrong-shape' });
    await expect(billing().submitEnrollment(submission)).rejects.toThrow(/breaks the contract/);
  });
});

describe('billing account reads from a billing system connector', () => {
  let number: string;
  beforeAll(async () => {
    number = (await billing().submitEnrollment({ ...submission, enrollmentId: 50 })).billingAccountNumber;
  });

  it('looks the account up by its number: statements, one statement, charges, usage and summary', async () => {
    const system = billing();
    const [statement] = await system.statements(account(number));
    expect(statement).toMatchObject({ token: `${number}-2026-05`, usage: 1000, balanceCents: 12900 });
    expect(await system.statement(account(number), statement!.token)).toEqual(statement);
    expect(await system.statement(account(number), 'no-such-token')).toBeNull();
    expect(await system.charges(account(number))).toEqual([
      expect.objectContaining({ kind: 'ENERGY', amountCents: 12900, statementToken: statement!.token }),
    ]);
    expect(await system.usageHistory(account(number))).toEqual([
      expect.objectContaining({ token: statement!.token, usage: 1000, currentChargesCents: 12900 }),
    ]);
    expect(await system.summary(account(number))).toMatchObject({
      billingAccountNumber: number,
      currentBalanceCents: 12900,
      statementCount: 1,
    });
    expect(fake.calls.map((c) => c.path)).toEqual([
      '/v1/billing-accounts/statements',
      '/v1/billing-accounts/statement',
      '/v1/billing-accounts/statement',
      '/v1/billing-accounts/charges',
      '/v1/billing-accounts/usage-history',
      '/v1/billing-accounts/summary',
    ]);
    expect(fake.calls[1]!.body).toEqual({ account: account(number), statementToken: statement!.token });
    expect(new Set(fake.calls.map((c) => c.idempotencyKey)).size).toBe(6);
    for (const call of fake.calls) expect(call.idempotencyKey).toMatch(/^billing-read:[0-9a-f-]{36}$/);
  });

  it('answers an account not submitted yet (no number) with nothing, and refuses a number it does not know', async () => {
    expect(await billing().statements(account(null))).toEqual([]);
    const unknown = billing().statements(account('VND-999'));
    await expect(unknown).rejects.toThrow(ConnectorRefusedError);
    await expect(unknown).rejects.toThrow('HTTP 404 ACCOUNT_NOT_FOUND');
  });

  it('retries a read that failed, then is unavailable when the connector stays down', async () => {
    fake.failNext({ status: 500, code: 'INTERNAL_ERROR' });
    expect(await billing().statements(account(number))).toHaveLength(1);
    fake.failNext(...Array.from({ length: 4 }, () => ({ status: 503, code: 'UNAVAILABLE' })));
    await expect(billing().summary(account(number))).rejects.toThrow(
      /^The billing system answered HTTP 503 UNAVAILABLE \(accountSummary, attempt 4\)\.$/,
    );
  });
});
