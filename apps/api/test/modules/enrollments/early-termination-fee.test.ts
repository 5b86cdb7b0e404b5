import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, addMonths } from '../../../src/domain/dates.js';
import {
  creditCheck,
  daysFromToday,
  enrollmentBody,
  pendingEnrollment,
  planId,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { withCustomerTypeFlags } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { enrollmentRow, historyOf, login, travelTo } from './rules.js';

/**
 * Drops and the early termination fee (spec: Enrollment, drop; ETF invoices): a drop of an active enrollment is
 * scheduled for its effective date, and the plan's cancellation fee is queued as an invoice unless the customer type
 * sends none, the reason is exempt (moving, death), or the drop falls in the fee-free window before the contract
 * ends (Texas utilities: 14 days).
 */
const api = useTestApi();
let fixed12: number;
let fixed24: number;
const options = new Map<number, number[]>();

/** The day the tests start from, and the start and end of the contracts made that day. */
const T0 = () => daysFromToday(0);

/**
 * `count` ACTIVE enrollments on `plan`, enrolled today and started a week later (the clock is moved to their
 * start): their ids and the contract's first and last days.
 */
async function activeEnrollments(count: number, plan = fixed12) {
  const today = T0();
  const start = addDays(today, 7);
  const token = await travelTo(api, today);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: plan });
    const response = await api.call('POST', '/enrollments/create', {
      token,
      body: enrollmentBody(plan, options.get(plan)!, {
        requestedStartDate: start,
        payment: { creditCheckId: check.id_credit_check },
      }),
    });
    expect(response.body.data?.enrollmentStatus, JSON.stringify(response.body)).toBe('PENDING');
    ids.push(response.body.data.enrollmentId);
  }
  await travelTo(api, start);
  await api.app.voltin.enrollments!.advanceDue();
  for (const id of ids) expect((await enrollmentRow(api, id)).status).toBe('ACTIVE');
  const term = plan === fixed24 ? 24 : 12;
  return { ids, start, end: addMonths(start, term) };
}

const drop = (token: string, id: number, effectiveDate: string, reasonCodeId = 1, removeMeter?: boolean) =>
  api.call('POST', `/enrollments/${id}/drop`, {
    token,
    body: { effectiveDate, reasonCodeId, ...(removeMeter === undefined ? {} : { removeMeter }) },
  });

const invoicesOf = (id: number) =>
  api.db.kysely
    .selectFrom('etf_invoices')
    .select(['enrollment_id', 'amount_cents', 'status', 'reason', 'resolved_at', 'resolved_by'])
    .where('enrollment_id', '=', id)
    .execute();

beforeAll(async () => {
  const token = await login(api);
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  fixed24 = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
  for (const plan of [fixed12, fixed24]) options.set(plan, await requiredOptions(api, token, plan));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the early termination fee', () => {
  it("a drop before the fee-free window queues the plan's cancellation fee ($150) as an invoice", async () => {
    const { ids, start } = await activeEnrollments(1);
    const [id] = ids as [number];
    const token = await travelTo(api, addDays(start, 30));
    const response = await drop(token, id, addDays(start, 30));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.etf_invoice).toEqual({
      id_etf_invoice: expect.any(Number),
      amount: 150,
      status: 'queued',
    });
    expect(response.body.data.enrollment).toMatchObject({ id_enrollment: id, status: 'DROP_PENDING' });
    expect(await invoicesOf(id)).toEqual([
      {
        enrollment_id: id,
        amount_cents: 15000,
        status: 'queued',
        reason: 'Switching to another provider',
        resolved_at: null,
        resolved_by: null,
      },
    ]);
    expect(await enrollmentRow(api, id)).toMatchObject({
      status: 'DROP_PENDING',
      drop_effective_date: addDays(start, 30),
      drop_reason_code: 1,
      remove_meter: 0,
    });
    expect((await historyOf(api, id)).at(-1)).toEqual({
      from_status: 'ACTIVE',
      to_status: 'DROP_PENDING',
      actor: 'customer',
      reason: 'Drop requested: Switching to another provider',
    });
  });

  it("is the plan's own fee: $200 on the 24-month plan", async () => {
    const { ids, start } = await activeEnrollments(1, fixed24);
    const token = await travelTo(api, addDays(start, 1));
    const response = await drop(token, ids[0]!, addDays(start, 40), 3);
    expect(response.body.data.etf_invoice).toMatchObject({ amount: 200, status: 'queued' });
    expect(await invoicesOf(ids[0]!)).toMatchObject([{ amount_cents: 20000, reason: 'Price' }]);
  });

  it('the fee-free window opens 14 days before the contract ends: 15 days before is charged, 14 days before and the last day are not', async () => {
    const { ids, end } = await activeEnrollments(3);
    const [charged, firstFree, lastDay] = ids as [number, number, number];
    const token = await travelTo(api, addDays(end, -20));
    expect((await drop(token, charged, addDays(end, -15))).body.data.etf_invoice).toMatchObject({
      amount: 150,
    });
    expect((await drop(token, firstFree, addDays(end, -14))).body.data.etf_invoice).toBeNull();
    expect((await drop(token, lastDay, end)).body.data.etf_invoice).toBeNull();
    expect(await invoicesOf(firstFree)).toEqual([]);
    expect(await invoicesOf(lastDay)).toEqual([]);
    expect((await enrollmentRow(api, lastDay)).status).toBe('DROP_PENDING');
  });

  it('is charged for switching, price, dissatisfaction and other reasons; not for moving or death', async () => {
    const { ids, start } = await activeEnrollments(6);
    const token = await travelTo(api, addDays(start, 1));
    const fees: Record<number, number | null> = {};
    for (const [i, id] of ids.entries()) {
      const response = await drop(token, id, addDays(start, 10), i + 1);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      fees[i + 1] = response.body.data.etf_invoice?.amount ?? null;
    }
    expect(fees).toEqual({ 1: 150, 2: null, 3: 150, 4: 150, 5: null, 6: 150 });
    expect((await enrollmentRow(api, ids[4]!)).drop_reason_code).toBe(5);
  });

  it('is not charged to a customer type set up not to receive it', async () => {
    const { ids, start } = await activeEnrollments(1);
    await withCustomerTypeFlags(api.db.kysely, 'Residential', { send_etf_value: 0 }, async () => {
      const token = await travelTo(api, addDays(start, 1));
      const response = await drop(token, ids[0]!, addDays(start, 10));
      expect(response.body.data.enrollment.status).toBe('DROP_PENDING');
      expect(response.body.data.etf_invoice).toBeNull();
      expect(await invoicesOf(ids[0]!)).toEqual([]);
    });
  });
});

