import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import {
  creditCheck,
  enrollmentBody,
  planId,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * The agents' work in the Operations console: the same rules as the API's /agent operations (one service), with
 * the staff member named in the status history and every action in the audit log.
 */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
let plan: number;
let options: number[];
let agent: StaffBrowser;
let admin: StaffBrowser;

/** A new customer's enrollment: "Alert" is a fraud alert (held ON_HOLD), "Rejected" is refused by billing. */
async function enrollmentOf(lastName: string) {
  const token = await api.sandboxToken();
  const check = await creditCheck(api, token, {
    lastName,
    socialSecurityNumber: ssnEnding('720'),
    planId: plan,
  });
  const response = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(plan, options, {
      customer: { lastName },
      payment: { creditCheckId: check.id_credit_check },
    }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.enrollmentId as number;
}

const queue = async (browser: StaffBrowser, name: string, query: Record<string, string | number> = {}) =>
  (await browser.call('GET', '/queues/enrollments', { query: { queue: name, pageSize: 100, ...query } }))
    .body;
const countOf = async (browser: StaffBrowser, name: string) =>
  ((await browser.call('GET', '/queues')).body.data as { queue: string; count: number }[]).find(
    (q) => q.queue === name,
  )!.count;
/** The reasons of the status history (the API shows customers the statuses, not who acted). */
const historyOf = (id: number) =>
  api.db.kysely
    .selectFrom('enrollment_status_history')
    .select('reason')
    .where('enrollment_id', '=', id)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, await api.sandboxToken(), plan);
  agent = await signedIn(api.consoleUrl, staff('Operations agent').email, staff('Operations agent').password);
  admin = await signedIn(api.consoleUrl, staff('Administrator').email, staff('Administrator').password);
});

