import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import {
  activateEnrollment,
  dayOn,
  freshEsiid,
  pendingEnrollment,
  planId,
  requiredOptions,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * Staff acting for a customer in the console: notes, a password-reset link, a notification sent again, and the
 * enrollment changes the customer may make (delivery method, drop, transfer, renewal) under the customer's own rules,
 * each named in the enrollment's history and appended to the audit log.
 */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const as = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let plan: number;
let options: number[];
let support: StaffBrowser;

/** The sandbox customer (who has a login) or a new one, with a PENDING enrollment starting in a week. */
async function pending(customer: Record<string, unknown> = { idCustomer: 1 }) {
  return pendingEnrollment(api, await api.sandboxToken(), { plan, options, customer });
}

/** The enrollment's status history, newest first, as the enrollment page shows it. */
const timeline = async (browser: StaffBrowser, id: number) =>
  (await browser.call('GET', `/enrollments/${id}`)).body.data.timeline as { reason: string; to: string }[];

const auditEntries = async (query: Record<string, string>) => {
  const admin = await as('Administrator');
  const { body } = await admin.call('GET', '/audit-log', { query: { ...query, pageSize: 100 } });
  return (body.data as { action: string; actor: string; summary: string }[]).map((e) => ({
    action: e.action,
    actor: e.actor,
    summary: e.summary,
  }));
};

beforeAll(async () => {
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, await api.sandboxToken(), plan);
  support = await as('Customer support');
});