describe('the drop date and status', () => {
  it('may be today, not yesterday', async () => {
    const { ids, start } = await activeEnrollments(2);
    const today = addDays(start, 5);
    const token = await travelTo(api, today);
    const refused = expectFailure(await drop(token, ids[0]!, addDays(today, -1)), 400, 'VALIDATION_FAILED');
    expect(refused.errors).toEqual(['effectiveDate: before today']);
    expect((await enrollmentRow(api, ids[0]!)).status).toBe('ACTIVE');
    const accepted = await drop(token, ids[1]!, today, 2, true);
    expect(accepted.body.data.enrollment.status).toBe('DROP_PENDING');
    expect(await enrollmentRow(api, ids[1]!)).toMatchObject({
      drop_effective_date: today,
      drop_reason_code: 2,
      remove_meter: 1,
    });
  });

  it('is refused on an enrollment already being dropped, or dropped', async () => {
    const { ids, start } = await activeEnrollments(1);
    const [id] = ids as [number];
    let token = await travelTo(api, addDays(start, 1));
    await drop(token, id, addDays(start, 3), 2);
    expect(
      expectFailure(await drop(token, id, addDays(start, 4)), 409, 'ENROLLMENT_STATUS_CONFLICT').errors,
    ).toEqual(['status: DROP_PENDING']);
    token = await travelTo(api, addDays(start, 3));
    await api.app.voltin.enrollments!.advanceDue();
    expect(
      expectFailure(await drop(token, id, addDays(start, 4)), 409, 'ENROLLMENT_STATUS_CONFLICT').errors,
    ).toEqual(['status: DROPPED']);
    expect(await invoicesOf(id)).toEqual([]);
  });

  it('before service starts, a drop cancels the enrollment: no fee, no drop date', async () => {
    const token = await login(api);
    const id = await pendingEnrollment(api, token, { plan: fixed12, options: options.get(fixed12)! });
    const response = await drop(token, id, daysFromToday(1), 3);
    expect(response.body.data).toMatchObject({ etf_invoice: null, enrollment: { status: 'CANCELLED' } });
    expect(await enrollmentRow(api, id)).toMatchObject({
      status: 'CANCELLED',
      drop_effective_date: null,
      drop_reason_code: null,
    });
    expect((await historyOf(api, id)).at(-1)).toEqual({
      from_status: 'PENDING',
      to_status: 'CANCELLED',
      actor: 'customer',
      reason: 'Cancelled before service started: Price',
    });
    expect(await invoicesOf(id)).toEqual([]);
    // cancelled is final: a second drop is refused and writes nothing
    const history = await historyOf(api, id);
    expect(
      expectFailure(await drop(token, id, daysFromToday(1), 1), 409, 'ENROLLMENT_STATUS_CONFLICT').errors,
    ).toEqual(['status: CANCELLED']);
    expect(await historyOf(api, id)).toEqual(history);
  });

  it('cancels the renewal scheduled to continue the dropped enrollment', async () => {
    const { ids, end } = await activeEnrollments(1);
    const [id] = ids as [number];
    const token = await travelTo(api, addDays(end, -30));
    const renewal = await api.call('POST', `/enrollments/${id}/renewal`, {
      token,
      body: { planId: fixed12, agreedAcceptanceValues: options.get(fixed12) },
    });
    const renewalId = renewal.body.data.enrollmentId as number;
    expect(renewal.body.data.enrollmentStatus).toBe('RENEWAL_PENDING');
    await drop(token, id, addDays(end, -20), 1);
    expect((await enrollmentRow(api, renewalId)).status).toBe('CANCELLED');
    expect((await historyOf(api, renewalId)).at(-1)).toEqual({
      from_status: 'RENEWAL_PENDING',
      to_status: 'CANCELLED',
      actor: 'customer',
      reason: 'Renewal cancelled: the enrollment it continues is being dropped',
    });
  });
});