describe('the work queues in the console', () => {
  it('counts each queue and lists it longest waiting first, with names a person reads', async () => {
    const before = await countOf(agent, 'ON_HOLD');
    const first = await enrollmentOf('Alert');
    clock.advance(600);
    const second = await enrollmentOf('Alert');
    expect(await countOf(agent, 'ON_HOLD')).toBe(before + 2);
    const overview = (await agent.call('GET', '/queues')).body.data as {
      queue: string;
      oldestSince: string | null;
    }[];
    expect(overview.map((q) => q.queue)).toEqual(
      expect.arrayContaining(['ON_HOLD', 'SUBMITTED_WITH_ERRORS', 'credit-letters', 'etf-invoices']),
    );

    const oldestFirst = (await queue(agent, 'ON_HOLD')).data.map((item: { id: number }) => item.id);
    expect(oldestFirst.indexOf(first)).toBeLessThan(oldestFirst.indexOf(second));
    const newestFirst = (await queue(agent, 'ON_HOLD', { order: 'newest' })).data.map(
      (item: { id: number }) => item.id,
    );
    expect(newestFirst.indexOf(second)).toBeLessThan(newestFirst.indexOf(first));

    const item = (await queue(agent, 'ON_HOLD')).data.find((row: { id: number }) => row.id === first);
    expect(item).toMatchObject({
      status: 'ON_HOLD',
      customerName: expect.stringContaining('Alert'),
      planName: 'Bluebonnet Energy 12-Month Fixed Electric',
      utilityName: expect.stringContaining('Oncor'),
    });
    expect(item.reviewReasons.length).toBeGreaterThan(0);
    const page = await queue(agent, 'ON_HOLD', { pageSize: 1, pageNumber: 2 });
    expect(page).toMatchObject({ pageNumber: 2, pageSize: 1, totalRecords: before + 2 });
    expect(page.data).toHaveLength(1);
  });

  it('releases a hold with a reason: the history names the staff member and the audit log has it', async () => {
    const id = await enrollmentOf('Alert');
    const released = await agent.call('POST', `/enrollments/${id}/release-hold`, {
      body: { reason: 'Called the customer, identity confirmed' },
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.data.status).not.toBe('ON_HOLD');
    expect((await historyOf(id)).map((entry) => entry.reason)).toContainEqual(
      'Released by staff:agent@bluebonnet.example: Called the customer, identity confirmed',
    );

    const log = await admin.call('GET', '/audit-log', {
      query: { targetType: 'enrollment', targetId: String(id) },
    });
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({
      actor: 'agent@bluebonnet.example',
      action: 'enrollment.release-hold',
      before: { status: 'ON_HOLD' },
      after: { status: released.body.data.status },
    });
    expect(log.body.data[0].summary).toContain('identity confirmed');

    const page = (await agent.call('GET', `/enrollments/${id}`)).body.data;
    expect(page.enrollment.id_enrollment).toBe(id);
    expect(page.timeline[0]).toMatchObject({ actor: expect.any(String), to: released.body.data.status });
    expect(page.timeline.map((entry: { reason: string }) => entry.reason)).toContain(
      'Released by staff:agent@bluebonnet.example: Called the customer, identity confirmed',
    );
    // The score (720) as a band, with the fraud alert that held it; never the bureau's report.
    expect(page.credit).toMatchObject({ scoreBand: '700–749', fraudAlert: true });
    expect(JSON.stringify(page)).not.toMatch(/"score"|ssn/i);
    expect(page.audit.map((entry: { action: string }) => entry.action)).toEqual(['enrollment.release-hold']);

    expectFailure(
      await agent.call('POST', `/enrollments/${id}/release-hold`, { body: { reason: 'Once more' } }),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );
  });

  it('shows the plan with its prices and the documents the customer was given, and how to reach the customer', async () => {
    const id = await enrollmentOf('Alert');
    const customer = await api.db.kysely
      .selectFrom('enrollments')
      .innerJoin('customers', 'customers.id', 'enrollments.customer_id')
      .select(['customers.email', 'customers.phone'])
      .where('enrollments.id', '=', id)
      .executeTakeFirstOrThrow();
    const read = async () => (await agent.call('GET', `/enrollments/${id}`)).body.data;
    const page = await read();
    expect(page.contact).toEqual({ email: customer.email, phone: customer.phone, language: 'en' });
    expect(page.plan).toMatchObject({
      id: plan,
      name: 'Bluebonnet Energy 12-Month Fixed Electric',
      onSale: true,
      rateType: 'Fixed',
      rateUnit: 'kWh',
      term: 12,
      averagePrices: { at500: expect.any(Number), at1000: expect.any(Number), at2000: expect.any(Number) },
    });
    const types = page.plan.documents.map((d: { type: string }) => d.type);
    expect(types).toEqual(expect.arrayContaining(['EFL', 'TOS', 'YRAC']));
    const efl = await fetch(page.plan.documents.find((d: { type: string }) => d.type === 'EFL').url);
    expect([efl.status, efl.headers.get('content-type')]).toEqual([200, 'application/pdf']);

    // Taken off sale, the plan still backs its enrollments: the page still shows it, said not on sale.
    const published = (value: 0 | 1) =>
      api.db.kysely.updateTable('plans').set({ published: value }).where('id', '=', plan).execute();
    await published(0);
    try {
      expect((await read()).plan).toMatchObject({ id: plan, onSale: false });
    } finally {
      await published(1);
    }
  });

  it('lets only a role with deposits.waive release a hold by waiving the deposit', async () => {
    const id = await enrollmentOf('Alert');
    expectFailure(
      await agent.call('POST', `/enrollments/${id}/release-hold`, {
        body: { reason: 'Waive it', waiveDeposit: true },
      }),
      403,
      'PERMISSION_DENIED',
    );
    expect(
      (
        await admin.call('POST', `/enrollments/${id}/release-hold`, {
          body: { reason: 'Waive it', waiveDeposit: true },
        })
      ).status,
    ).toBe(200);
  });

  it('rejects an enrollment (CANCELLED) and refuses a second rejection', async () => {
    const id = await enrollmentOf('Alert');
    const rejected = await agent.call('POST', `/enrollments/${id}/reject`, {
      body: { reason: 'Fraud confirmed by the bureau' },
    });
    expect(rejected.body.data).toEqual({ id, status: 'CANCELLED' });
    expectFailure(
      await agent.call('POST', `/enrollments/${id}/reject`, { body: { reason: 'Again' } }),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );
    expectFailure(
      await agent.call('POST', `/enrollments/${id}/reject`, { body: { reason: 'x' } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('retries failed submissions one by one or several at once, each answering for itself', async () => {
    const failed = [await enrollmentOf('Rejected'), await enrollmentOf('Rejected')];
    const held = await enrollmentOf('Alert');
    for (const id of failed) {
      const row = (await queue(agent, 'SUBMITTED_WITH_ERRORS')).data.find(
        (item: { id: number }) => item.id === id,
      );
      expect(row?.billingErrors.length, `enrollment ${id}`).toBeGreaterThan(0);
    }
    const results = await agent.call('POST', '/enrollments/retry-submissions', {
      body: { ids: [...failed, held] },
    });
    expect(results.status).toBe(200);
    expect(results.body.data.map((r: { id: number; retried: boolean }) => [r.id, r.retried])).toEqual([
      [failed[0], true],
      [failed[1], true],
      [held, false],
    ]);
    expect(results.body.data[2].message).toContain('Only a failed submission');
    const one = await agent.call('POST', `/enrollments/${failed[0]}/retry-submission`);
    expect(one.status).toBe(200);
  });

  it('corrects what the billing system refused and sends it again, naming the fields in the history', async () => {
    const id = await enrollmentOf('Rejected');
    const corrected = await agent.call('POST', `/enrollments/${id}/correct`, {
      body: {
        reason: 'Customer spelled the surname for us',
        customer: { lastName: 'Rivera' },
        serviceAddress: { address: '1201 Elm St Apt 4', city: 'Dallas', zipcode: '75201' },
      },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.data.status).toBe('PENDING');
    expect((await historyOf(id)).map((h) => h.reason)).toContain(
      'Corrected by staff:agent@bluebonnet.example (service address, last name): Customer spelled the surname for us',
    );
    const page = (await agent.call('GET', `/enrollments/${id}`)).body.data;
    expect(page.enrollment.service_address).toMatchObject({ address_1: '1201 Elm St Apt 4' });
    expect(page.summary).toMatchObject({
      id,
      status: 'PENDING',
      customerName: expect.stringContaining('Rivera'),
    });
    expect(page.notifications).toEqual(expect.any(Array));
    expect(page.audit[0]).toMatchObject({ action: 'enrollment.correct' });
    // Accepted now: there is nothing left to correct.
    expectFailure(
      await agent.call('POST', `/enrollments/${id}/correct`, {
        body: { reason: 'Again', customer: { lastName: 'Ng' } },
      }),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );
  });

  it('keeps a correction inside the utility’s territory, refuses an empty one and a role that may not act', async () => {
    const id = await enrollmentOf('Rejected');
    expectFailure(
      await agent.call('POST', `/enrollments/${id}/correct`, {
        body: {
          reason: 'Moved',
          serviceAddress: { address: '900 Travis St', city: 'Houston', zipcode: '77002' },
        },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await agent.call('POST', `/enrollments/${id}/correct`, { body: { reason: 'Nothing' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await agent.call('POST', `/enrollments/${id}/correct`, {
        body: { reason: 'Bad', customer: { phone: '12' } },
      }),
      400,
      'VALIDATION_FAILED',
    );
    const pricing = await signedIn(api.consoleUrl, staff('Pricing').email, staff('Pricing').password);
    expectFailure(
      await pricing.call('POST', `/enrollments/${id}/correct`, {
        body: { reason: 'Hi', customer: { lastName: 'Ng' } },
      }),
      403,
      'PERMISSION_DENIED',
    );
    // Corrected without sending it again: it stays refused, with the fix recorded, until retried.
    const kept = await agent.call('POST', `/enrollments/${id}/correct`, {
      body: {
        reason: 'Name fixed, waiting for the premise check',
        customer: { lastName: 'Rivera' },
        resubmit: false,
      },
    });
    expect(kept.body.data.status).toBe('SUBMITTED_WITH_ERRORS');
  });

  it('shows another company’s enrollment to nobody: 404 as for any missing one', async () => {
    const other = await api.db.kysely
      .insertInto('retail_companies')
      .values({ name: 'Other Power', slug: 'other-power-console', created_at: clock.now().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await enrollmentOf('Alert');
    await api.db.kysely
      .updateTable('staff_users')
      .set({ company_id: other.id })
      .where('email', '=', 'support@bluebonnet.example')
      .execute();
    try {
      const outsider = await signedIn(api.consoleUrl, 'support@bluebonnet.example', 'Support-Password-1');
      expect((await queue(outsider, 'ON_HOLD')).totalRecords).toBe(0);
      expect(await countOf(outsider, 'ON_HOLD')).toBe(0);
      await api.db.kysely
        .updateTable('staff_users')
        .set({ roles: JSON.stringify(['Administrator']) })
        .where('email', '=', 'support@bluebonnet.example')
        .execute();
      expectFailure(
        await outsider.call('POST', `/enrollments/${id}/reject`, { body: { reason: 'Not mine' } }),
        404,
        'NOT_FOUND',
      );
      expect((await outsider.call('GET', '/audit-log')).body.totalRecords).toBe(0);
      expect((await outsider.call('GET', '/staff')).body.data.map((u: { email: string }) => u.email)).toEqual(
        ['support@bluebonnet.example'],
      );
    } finally {
      await api.db.kysely
        .updateTable('staff_users')
        .set({
          company_id: (
            await api.db.kysely
              .selectFrom('retail_companies')
              .select('id')
              .where('slug', '=', 'bluebonnet-energy')
              .executeTakeFirstOrThrow()
          ).id,
          roles: JSON.stringify(['Customer support']),
        })
        .where('email', '=', 'support@bluebonnet.example')
        .execute();
    }
  });
});
