import { beforeAll, describe, expect, it } from 'vitest';
import { type BillingAccounts, BillingUnavailableError } from '../../../src/adapters/billing-system/port.js';
import { createSandboxBillingSystem } from '../../../src/adapters/billing-system/sandbox.js';
import { addMonths } from '../../../src/domain/dates.js';
import {
  activateEnrollment,
  daysFromToday,
  pendingEnrollment,
  planId,
  requiredOptions,
  savedCard,
} from '../../fixtures/enrollments.js';
import { useTestApi } from '../../helpers/app.js';

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
  token = await api.sandboxToken();
  ({ customerHash, customerId } = await api.sandboxCustomerHash());
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  fixed24 = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
});

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
    // Three months of service, nothing paid: the billing system holds statements with a balance.
    const start = addMonths(daysFromToday(-5), -3);
    const old = await pendingEnrollment(api, token, {
      plan: fixed12,
      options: await requiredOptions(api, token, fixed12),
      customer: { idCustomer: customerId },
    });
    await activateEnrollment(api, old, start, 12);
    await api.db.kysely
      .updateTable('enrollments')
      .set({ contract_end_date: daysFromToday(20) }) // inside the renewal window
      .where('id', '=', old)
      .execute();
    const owedBefore = data(await asCustomer(`/billing/summary/${old}`));
    expect(owedBefore.statementCount).toBe(3);
    expect(owedBefore.amountDueAmt).toBeGreaterThan(0);
    const statementsBefore = data(await asCustomer(`/billing/statements/${old}`));

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
    await api.app.voltin.scheduler.runNow('submit-renewals');
    await api.db.kysely
      .updateTable('enrollments')
      .set({ contract_start_date: daysFromToday(0) })
      .where('id', '=', renewed)
      .execute();
    await api.app.voltin.scheduler.runNow('advance-enrollments');
    expect(await statusesListed([old, renewed])).toEqual({ [old]: 'ARCHIVED', [renewed]: 'ACTIVE' });
    const owedAfter = data(await asCustomer(`/billing/summary/${old}`));
    expect(owedAfter).toMatchObject({
      amountDueAmt: owedBefore.amountDueAmt,
      currentBalanceAmt: owedBefore.currentBalanceAmt,
      statementCount: 3,
      // Its term ended when the renewal took over today: one final statement, tomorrow, for the days since the last read.
      nextStatementDate: daysFromToday(1),
    });
    expect(data(await asCustomer(`/billing/statements/${old}`))).toEqual(statementsBefore);

    // While the billing system does not answer, the list still answers, and shows the replaced term rather than hide
    // what may be owed on it.
    billingReads.down = true;
    try {
      expect(await statusesListed([old, renewed])).toEqual({ [old]: 'ARCHIVED', [renewed]: 'ACTIVE' });
    } finally {
      billingReads.down = false;
    }

    // Paid in full, the replaced term leaves the list; the renewal stays.
    const card = await savedCard(api, { token, customerHash, customerId });
    const paid = data(
      await api.call('POST', '/payments/pay', {
        token,
        customerHash,
        body: {
          idEnrollment: old,
          customerProfileToken: card.customer_profile_token,
          paymentProfileToken: card.payment_profile_token,
          amount: owedAfter.currentBalanceAmt,
        },
      }),
    );
    expect(paid).toMatchObject({ id_enrollment: old, status: 'approved' });
    expect(data(await asCustomer(`/billing/summary/${old}`)).amountDueAmt).toBe(0);
    expect(await statusesListed([old, renewed])).toEqual({ [renewed]: 'ACTIVE' });
  });

  it('does not list a replaced term that owes nothing', async () => {
    const old = await pendingEnrollment(api, token, {
      plan: fixed12,
      options: await requiredOptions(api, token, fixed12),
      customer: { idCustomer: customerId },
    });
    await activateEnrollment(api, old, daysFromToday(0), 12);
    await api.db.kysely
      .updateTable('enrollments')
      .set({ contract_end_date: daysFromToday(20) })
      .where('id', '=', old)
      .execute();
    const renewed = data(
      await api.call('POST', `/enrollments/${old}/renewal`, {
        token,
        body: { planId: fixed24, agreedAcceptanceValues: await requiredOptions(api, token, fixed24) },
      }),
    ).enrollmentId as number;
    await api.app.voltin.scheduler.runNow('submit-renewals');
    await api.db.kysely
      .updateTable('enrollments')
      .set({ contract_start_date: daysFromToday(0) })
      .where('id', '=', renewed)
      .execute();
    await api.app.voltin.scheduler.runNow('advance-enrollments');
    expect(data(await asCustomer(`/billing/summary/${old}`)).amountDueAmt).toBe(0);
    expect(await statusesListed([old, renewed])).toEqual({ [renewed]: 'ACTIVE' });
  });
});