describe('notes by staff', () => {
  it('are added by support staff, shown newest first with their author, and audited', async () => {
    for (const body of ['Called about the deposit.', 'Will pay on Friday.'])
      expect((await support.call('POST', '/customers/1/notes', { body: { body } })).status).toBe(200);
    const profile = (await support.call('GET', '/customers/1')).body.data;
    expect(profile.notes.slice(0, 2)).toMatchObject([
      { author: 'staff:support@bluebonnet.example', body: 'Will pay on Friday.' },
      { author: 'staff:support@bluebonnet.example', body: 'Called about the deposit.' },
    ]);
    expect(await auditEntries({ action: 'customer.note' })).toContainEqual(
      expect.objectContaining({ action: 'customer.note', actor: 'support@bluebonnet.example' }),
    );
  });

  it('refuses an empty note, an unknown customer, and a role that may not act for customers', async () => {
    expectFailure(
      await support.call('POST', '/customers/1/notes', { body: { body: '' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await support.call('POST', '/customers/999999/notes', { body: { body: 'Hello' } }),
      404,
      'NOT_FOUND',
    );
    const auditor = await as('Read-only');
    expectFailure(
      await auditor.call('POST', '/customers/1/notes', { body: { body: 'Hello' } }),
      403,
      'PERMISSION_DENIED',
    );
  });
});

describe('a password-reset link sent by staff', () => {
  it('queues the reset mail to the customer’s own address and tells staff where it went, masked', async () => {
    const before = await api.db.kysely
      .selectFrom('mail_outbox')
      .select('id')
      .where('template', '=', 'reset-password')
      .execute();
    const response = await support.call('POST', '/customers/1/password-reset-link');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const customer = await api.db.kysely
      .selectFrom('customers')
      .select('email')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(response.body.data.sentTo).toContain('***@');
    expect(response.body.data.sentTo).not.toContain(customer.email!.split('@')[0]);
    const after = await api.db.kysely
      .selectFrom('mail_outbox')
      .select('id')
      .where('template', '=', 'reset-password')
      .execute();
    expect(after.length).toBe(before.length + 1);
    expect(await auditEntries({ action: 'customer.password-reset-link' })).toContainEqual(
      expect.objectContaining({ summary: expect.stringContaining(response.body.data.sentTo) }),
    );

    // The customer's enrollment page lists the mail, newest first, queued and then sent; never its text.
    const { id: enrollmentId } = await api.db.kysely
      .selectFrom('enrollments')
      .select('id')
      .where('customer_id', '=', 1)
      .executeTakeFirstOrThrow();
    const newestMail = async () =>
      (await support.call('GET', `/enrollments/${enrollmentId}`)).body.data.mail[0];
    expect(await newestMail()).toMatchObject({ template: 'reset-password', status: 'queued', sentAt: null });
    await api.app.voltin.scheduler.runNow('deliver-mail');
    const sent = await newestMail();
    expect(sent).toMatchObject({ template: 'reset-password', status: 'sent', sentAt: expect.any(String) });
    expect(Object.keys(sent).sort()).toEqual([
      'at',
      'attempts',
      'id',
      'sentAt',
      'status',
      'subject',
      'template',
    ]);
  });

  it('answers 409 for a customer who has no login', async () => {
    const id = await pending({ lastName: 'Nologin' });
    const customerId = (await support.call('GET', `/enrollments/${id}`)).body.data.enrollment.id_customer;
    expectFailure(
      await support.call('POST', `/customers/${customerId}/password-reset-link`),
      409,
      'CUSTOMER_HAS_NO_LOGIN',
    );
  });
});

describe('a notification sent again', () => {
  it('is a copy at the top of the customer’s list, unread, and the original stays', async () => {
    await pending();
    clock.advance(120);
    await api.app.voltin.scheduler.runNow('create-notifications');
    support = await as('Customer support');
    const [original] = (await support.call('GET', '/customers/1')).body.data.notifications;
    expect(original).toBeDefined();
    clock.advance(60);
    const response = await support.call('POST', `/notifications/${original.id_notification}/resend`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const notifications = (await support.call('GET', '/customers/1')).body.data.notifications;
    expect(notifications[0]).toMatchObject({
      id_notification: response.body.data.id_notification,
      read_date: null,
      messages: original.messages,
    });
    expect(notifications.map((n: { id_notification: number }) => n.id_notification)).toContain(
      original.id_notification,
    );
    expectFailure(await support.call('POST', '/notifications/999999/resend'), 404, 'NOT_FOUND');
  });
});

describe('enrollment changes on the customer’s behalf', () => {
  it('drops a pending enrollment (a cancellation), named in the history and audited with both statuses', async () => {
    const id = await pending();
    const response = await support.call('POST', `/enrollments/${id}/drop`, {
      body: { effectiveDate: dayOn(clock, 3), reasonCodeId: 1 },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.enrollment.status).toBe('CANCELLED');
    expect((await timeline(support, id))[0]?.reason).toContain(
      "asked by staff:support@bluebonnet.example on the customer's behalf",
    );
    expect(await auditEntries({ targetType: 'enrollment', targetId: String(id) })).toContainEqual(
      expect.objectContaining({
        action: 'customer.drop',
        summary: expect.stringContaining('PENDING → CANCELLED'),
      }),
    );
    expectFailure(
      await support.call('POST', `/enrollments/${id}/drop`, {
        body: { effectiveDate: dayOn(clock, 3), reasonCodeId: 1 },
      }),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );
  });

  it('refuses Pricing staff, who may only read', async () => {
    const id = await pending();
    const pricing = await as('Pricing');
    expectFailure(
      await pricing.call('POST', `/enrollments/${id}/drop`, {
        body: { effectiveDate: dayOn(clock, 3), reasonCodeId: 1 },
      }),
      403,
      'PERMISSION_DENIED',
    );
  });

  it('changes the delivery method, renews and transfers an active enrollment under the customer’s rules', async () => {
    const id = await pending();
    // Service started 11 months ago: inside the renewal window of the 12-month contract.
    await activateEnrollment(api, clock, id, { daysAgo: 330 });
    const agent = await as('Operations agent');

    const delivery = await agent.call('POST', `/enrollments/${id}/delivery-method`, {
      body: { id_method_delivery: 3 },
    });
    expect(delivery.status, JSON.stringify(delivery.body)).toBe(200);
    expect(delivery.body.data.id_method_delivery).toBe(3);

    // The choices are the plans on sale for its utility and customer type that accept renewals (not daily-rate ones).
    const choices = (await agent.call('GET', `/enrollments/${id}/renewal-plans`)).body.data as {
      id: number;
      rateType: string;
      onSale: boolean;
      acceptanceOptions: { id: number; required: boolean }[];
    }[];
    const row = await api.db.kysely
      .selectFrom('enrollments')
      .select(['utility_id', 'customer_type_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const onSale = (
      await api.call('GET', '/plans/for-wizard', {
        token: await api.sandboxToken(),
        query: { ids_utilities: row.utility_id, customer_type: row.customer_type_id },
      })
    ).body.data as { id_plan: number; not_able_renewals: boolean }[];
    expect(onSale.some((p) => p.not_able_renewals)).toBe(true);
    expect(choices.map((c) => c.id).sort()).toEqual(
      onSale
        .filter((p) => !p.not_able_renewals)
        .map((p) => p.id_plan)
        .sort(),
    );
    expect(choices.every((c) => c.onSale && c.rateType !== 'Daily Rate')).toBe(true);
    const other = choices.find((c) => c.id !== plan)!;

    const renewal = await agent.call('POST', `/enrollments/${id}/renewal`, {
      body: {
        planId: other.id,
        agreedAcceptanceValues: other.acceptanceOptions.filter((o) => o.required).map((o) => o.id),
      },
    });
    expect(renewal.status, JSON.stringify(renewal.body)).toBe(200);
    const renewedId = renewal.body.data.enrollmentId;
    expect((await agent.call('GET', `/enrollments/${renewedId}`)).body.data.enrollment.id_plan).toBe(
      other.id,
    );
    expect((await timeline(agent, id)).map((h) => h.reason)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Billing delivery method changed to'),
        `Renewal ${renewedId} requested (asked by staff:agent@bluebonnet.example on the customer's behalf)`,
      ]),
    );
    // The customer's rule holds for staff too: one renewal at a time.
    expectFailure(
      await agent.call('POST', `/enrollments/${id}/renewal`, {
        body: { planId: plan, agreedAcceptanceValues: options },
      }),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );

    // Where the plan is not sold, the answer asks for a new plan: nothing changed, nothing is audited.
    const elsewhere = await agent.call('POST', `/enrollments/${id}/transfer-service`, {
      body: {
        currentServiceEffectiveDate: dayOn(clock, 5),
        newServiceStartDate: dayOn(clock, 5),
        serviceAddress: {
          address: '500 Congress Ave',
          city: 'Austin',
          state: 'TX',
          zipcode: '78701',
          ldcAccount: freshEsiid(),
        },
      },
    });
    expect(elsewhere.body.data).toMatchObject({ open_wizard: true, id_new_enrollment: null });

    const transfer = await agent.call('POST', `/enrollments/${id}/transfer-service`, {
      body: {
        currentServiceEffectiveDate: dayOn(clock, 5),
        newServiceStartDate: dayOn(clock, 5),
        serviceAddress: {
          address: '2200 Ross Ave',
          city: 'Dallas',
          state: 'TX',
          zipcode: '75201',
          ldcAccount: freshEsiid(),
        },
      },
    });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
    expect(transfer.body.data).toMatchObject({ open_wizard: false, error: null });
    expect((await timeline(agent, id))[0]).toMatchObject({
      to: 'DROP_PENDING',
      reason: expect.stringContaining('asked by staff:agent@bluebonnet.example'),
    });
    expect(
      (await auditEntries({ targetType: 'enrollment', targetId: String(id) })).map((e) => e.action),
    ).toEqual(expect.arrayContaining(['customer.delivery-method', 'customer.renewal', 'customer.transfer']));
    expect(
      (await auditEntries({ targetType: 'enrollment', targetId: String(id), action: 'customer.transfer' }))
        .length,
    ).toBe(1);
  });
});
