/**
 * Shared set-up for the tests that pin the enrollment rules: a billing system whose answer a test chooses, the
 * clock moved with fake Date, a login at the moved clock, and readers of the stored rows a rule writes.
 */
import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import {
  type BillingSystem,
  BillingUnavailableError,
  type EnrollmentSubmission,
} from '../../../src/adapters/billing-system/port.js';
import { addDays, addMonths } from '../../../src/domain/dates.js';
import {
  creditCheck,
  enrollmentBody,
  freshEsiid,
  nameOf,
  planId,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { SANDBOX, signLogin, type TestApi } from '../../helpers/app.js';

export type BillingAnswer = 'accepted' | 'accepted_with_errors' | 'unreachable' | 'broken';

/**
 * A billing system that answers what the test set (`state.answer`), records every submission it receives, and,
 * while `state.gate` is set, waits on it before answering (a submission in flight).
 */
export function scriptedBilling() {
  const state = {
    answer: 'accepted' as BillingAnswer,
    received: [] as EnrollmentSubmission[],
    gate: null as Promise<void> | null,
  };
  const billing: BillingSystem = {
    async submitEnrollment(submission) {
      state.received.push(submission);
      if (state.gate) await state.gate;
      const billingAccountNumber = `BA-${submission.enrollmentId}`;
      if (state.answer === 'unreachable') throw new BillingUnavailableError('down (test)');
      if (state.answer === 'broken') throw new Error('the billing adapter broke (test)');
      if (state.answer === 'accepted_with_errors')
        return {
          outcome: 'accepted_with_errors',
          billingAccountNumber,
          errors: ['Premise not found', 'Rate code unknown'],
        };
      return { outcome: 'accepted', billingAccountNumber };
    },
  };
  return { billing, state };
}

let loginSecond = 0;

/**
 * Moves the clock (Date only: timers and I/O run as usual) to noon UTC of `date` and logs the sandbox account in
 * at that time. Each call lands on its own second, so two logins never share a signature.
 */
export async function travelTo(api: Pick<TestApi, 'call'>, date: string): Promise<string> {
  vi.useFakeTimers({ toFake: ['Date'] });
  loginSecond = (loginSecond + 1) % 3000;
  vi.setSystemTime(new Date(Date.parse(`${date}T12:00:00Z`) + loginSecond * 1000));
  return login(api);
}

const signedTimestamps = new Set<number>();

/**
 * A fresh login of the sandbox account. A signature is accepted once, so each login signs a timestamp not signed
 * before (a second or so later than the clock when needed: within the 300 s the server allows); one another helper
 * of the file signed already is refused as a replay, and the next second is signed instead.
 */
export async function login(api: Pick<TestApi, 'call'>): Promise<string> {
  let timestamp = Math.floor(Date.now() / 1000);
  for (;;) {
    while (signedTimestamps.has(timestamp)) timestamp++;
    signedTimestamps.add(timestamp);
    const response = await api.call('POST', '/auth/login', {
      query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret, timestamp),
    });
    if (response.status === 200) return response.body.data.token as string;
    if (response.body?.code !== 'AUTH_SIGNATURE_REPLAYED')
      throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  }
}

/** The sandbox customer's session (customer hash) for customer-scoped calls, under `token`. */
export async function customerSession(api: Pick<TestApi, 'call'>, token: string) {
  const response = await api.call('POST', '/customers/login', {
    token,
    body: { username: SANDBOX.customerUserName, password: SANDBOX.customerPassword },
  });
  if (response.status !== 200) throw new Error(`customer login failed: ${JSON.stringify(response.body)}`);
  return response.body.data as { customerId: number; customerHash: string };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export const enrollmentRow = (api: Pick<TestApi, 'db'>, id: number) =>
  api.db.kysely.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The status history of an enrollment, oldest first. */
export const historyOf = (api: Pick<TestApi, 'db'>, id: number) =>
  api.db.kysely
    .selectFrom('enrollment_status_history')
    .select(['from_status', 'to_status', 'actor', 'reason'])
    .where('enrollment_id', '=', id)
    .orderBy('id')
    .execute();

export const chargeRows = (api: Pick<TestApi, 'db'>, enrollmentId: number) =>
  api.db.kysely
    .selectFrom('charge_transactions')
    .selectAll()
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('id')
    .execute();

export const autopayRows = (api: Pick<TestApi, 'db'>, enrollmentId: number) =>
  api.db.kysely
    .selectFrom('recurring_billings')
    .select(['customer_profile_token', 'payment_profile_token', 'date_from', 'status'])
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('id')
    .execute();

/**
 * `count` ACTIVE enrollments on `plan`, enrolled on `today` (the clock is moved there) and started a week later
 * (the clock is left on that day): their ids and the contract's first and last days.
 */
export async function activeEnrollments(
  api: TestApi,
  plan: { id: number; options: number[]; term: number },
  today: string,
  count = 1,
  overrides: (i: number) => Record<string, any> = () => ({}),
) {
  const start = addDays(today, 7);
  const token = await travelTo(api, today);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    // `score` picks the credit score, `payment` adds to the payment of the request
    const { score = '720', payment, ...extra } = overrides(i);
    const check = await creditCheck(api, token, {
      ...(await nameOf(api, extra.customer)),
      socialSecurityNumber: ssnEnding(score),
      planId: plan.id,
    });
    const response = await api.call('POST', '/enrollments/create', {
      token,
      // made as an integrator would, with an Idempotency-Key (kept on the enrollment)
      headers: { 'idempotency-key': `active-${randomUUID()}` },
      body: enrollmentBody(plan.id, plan.options, {
        requestedStartDate: start,
        payment: { creditCheckId: check.id_credit_check, ...payment },
        ...extra,
      }),
    });
    if (response.body.data?.enrollmentStatus !== 'PENDING')
      throw new Error(`expected a PENDING enrollment, got ${JSON.stringify(response.body)}`);
    ids.push(response.body.data.enrollmentId);
  }
  await travelTo(api, start);
  await api.app.voltin.enrollments!.advanceDue();
  for (const id of ids) {
    const { status } = await enrollmentRow(api, id);
    if (status !== 'ACTIVE') throw new Error(`enrollment ${id} did not start: ${status}`);
  }
  return { ids, start, end: addMonths(start, plan.term) };
}

/** A new customer's Columbia Gas of Ohio enrollment (Ohio's utility bills unless the supplier dual bills). */
export async function ohioGasEnrollment(
  api: TestApi,
  token: string,
  overrides: Record<string, any> = {},
): Promise<{ enrollmentId: number; enrollmentStatus: string }> {
  const gas = await planId(api, 'Bluebonnet Energy 12-Month Fixed Gas', 'COH');
  const check = await creditCheck(api, token, {
    ...(await nameOf(api, overrides.customer)),
    socialSecurityNumber: ssnEnding('720'),
    planId: gas,
    city: 'Columbus',
    state: 'OH',
    zipCode: '43215',
  });
  const response = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(gas, await requiredOptions(api, token, gas), {
      commodityName: 'Gas',
      serviceAddress: {
        address: '100 Main St',
        city: 'Columbus',
        state: 'OH',
        zipcode: '43215',
        ldcAccount: freshEsiid('', 11),
      },
      payment: { creditCheckId: check.id_credit_check },
      ...overrides,
    }),
  });
  if (response.status !== 200) throw new Error(`Ohio enrollment failed: ${JSON.stringify(response.body)}`);
  return response.body.data;
}
