import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BillingAccounts, BillingUnavailableError } from '../../../src/adapters/billing-system/port.js';
import { createSandboxBillingSystem } from '../../../src/adapters/billing-system/sandbox.js';
import { addDays } from '../../../src/domain/dates.js';
import { daysFromToday, planId, requiredOptions, savedCard } from '../../fixtures/enrollments.js';
import { useTestApi } from '../../helpers/app.js';
import { activeEnrollments, customerSession, login, travelTo } from './rules.js';

/** While `down`, the billing system does not answer account reads. */
const billingReads = { down: false };
const api = useTestApi(
  { backgroundTasks: false },
  {
    billingAccounts: ((): BillingAccounts => {
      const sandbox = createSandboxBillingSystem();
      const read =
        <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
        (...args: A) =>
          billingReads.down
            ? Promise.reject(new BillingUnavailableError('Injected: no answer.'))
            : call(...args);
      return {
        statements: read(sandbox.statements),
        statement: read(sandbox.statement),
        charges: read(sandbox.charges),
        usageHistory: read(sandbox.usageHistory),
        summary: read(sandbox.summary),
      };
    })(),
  },
);
let token: string;
let customerHash: string;
let customerId: number;
let fixed12: number;
let fixed24: number;

beforeAll(async () => {
  token = await login(api);
  ({ customerHash, customerId } = await customerSession(api, token));
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  fixed24 = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
});

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock to `day` (see travelTo) and signs the account and the sandbox customer in again there. */
async function moveTo(day: string) {
  token = await travelTo(api, day);
  ({ customerHash } = await customerSession(api, token));
}

/**
 * The sandbox customer's 12-month enrollment, made today and started a week later, with the clock moved on to 20
 * days before its contract ends (inside the renewal window): its id and the contract's last day.
 */
async function servedAlmostAYear(): Promise<{ old: number; end: string }> {
  const plan = { id: fixed12, options: await requiredOptions(api, token, fixed12), term: 12 };
  const { ids, end } = await activeEnrollments(api, plan, daysFromToday(0), 1, () => ({
    customer: { idCustomer: customerId },
  }));
  await moveTo(addDays(end, -20));
  return { old: ids[0]!, end };
}

/** The sandbox customer pays the enrollment's current balance with a card saved for it. */
async function payInFull(id: number) {
  const { currentBalanceAmt } = data(await asCustomer(`/billing/summary/${id}`));
  const card = await savedCard(api, { token, customerHash, customerId });
  const paid = data(
    await api.call('POST', '/payments/pay', {
      token,
      customerHash,
      body: {
        idEnrollment: id,
        customerProfileToken: card.customer_profile_token,
        paymentProfileToken: card.payment_profile_token,
        amount: currentBalanceAmt,
      },
    }),
  );
  expect(paid).toMatchObject({ id_enrollment: id, status: 'approved' });
}

/** The renewal of `old` starts the day after its contract ends: the clock is moved there, and the lifecycle task runs. */
async function startRenewal(end: string) {
  await api.app.voltin.scheduler.runNow('submit-renewals');
  await moveTo(addDays(end, 1));
}

const asCustomer = (path: string) => api.call('GET', path, { token, customerHash });
const listed = async () =>
  (await asCustomer(`/customers/${customerId}/enrollments`)).body.data as Array<{
    id_enrollment: number;
    status: string;
  }>;
/** The statuses the customer's list shows for these enrollments (those it does not list are absent). */
const statusesListed = async (ids: number[]) =>
  Object.fromEntries(
    (await listed()).filter((e) => ids.includes(e.id_enrollment)).map((e) => [e.id_enrollment, e.status]),
  );

/** Stops the test when an API call did not succeed, showing its answer. */
function data(response: { status: number; body: any }) {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

describe('GET /customers/{id}/enrollments after a renewal: what is owed on the old term stays in view', () => {
  it('lists the old term beside its renewal, then, once the renewal starts, as long as its balance is owed', async () => {
    // Eleven months of service, nothing paid: the billing system holds statements with a balance.
    const { old, end } = await servedAlmostAYear();
    const owedBefore = data(await asCustomer(`/billing/summary/${old}`));
    expect(owedBefore.statementCount).toBe(11);
    expect(owedBefore.amountDueAmt).toBeGreaterThan(0);

    const renewed = data(
      await api.call('POST', `/enrollments/${old}/renewal`, {
        token,
        body: { planId: fixed24, agreedAcceptanceValues: await requiredOptions(api, token, fixed24) },
      }),
    ).enrollmentId as number;

    // Renewal scheduled: both are listed, the old one still serving and owing.
    expect(await statusesListed([old, renewed])).toEqual({ [old]: 'ACTIVE', [renewed]: 'RENEWAL_PENDING' });
    expect(data(await asCustomer(`/billing/summary/${old}`)).amountDueAmt).toBe(owedBefore.amountDueAmt);

    // The renewal starts today: the old term is replaced, and what it owes is still listed and shown.
    await startRenewal(end);
    const owedAtEnd = data(await asCustomer(`/billing/summary/${old}`));
    const statementsAtEnd = data(await asCustomer(`/billing/statements/${old}`));
    await api.app.voltin.scheduler.runNow('advance-enrollments');
    expect(await statusesListed([old, renewed])).toEqual({ [old]: 'ARCHIVED', [renewed]: 'ACTIVE' });
    const owedAfter = data(await asCustomer(`/billing/summary/${old}`));
    expect(owedAfter).toMatchObject({
      amountDueAmt: owedAtEnd.amountDueAmt,
      currentBalanceAmt: owedAtEnd.currentBalanceAmt,
      statementCount: owedAtEnd.statementCount,
      // Its term ended when the renewal took over today: one final statement, tomorrow, for the days since the last read.
      nextStatementDate: daysFromToday(1),
    });
    expect(data(await asCustomer(`/billing/statements/${old}`))).toEqual(statementsAtEnd);

    // While the billing system does not answer, the list still answers, and shows the replaced term rather than hide
    // what may be owed on it.
    billingReads.down = true;
    try {
      expect(await statusesListed([old, renewed])).toEqual({ [old]: 'ARCHIVED', [renewed]: 'ACTIVE' });
    } finally {
      billingReads.down = false;
    }

    // Paid in full, the replaced term leaves the list; the renewal stays.
    await payInFull(old);
    expect(data(await asCustomer(`/billing/summary/${old}`)).amountDueAmt).toBe(0);
    expect(await statusesListed([old, renewed])).toEqual({ [renewed]: 'ACTIVE' });
  });

  it('does not list a replaced term that owes nothing', async () => {
    const { old, end } = await servedAlmostAYear();
    const renewed = data(
      await api.call('POST', `/enrollments/${old}/renewal`, {
        token,
        body: { planId: fixed24, agreedAcceptanceValues: await requiredOptions(api, token, fixed24) },
      }),
    ).enrollmentId as number;
    await startRenewal(end);
    await payInFull(old);
    await api.app.voltin.scheduler.runNow('advance-enrollments');
    expect(data(await asCustomer(`/billing/summary/${old}`)).amountDueAmt).toBe(0);
    expect(await statusesListed([old, renewed])).toEqual({ [renewed]: 'ACTIVE' });
  });
});
