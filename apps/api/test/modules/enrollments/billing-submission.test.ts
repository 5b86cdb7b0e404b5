import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, addMonths } from '../../../src/domain/dates.js';
import {
  creditCheck,
  daysFromToday,
  enrollmentBody,
  freshEsiid,
  planId,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { setPlans } from '../../fixtures/operator.js';
import { sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { enrollmentRow, historyOf, login, nowSeconds, scriptedBilling, travelTo } from './rules.js';

/**
 * Submission to the billing system (spec: Enrollment statuses): what is sent, what the enrollment becomes on each
 * answer, the retry delays after a failure, and the lease that keeps a submission from being sent twice.
 */
const { billing, state } = scriptedBilling();
const LEASE_SECONDS = 30;
const api = useTestApi({ submissionLeaseSeconds: LEASE_SECONDS }, { billing });
let fixed12: number;
let fixed24: number;
let variable: number;
const options = new Map<number, number[]>();

const service = () => api.app.voltin.enrollments!;
const sentFor = (id: number) => state.received.filter((s) => s.enrollmentId === id);

/** Creates an enrollment on `plan` after a clean credit check, the billing system answering `answer`. */
async function enrollOn(
  token: string,
  plan: number,
  answer: typeof state.answer,
  overrides: Record<string, any> = {},
) {
  state.answer = answer;
  const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: plan });
  const response = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(plan, options.get(plan)!, {
      payment: { creditCheckId: check.id_credit_check },
      ...overrides,
    }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { enrollmentId: number; enrollmentStatus: string };
}

const billingSystemPlanCode = async (plan: number) =>
  (
    await api.db.kysely
      .selectFrom('plans')
      .select('billing_system_plan_code')
      .where('id', '=', plan)
      .executeTakeFirstOrThrow()
  ).billing_system_plan_code;

/** An agent's resubmission of the enrollment to the billing system. */
const retrySubmission = (token: string, id: number) =>
  api.call('POST', `/agent/enrollments/${id}/retry-submission`, { token, body: {} });

const secondsLater = (seconds: number, from: number) => vi.setSystemTime(from * 1000 + seconds * 1000);

beforeAll(async () => {
  const token = await login(api);
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  fixed24 = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
  variable = await planId(api, 'Bluebonnet Energy Month-to-Month Variable Electric');
  for (const plan of [fixed12, fixed24, variable]) options.set(plan, await requiredOptions(api, token, plan));
});

afterEach(() => {
  vi.useRealTimers();
  state.answer = 'accepted';
  state.gate = null;
});

describe('an accepted submission', () => {
  it('sends what the billing system needs, once, and makes the enrollment PENDING with its contract dated', async () => {
    const token = await login(api);
    const ldc = freshEsiid();
    const start = daysFromToday(9);
    const data = await enrollOn(token, fixed24, 'accepted', {
      requestedStartDate: start,
      billingDeliveryMethod: 2,
      serviceAddress: { address: ' 1201 Elm St ', address2: 'Apt 4', ldcAccount: ldc },
      billingAddress: { address: 'PO Box 77', city: 'Dallas', state: 'TX', zipcode: '75202' },
      customer: { firstName: 'Ana', lastName: 'Garcia', email: 'ana@example.com' },
    });
    expect(data.enrollmentStatus).toBe('PENDING');
    const planCode = await billingSystemPlanCode(fixed24);
    expect(sentFor(data.enrollmentId)).toEqual([
      {
        enrollmentId: data.enrollmentId,
        companyId: await sandboxCompanyId(api.db.kysely),
        submissionAttempt: 1,
        billingSystemPlanCode: planCode,
        ldcAccount: ldc,
        utilityCode: 'ONCOR',
        switchType: 'Switch',
        requestedStartDate: start,
        customer: {
          firstName: 'Ana',
          lastName: 'Garcia',
          firmName: null,
          email: 'ana@example.com',
          phone: '5125550100',
        },
        serviceAddress: {
          address: '1201 Elm St',
          address2: 'Apt 4',
          city: 'Dallas',
          state: 'TX',
          zipcode: '75201',
        },
        billingAddress: {
          address: 'PO Box 77',
          address2: null,
          city: 'Dallas',
          state: 'TX',
          zipcode: '75202',
        },
        billingDeliveryMethod: 2,
        renewal: false,
      },
    ]);
    const row = await enrollmentRow(api, data.enrollmentId);
    expect(row).toMatchObject({
      status: 'PENDING',
      billing_account_number: `BA-${data.enrollmentId}`,
      contract_start_date: start,
      contract_end_date: addMonths(start, 24),
      billing_errors: null,
      next_submission_at: null,
      submission_attempts: 1,
    });
    expect(await historyOf(api, data.enrollmentId)).toEqual([
      { from_status: null, to_status: 'QUEUED_FOR_SUBMISSION', actor: 'system', reason: 'Created' },
      {
        from_status: 'QUEUED_FOR_SUBMISSION',
        to_status: 'PENDING',
        actor: 'system',
        reason: 'Accepted by the billing system',
      },
    ]);
    // the retry task finds nothing left to send
    await service().submitDue();
    expect(sentFor(data.enrollmentId)).toHaveLength(1);
  });

  it('a 12-month plan ends its contract twelve months after the start', async () => {
    const token = await login(api);
    const data = await enrollOn(token, fixed12, 'accepted');
    const row = await enrollmentRow(api, data.enrollmentId);
    expect(row.contract_end_date).toBe(addMonths(row.requested_start_date, 12));
  });

  it('an enrollment on hold is not sent, by the create nor by the retry task', async () => {
    const token = await login(api);
    const response = await api.call('POST', '/enrollments/create', {
      token,
      body: enrollmentBody(variable, options.get(variable)!),
    });
    const id = response.body.data.enrollmentId as number;
    expect(response.body.data.enrollmentStatus).toBe('ON_HOLD_AUTOPAY_SETUP_REQUIRED');
    await service().submitDue();
    await service().submit(id, await sandboxCompanyId(api.db.kysely));
    expect(sentFor(id)).toEqual([]);
    expect(await enrollmentRow(api, id)).toMatchObject({
      status: 'ON_HOLD_AUTOPAY_SETUP_REQUIRED',
      submission_attempts: 0,
      next_submission_at: null,
    });
  });
});

describe('a submission taken with errors', () => {
  it('is SUBMITTED_WITH_ERRORS with the errors kept; an agent resubmits it and an acceptance clears them', async () => {
    const token = await login(api);
    const data = await enrollOn(token, fixed12, 'accepted_with_errors');
    expect(data.enrollmentStatus).toBe('SUBMITTED_WITH_ERRORS');
    const row = await enrollmentRow(api, data.enrollmentId);
    expect(row).toMatchObject({
      status: 'SUBMITTED_WITH_ERRORS',
      billing_account_number: `BA-${data.enrollmentId}`,
      contract_start_date: row.requested_start_date,
      contract_end_date: addMonths(row.requested_start_date, 12),
      next_submission_at: null,
    });
    expect(JSON.parse(row.billing_errors!)).toEqual(['Premise not found', 'Rate code unknown']);
    expect((await historyOf(api, data.enrollmentId)).at(-1)).toEqual({
      from_status: 'QUEUED_FOR_SUBMISSION',
      to_status: 'SUBMITTED_WITH_ERRORS',
      actor: 'system',
      reason: 'The billing system reported errors',
    });
    // not retried by the task: an agent fixes it first
    await service().submitDue();
    expect(sentFor(data.enrollmentId)).toHaveLength(1);
    state.answer = 'accepted';
    const retried = await retrySubmission(token, data.enrollmentId);
    expect(retried.body.data.status).toBe('PENDING');
    expect(await enrollmentRow(api, data.enrollmentId)).toMatchObject({
      status: 'PENDING',
      billing_errors: null,
      submission_attempts: 2,
    });
  });
});

describe('a submission that does not reach the billing system', () => {
  it('is held in SUBMITION_NOT_SENT_CONNECTION_ERROR and retried after 1, 2, 4 … minutes, at most an hour', async () => {
    const token = await travelTo(api, daysFromToday(0));
    // An outage is expected weather, not a fault: the history says it, the error log does not.
    const errorsLogged = vi.spyOn(api.app.log, 'error');
    const data = await enrollOn(token, fixed12, 'unreachable');
    expect(errorsLogged).not.toHaveBeenCalled();
    errorsLogged.mockRestore();
    expect(data.enrollmentStatus).toBe('SUBMITION_NOT_SENT_CONNECTION_ERROR');
    const expectedDelays = [60, 120, 240, 480, 960, 1920, 3600, 3600];
    let sentAt = nowSeconds();
    for (const [i, delay] of expectedDelays.entries()) {
      const attempt = i + 1;
      const row = await enrollmentRow(api, data.enrollmentId);
      expect(row).toMatchObject({
        status: 'SUBMITION_NOT_SENT_CONNECTION_ERROR',
        submission_attempts: attempt,
        next_submission_at: sentAt + delay,
        billing_account_number: null,
      });
      expect((await historyOf(api, data.enrollmentId)).at(-1)).toEqual({
        from_status: attempt === 1 ? 'QUEUED_FOR_SUBMISSION' : 'SUBMITION_NOT_SENT_CONNECTION_ERROR',
        to_status: 'SUBMITION_NOT_SENT_CONNECTION_ERROR',
        actor: 'system',
        reason: `Billing system unreachable (attempt ${attempt}); retry in ${delay} s`,
      });
      // a second early the retry task leaves it alone
      secondsLater(delay - 1, sentAt);
      expect(await service().submitDue()).toBe('0 submission(s) attempted');
      expect(sentFor(data.enrollmentId)).toHaveLength(attempt);
      // on the second it falls due, it is sent again
      secondsLater(delay, sentAt);
      sentAt = nowSeconds();
      if (attempt === expectedDelays.length) state.answer = 'accepted';
      expect(await service().submitDue()).toBe('1 submission(s) attempted');
      expect(sentFor(data.enrollmentId)).toHaveLength(attempt + 1);
    }
    expect(await enrollmentRow(api, data.enrollmentId)).toMatchObject({
      status: 'PENDING',
      submission_attempts: expectedDelays.length + 1,
      next_submission_at: null,
      billing_account_number: `BA-${data.enrollmentId}`,
    });
  });

  it("retried after its plan was withdrawn from sale, it is still sent with the plan's code and term", async () => {
    const token = await login(api);
    const data = await enrollOn(token, fixed24, 'unreachable');
    const withdraw = (published: 0 | 1) => setPlans(api.db.kysely, fixed24, { published });
    await withdraw(0);
    try {
      state.answer = 'accepted';
      await retrySubmission(token, data.enrollmentId);
    } finally {
      await withdraw(1);
    }
    const planCode = await billingSystemPlanCode(fixed24);
    expect(sentFor(data.enrollmentId).map((s) => s.billingSystemPlanCode)).toEqual([planCode, planCode]);
    const row = await enrollmentRow(api, data.enrollmentId);
    expect(row).toMatchObject({
      status: 'PENDING',
      contract_start_date: row.requested_start_date,
      contract_end_date: addMonths(row.requested_start_date, 24),
    });
  });

  it('a failing adapter (not an outage) is held and retried the same way, the create still answers, and the fault is logged as an error', async () => {
    const token = await travelTo(api, daysFromToday(0));
    const errorsLogged = vi.spyOn(api.app.log, 'error');
    const data = await enrollOn(token, fixed12, 'broken');
    expect(data.enrollmentStatus).toBe('SUBMITION_NOT_SENT_CONNECTION_ERROR');
    expect(errorsLogged).toHaveBeenCalledWith(
      expect.objectContaining({ enrollmentId: data.enrollmentId }),
      'billing system submission failed; it will be retried',
    );
    errorsLogged.mockRestore();
    expect(await enrollmentRow(api, data.enrollmentId)).toMatchObject({
      submission_attempts: 1,
      next_submission_at: nowSeconds() + 60,
    });
    expect((await historyOf(api, data.enrollmentId)).at(-1)?.reason).toBe(
      'Billing system failed (attempt 1); retry in 60 s',
    );
    // the adapter mended, the retry takes it (and leaves nothing due for the other tests)
    state.answer = 'accepted';
    secondsLater(60, nowSeconds());
    await service().submitDue();
    expect((await enrollmentRow(api, data.enrollmentId)).status).toBe('PENDING');
  });

  it('an agent retries it at once; the retry task then has nothing to send', async () => {
    const token = await travelTo(api, daysFromToday(0));
    const data = await enrollOn(token, fixed12, 'unreachable');
    state.answer = 'accepted';
    const retried = await retrySubmission(token, data.enrollmentId);
    expect(retried.body.data.status).toBe('PENDING');
    expect(sentFor(data.enrollmentId)).toHaveLength(2);
    expectFailure(await retrySubmission(token, data.enrollmentId), 409, 'ENROLLMENT_STATUS_CONFLICT');
  });
});

describe('the submission lease', () => {
  it('while the billing system answers, the enrollment is leased: the retry task does not send it again', async () => {
    const token = await travelTo(api, daysFromToday(0));
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    let answer!: () => void;
    state.gate = new Promise((resolve) => (answer = resolve));
    const ldc = freshEsiid();
    const creating = api.call('POST', '/enrollments/create', {
      token,
      body: enrollmentBody(fixed12, options.get(fixed12)!, {
        serviceAddress: { ldcAccount: ldc },
        payment: { creditCheckId: check.id_credit_check },
      }),
    });
    while (!state.received.some((s) => s.ldcAccount === ldc)) await new Promise((r) => setTimeout(r, 10));
    const id = state.received.find((s) => s.ldcAccount === ldc)!.enrollmentId;
    const claimedAt = nowSeconds();
    expect(await enrollmentRow(api, id)).toMatchObject({
      status: 'QUEUED_FOR_SUBMISSION',
      submission_attempts: 1,
      next_submission_at: claimedAt + LEASE_SECONDS,
    });
    secondsLater(LEASE_SECONDS - 1, claimedAt);
    expect(await service().submitDue()).toBe('0 submission(s) attempted');
    await service().submit(id, await sandboxCompanyId(api.db.kysely));
    expect(sentFor(id)).toHaveLength(1);
    answer();
    const created = await creating;
    expect(created.body.data.enrollmentStatus).toBe('PENDING');
    expect(await enrollmentRow(api, id)).toMatchObject({ next_submission_at: null, submission_attempts: 1 });
  });
});

describe('service start and end dates (the lifecycle task)', () => {
  it('a PENDING enrollment becomes ACTIVE on its start date, not the day before', async () => {
    const today = daysFromToday(0);
    const token = await travelTo(api, today);
    const data = await enrollOn(token, fixed12, 'accepted', { requestedStartDate: addDays(today, 7) });
    await travelTo(api, addDays(today, 6));
    await service().advanceDue();
    expect((await enrollmentRow(api, data.enrollmentId)).status).toBe('PENDING');
    await travelTo(api, addDays(today, 7));
    const due = async (status: string, column: 'contract_start_date' | 'drop_effective_date') =>
      (
        await api.db.kysely
          .selectFrom('enrollments')
          .select('id')
          .where('status', '=', status)
          .where(column, '<=', addDays(today, 7))
          .execute()
      ).length;
    const starting = await due('PENDING', 'contract_start_date');
    const ending = await due('DROP_PENDING', 'drop_effective_date');
    expect(starting).toBeGreaterThan(0);
    expect(await service().advanceDue()).toBe(`${starting} started, ${ending} ended`);
    expect((await enrollmentRow(api, data.enrollmentId)).status).toBe('ACTIVE');
    expect((await historyOf(api, data.enrollmentId)).at(-1)).toEqual({
      from_status: 'PENDING',
      to_status: 'ACTIVE',
      actor: 'system',
      reason: 'Service started',
    });
  });

  it('a drop ends service on its effective date, not the day before', async () => {
    const today = daysFromToday(0);
    let token = await travelTo(api, today);
    const data = await enrollOn(token, fixed12, 'accepted', { requestedStartDate: addDays(today, 7) });
    token = await travelTo(api, addDays(today, 7));
    await service().advanceDue();
    const dropped = await api.call('POST', `/enrollments/${data.enrollmentId}/drop`, {
      token,
      body: { effectiveDate: addDays(today, 10), reasonCodeId: 2 },
    });
    expect(dropped.body.data.enrollment.status).toBe('DROP_PENDING');
    await travelTo(api, addDays(today, 9));
    await service().advanceDue();
    expect((await enrollmentRow(api, data.enrollmentId)).status).toBe('DROP_PENDING');
    await travelTo(api, addDays(today, 10));
    await service().advanceDue();
    expect((await enrollmentRow(api, data.enrollmentId)).status).toBe('DROPPED');
    expect((await historyOf(api, data.enrollmentId)).at(-1)).toEqual({
      from_status: 'DROP_PENDING',
      to_status: 'DROPPED',
      actor: 'system',
      reason: 'Service ended on the drop date',
    });
  });
});

describe('renewals and the billing system', () => {
  /** An ACTIVE 12-month enrollment, and its renewal scheduled in the renewal window: both ids and the day. */
  async function renewalPending(answer: typeof state.answer) {
    const today = daysFromToday(0);
    const start = addDays(today, 7);
    const token = await travelTo(api, today);
    const original = await enrollOn(token, fixed12, 'accepted', { requestedStartDate: start });
    await travelTo(api, start);
    await service().advanceDue();
    const end = addMonths(start, 12);
    const inWindow = await travelTo(api, addDays(end, -30));
    state.answer = answer;
    const renewal = await api.call('POST', `/enrollments/${original.enrollmentId}/renewal`, {
      token: inWindow,
      body: { planId: fixed24, agreedAcceptanceValues: options.get(fixed24) },
    });
    expect(renewal.status, JSON.stringify(renewal.body)).toBe(200);
    return { original: original.enrollmentId, renewal: renewal.body.data.enrollmentId as number, end };
  }

  it('a scheduled renewal is sent by the renewal batch as a renewal, not by the retry task', async () => {
    const { original, renewal, end } = await renewalPending('accepted');
    expect((await enrollmentRow(api, renewal)).status).toBe('RENEWAL_PENDING');
    await service().submitDue();
    expect(sentFor(renewal)).toEqual([]);
    expect(await service().submitRenewals()).toBe('1 renewal(s) submitted');
    expect(sentFor(renewal)).toMatchObject([{ renewal: true, requestedStartDate: addDays(end, 1) }]);
    expect(await enrollmentRow(api, renewal)).toMatchObject({
      status: 'PENDING',
      contract_start_date: addDays(end, 1),
      contract_end_date: addMonths(addDays(end, 1), 24),
    });
    // it starts the day after the original ends, archiving the original
    await travelTo(api, addDays(end, 1));
    await service().advanceDue();
    expect((await enrollmentRow(api, renewal)).status).toBe('ACTIVE');
    expect((await enrollmentRow(api, original)).status).toBe('ARCHIVED');
    expect((await historyOf(api, original)).at(-1)).toEqual({
      from_status: 'ACTIVE',
      to_status: 'ARCHIVED',
      actor: 'system',
      reason: `Replaced by enrollment ${renewal}`,
    });
  });

  it('a renewal that did not reach the billing system is retried as a renewal', async () => {
    const { renewal } = await renewalPending('unreachable');
    await service().submitRenewals();
    expect((await enrollmentRow(api, renewal)).status).toBe('SUBMITION_NOT_SENT_CONNECTION_ERROR');
    state.answer = 'accepted';
    secondsLater(60, nowSeconds());
    expect(await service().submitDue()).toBe('1 submission(s) attempted');
    expect(sentFor(renewal).map((s) => s.renewal)).toEqual([true, true]);
    expect((await enrollmentRow(api, renewal)).status).toBe('PENDING');
  });
});
