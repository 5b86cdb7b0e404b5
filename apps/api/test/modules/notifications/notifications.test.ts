import { beforeAll, describe, expect, it } from 'vitest';
import { createSandboxBillingSystem } from '../../../src/adapters/billing-system/sandbox.js';
import type { ChargeStatus, TransactionType } from '../../../src/domain/charges.js';
import { createBillingService } from '../../../src/modules/billing/index.js';
import { ENROLLMENT_STATUSES, LIFECYCLE } from '../../../src/modules/enrollments/index.js';
import {
  createNotificationsService,
  NOTIFICATION_MESSAGES,
  QUIET_STATUSES,
  STATUS_MESSAGES,
} from '../../../src/modules/notifications/index.js';
import {
  activateEnrollment,
  pendingEnrollment,
  planId,
  recordCharge,
  requiredOptions,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';

const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
let token: string;
let customerHash: string;
let customerId: number;
let fixed12: number;
let options: number[];

const createEnrollment = (customer: Record<string, unknown> = { idCustomer: customerId }) =>
  pendingEnrollment(api, token, { plan: fixed12, options, customer });
/** Service starts on the clock (`daysAgo` days before the clock's new today); the customer signs in again then. */
async function activate(id: number, daysAgo = 0) {
  await activateEnrollment(api, clock, id, { daysAgo });
  await signIn();
}
const charge = (enrollmentId: number, type: TransactionType, amountCents: number, status: ChargeStatus) =>
  recordCharge(api, { enrollmentId, type, amountCents, status });

const runTask = () => api.app.voltin.scheduler.runNow('create-notifications');

async function notifications(query: Record<string, any> = {}) {
  const response = await api.call('GET', `/notifications/by-customer/${customerId}`, {
    token,
    customerHash,
    query,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as any[];
}
const about = (list: any[], enrollmentId: number, kind?: string) =>
  list.filter((n) => n.id_enrollment === enrollmentId && (kind === undefined || n.kind === kind));

async function signIn() {
  token = await api.sandboxToken();
  ({ customerHash, customerId } = await api.sandboxCustomerHash());
}

beforeAll(async () => {
  await signIn();
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, fixed12);
});

describe('the message table', () => {
  it('announces every status a customer sees except the Processing ones, with unique message ids', () => {
    for (const status of ENROLLMENT_STATUSES) {
      const announced = STATUS_MESSAGES[status] !== undefined;
      const silent = LIFECYCLE[status].hiddenFromCustomers === true || QUIET_STATUSES.includes(status);
      expect(announced, status).toBe(!silent);
    }
    const ids = Object.values(NOTIFICATION_MESSAGES).map((m) => m.id_message);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('create-notifications', () => {
  it('notifies each status change once, however often it runs', async () => {
    const id = await createEnrollment();
    await runTask();
    await runTask();
    let list = about(await notifications(), id);
    expect(list.map((n) => n.kind)).toEqual(['enrollment-pending']);
    expect(list[0]).toMatchObject({
      id_customer: customerId,
      id_message: 110,
      read_date: null,
      messages: { subject: 'Your enrollment is confirmed', display_priority: 2 },
    });
    expect(list[0].messages.message).toContain(`1201 Elm St, Dallas (enrollment ${id})`);

    await activate(id);
    await runTask();
    await runTask();
    list = about(await notifications(), id);
    expect(list.map((n) => n.kind)).toEqual(['enrollment-active', 'enrollment-pending']);
  });

  it('notifies payments received and failed, and not pending ones', async () => {
    const id = await createEnrollment();
    await activate(id);
    await charge(id, 'ONE_TIME_PAYMENT', 4550, 'approved');
    await charge(id, 'RECURRING_BILLING', 9900, 'declined');
    await charge(id, 'ONE_TIME_PAYMENT', 1200, 'pending');
    await runTask();
    await runTask();
    const list = about(await notifications(), id);
    expect(about(list, id, 'payment-received').map((n) => n.messages)).toEqual([
      expect.objectContaining({ subject: 'We received your payment', display_priority: 3 }),
    ]);
    expect(about(list, id, 'payment-received')[0].messages.message).toContain('$45.50');
    expect(about(list, id, 'payment-failed').map((n) => n.messages)).toEqual([
      expect.objectContaining({ subject: 'Your payment did not go through', display_priority: 1 }),
    ]);
    expect(about(list, id, 'payment-failed')[0].messages.message).toContain('$99.00');

    // The pending one settles later: notified then, once. (The gateway settles a pending charge on its own side;
    // neither the API nor the sandbox gateway does it on request, so its answer is written as recorded.)
    await api.db.kysely
      .updateTable('charge_transactions')
      .set({ status: 'approved', updated_at: clock.now().toISOString() })
      .where('enrollment_id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    await runTask();
    await runTask();
    expect(about(await notifications(), id, 'payment-received')).toHaveLength(2);
  });

  it('notifies the newest statement of an enrollment in service once, with its balance and due date', async () => {
    const id = await createEnrollment();
    await activate(id, 75);
    await runTask();
    await runTask();
    const ready = about(await notifications(), id, 'statement-ready');
    expect(ready).toHaveLength(1);
    const [latest] = (await api.call('GET', `/billing/statements/${id}`, { token, customerHash })).body.data;
    expect(ready[0]).toMatchObject({ id_message: 301, messages: { subject: 'Your statement is ready' } });
    expect(ready[0].messages.message).toContain(`due ${latest.dueDate}`);
    expect(ready[0].messages.message).toContain(
      `$${latest.stmtBalanceAmt.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
  });

  it('creates each notification once when two API nodes run the sweep at the same moment', async () => {
    const id = await createEnrollment();
    await activate(id, 40);
    await charge(id, 'ONE_TIME_PAYMENT', 3000, 'approved');
    const node = () =>
      createNotificationsService({
        db: api.db.kysely,
        billing: createBillingService(api.db.kysely, createSandboxBillingSystem(), api.app.voltin.clock),
        clock: api.app.voltin.clock,
      });
    await Promise.all([node().createFromEvents(), node().createFromEvents(), node().createFromEvents()]);
    const rows = await api.db.kysely
      .selectFrom('notifications')
      .select('kind')
      .where('enrollment_id', '=', id)
      .orderBy('kind')
      .execute();
    expect(rows.map((r) => r.kind)).toEqual([
      'enrollment-active',
      'enrollment-pending',
      'payment-received',
      'statement-ready',
    ]);
  });

  it("writes in the customer's preferred language", async () => {
    const id = await createEnrollment({
      firstName: 'Lucía',
      lastName: 'Ramos',
      email: 'lucia.ramos@example.com',
      primaryPhoneNumber: '(512) 555-0101',
      languageId: 2,
    });
    await runTask();
    const row = await api.db.kysely
      .selectFrom('notifications')
      .selectAll()
      .where('enrollment_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'enrollment-pending', subject: 'Su inscripción está confirmada' });
  });
});

describe('reading notifications', () => {
  it('filters unread ones and marks one read once', async () => {
    const id = await createEnrollment();
    await runTask();
    const [n] = about(await notifications({ unreadOnly: true }), id);
    expect(n.read_date).toBeNull();
    const first = await api.call('PUT', `/notifications/${n.id_notification}/read`, { token, customerHash });
    expect(first.status).toBe(200);
    expect(first.body.data.read_date).toEqual(expect.any(String));
    const again = await api.call('PUT', `/notifications/${n.id_notification}/read`, { token, customerHash });
    expect(again.body.data.read_date).toBe(first.body.data.read_date);
    expect(about(await notifications({ unreadOnly: true }), id)).toHaveLength(0);
    expect(about(await notifications({ unreadOnly: false }), id)).toHaveLength(1);
  });

  it("refuses another customer's notifications with 403 and an unknown one with 404", async () => {
    const other = await createEnrollment({
      firstName: 'Ana',
      lastName: 'Garcia',
      email: 'ana.garcia@example.com',
      primaryPhoneNumber: '(512) 555-0100',
    });
    await runTask();
    const row = await api.db.kysely
      .selectFrom('notifications')
      .select(['id', 'customer_id'])
      .where('enrollment_id', '=', other)
      .executeTakeFirstOrThrow();
    expectFailure(
      await api.call('PUT', `/notifications/${row.id}/read`, { token, customerHash }),
      403,
      'CUSTOMER_FORBIDDEN',
    );
    expectFailure(
      await api.call('GET', `/notifications/by-customer/${row.customer_id}`, { token, customerHash }),
      403,
      'CUSTOMER_FORBIDDEN',
    );
    expectFailure(
      await api.call('PUT', '/notifications/999999/read', { token, customerHash }),
      404,
      'NOT_FOUND',
    );
  });
});
