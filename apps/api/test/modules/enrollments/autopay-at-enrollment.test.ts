import { beforeAll, describe, expect, it } from 'vitest';
import {
  creditCheck,
  enrollmentBody,
  nameOf,
  planId,
  requiredOptions,
  savedCard,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { autopayRows, enrollmentRow, historyOf } from './rules.js';

/**
 * Autopay (recurring billing) chosen at enrollment, and set up later (spec: Enrollment, payment; Recurring
 * billing): a plan that requires autopay holds the enrollment (ON_HOLD_AUTOPAY_SETUP_REQUIRED) until it is set up.
 */
const api = useTestApi();
let token: string;
let customerHash: string;
let customerId: number;
let variable: number;
let fixed12: number;
let card: { customer_profile_token: string; payment_profile_token: string };
const options = new Map<number, number[]>();

const asCustomer = (method: string, path: string, body?: unknown) =>
  api.call(method, path, { token, customerHash, body });

/** An enrollment of the sandbox customer on the variable plan (autopay required, no credit check). */
async function variableEnrollment(
  payment?: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
) {
  const response = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(variable, options.get(variable)!, {
      customer: { idCustomer: customerId },
      ...(payment ? { payment } : {}),
      ...overrides,
    }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as {
    enrollmentId: number;
    enrollmentStatus: string;
    statusDetails: Record<string, boolean>;
  };
}

/** The payment fields of a request choosing autopay on `profile`. */
const autopayWith = (profile: { customer_profile_token: string; payment_profile_token: string }) => ({
  acceptRecurringBilling: true,
  customerProfileToken: profile.customer_profile_token,
  recurringBillingToken: profile.payment_profile_token,
});

const autopayFacts = async (id: number) => {
  const row = await enrollmentRow(api, id);
  return { status: row.status, autopay_required: row.autopay_required, autopay_active: row.autopay_active };
};

const setUp = (id: number, profile = card, dateFrom = '2030-01-01') =>
  asCustomer('POST', `/enrollments/${id}/recurring-billing`, { ...profile, date_from: dateFrom });

beforeAll(async () => {
  token = await api.sandboxToken();
  ({ customerHash, customerId } = await api.sandboxCustomerHash());
  variable = await planId(api, 'Bluebonnet Energy Month-to-Month Variable Electric');
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  for (const plan of [variable, fixed12]) options.set(plan, await requiredOptions(api, token, plan));
  card = await savedCard(api, { token, customerHash, customerId });
});

describe('autopay chosen at enrollment', () => {
  it('not chosen on a plan that requires it: held in ON_HOLD_AUTOPAY_SETUP_REQUIRED, nothing recorded', async () => {
    const data = await variableEnrollment();
    expect(data).toMatchObject({
      enrollmentStatus: 'ON_HOLD_AUTOPAY_SETUP_REQUIRED',
      statusDetails: {
        depositPending: false,
        autopaySubscriptionPending: true,
        manualApprovalPending: false,
        sentToBillingSystem: false,
      },
    });
    expect(await autopayFacts(data.enrollmentId)).toEqual({
      status: 'ON_HOLD_AUTOPAY_SETUP_REQUIRED',
      autopay_required: 1,
      autopay_active: 0,
    });
    expect(await autopayRows(api, data.enrollmentId)).toEqual([]);
  });

  it('chosen with the customer and payment profiles: recorded from the start date, and the enrollment goes to billing', async () => {
    const data = await variableEnrollment(autopayWith(card), { requestedStartDate: '2030-02-04' });
    expect(data).toMatchObject({
      enrollmentStatus: 'PENDING',
      statusDetails: { autopaySubscriptionPending: false, sentToBillingSystem: true },
    });
    expect(await autopayFacts(data.enrollmentId)).toEqual({
      status: 'PENDING',
      autopay_required: 1,
      autopay_active: 1,
    });
    expect(await autopayRows(api, data.enrollmentId)).toEqual([
      {
        customer_profile_token: card.customer_profile_token,
        payment_profile_token: card.payment_profile_token,
        date_from: '2030-02-04',
        status: 'active',
      },
    ]);
    const shown = await asCustomer('GET', `/enrollments/${data.enrollmentId}/recurring-billing`);
    expect(shown.body.data).toMatchObject({
      idEnrollment: data.enrollmentId,
      paymentProfileToken: card.payment_profile_token,
      dateFrom: '2030-02-04',
      status: 'active',
      paymentType: 'CreditCard',
      cardNumber: 'XXXX1111',
      accountNumber: null,
    });
  });

  it('uses the first payment profile of the request when no recurring billing token is named', async () => {
    const data = await variableEnrollment({
      acceptRecurringBilling: true,
      customerProfileToken: card.customer_profile_token,
      paymentProfiles: [{ paymentProfileToken: card.payment_profile_token, paymentType: 'CreditCard' }],
    });
    expect(data.enrollmentStatus).toBe('PENDING');
    expect(await autopayRows(api, data.enrollmentId)).toMatchObject([
      { payment_profile_token: card.payment_profile_token, status: 'active' },
    ]);
  });

  it('the recurring billing token wins over the payment profiles of the request', async () => {
    const data = await variableEnrollment({
      acceptRecurringBilling: true,
      customerProfileToken: card.customer_profile_token,
      recurringBillingToken: card.payment_profile_token,
      paymentProfiles: [{ paymentProfileToken: 'another-profile', paymentType: 'CreditCard' }],
    });
    expect(await autopayRows(api, data.enrollmentId)).toMatchObject([
      { payment_profile_token: card.payment_profile_token },
    ]);
  });

  it.each([
    [
      'tokens without acceptRecurringBilling',
      () => ({
        customerProfileToken: card.customer_profile_token,
        recurringBillingToken: card.payment_profile_token,
      }),
    ],
    [
      'acceptRecurringBilling: false',
      () => ({
        acceptRecurringBilling: false,
        customerProfileToken: card.customer_profile_token,
        recurringBillingToken: card.payment_profile_token,
      }),
    ],
    [
      'no customer profile token',
      () => ({ acceptRecurringBilling: true, recurringBillingToken: card.payment_profile_token }),
    ],
    [
      'no payment profile',
      () => ({ acceptRecurringBilling: true, customerProfileToken: card.customer_profile_token }),
    ],
  ])('is not set up with %s: nothing recorded, the enrollment waits', async (_name, payment) => {
    const data = await variableEnrollment(payment());
    expect(data.enrollmentStatus).toBe('ON_HOLD_AUTOPAY_SETUP_REQUIRED');
    expect(await autopayFacts(data.enrollmentId)).toMatchObject({ autopay_active: 0 });
    expect(await autopayRows(api, data.enrollmentId)).toEqual([]);
  });

  it('chosen on a plan that does not require it: recorded as well, nothing held', async () => {
    const check = await creditCheck(api, token, {
      ...(await nameOf(api, { idCustomer: customerId })),
      socialSecurityNumber: ssnEnding('720'),
      planId: fixed12,
    });
    const response = await api.call('POST', '/enrollments/create', {
      token,
      body: enrollmentBody(fixed12, options.get(fixed12)!, {
        customer: { idCustomer: customerId },
        payment: { creditCheckId: check.id_credit_check, ...autopayWith(card) },
      }),
    });
    const id = response.body.data.enrollmentId as number;
    expect(await autopayFacts(id)).toEqual({ status: 'PENDING', autopay_required: 0, autopay_active: 1 });
    expect(await autopayRows(api, id)).toHaveLength(1);
  });
});

describe('GET /enrollments/{id}/recurring-billing: the payment method it uses', () => {
  it('a bank account: masked account number and type, no card fields', async () => {
    const saved = await asCustomer('POST', '/payments/payment-profile', {
      id_customer: customerId,
      id_payment_type: 2,
      routing_number: '111000025',
      account_number: '123456789',
      account_type: 'savings',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const data = await variableEnrollment(
      autopayWith({
        customer_profile_token: saved.body.data.customerProfileToken,
        payment_profile_token: saved.body.data.paymentProfileToken,
      }),
    );
    const shown = await asCustomer('GET', `/enrollments/${data.enrollmentId}/recurring-billing`);
    expect(shown.body.data).toMatchObject({
      paymentType: 'BankAccount',
      cardType: null,
      cardNumber: null,
      cardExpirationDate: null,
      accountNumber: 'XXXX6789',
      accountType: 'savings',
    });
  });

  it('a card: brand, masked number and expiry, no bank fields', async () => {
    const data = await variableEnrollment(autopayWith(card));
    const shown = await asCustomer('GET', `/enrollments/${data.enrollmentId}/recurring-billing`);
    expect(shown.body.data).toMatchObject({
      paymentType: 'CreditCard',
      cardType: expect.stringMatching(/\S/),
      cardNumber: 'XXXX1111',
      cardExpirationDate: expect.stringMatching(/2030/),
      accountNumber: null,
      accountType: null,
    });
  });

  it('a profile Voltin does not know: no method shown', async () => {
    const data = await variableEnrollment({
      acceptRecurringBilling: true,
      customerProfileToken: 'cp-unknown',
      recurringBillingToken: 'pp-unknown',
    });
    const shown = await asCustomer('GET', `/enrollments/${data.enrollmentId}/recurring-billing`);
    expect(shown.body.data).toEqual({
      idEnrollment: data.enrollmentId,
      paymentProfileToken: 'pp-unknown',
      dateFrom: expect.any(String),
      status: 'active',
      paymentType: null,
      cardType: null,
      cardNumber: null,
      cardExpirationDate: null,
      accountNumber: null,
      accountType: null,
    });
  });

  it('none at all: 404', async () => {
    const held = await variableEnrollment();
    expectFailure(
      await asCustomer('GET', `/enrollments/${held.enrollmentId}/recurring-billing`),
      404,
      'NOT_FOUND',
    );
  });
});

describe('autopay set up after enrollment (POST /enrollments/{id}/recurring-billing)', () => {
  it('releases the autopay hold: the enrollment is queued and sent to billing', async () => {
    const held = await variableEnrollment();
    const set = await setUp(held.enrollmentId, card, '2030-03-01');
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({
      idEnrollment: held.enrollmentId,
      paymentProfileToken: card.payment_profile_token,
      dateFrom: '2030-03-01',
      status: 'active',
    });
    expect(await autopayFacts(held.enrollmentId)).toEqual({
      status: 'PENDING',
      autopay_required: 1,
      autopay_active: 1,
    });
    expect(await historyOf(api, held.enrollmentId)).toEqual([
      { from_status: null, to_status: 'ON_HOLD_AUTOPAY_SETUP_REQUIRED', actor: 'system', reason: 'Created' },
      {
        from_status: 'ON_HOLD_AUTOPAY_SETUP_REQUIRED',
        to_status: 'QUEUED_FOR_SUBMISSION',
        actor: 'system',
        reason: 'Autopay set up',
      },
      {
        from_status: 'QUEUED_FOR_SUBMISSION',
        to_status: 'PENDING',
        actor: 'system',
        reason: 'Accepted by the billing system',
      },
    ]);
  });

  it('on an enrollment held for something else first, records autopay without moving it; it goes on when that hold clears', async () => {
    const held = await variableEnrollment(undefined, { salesChannel: 'DoorToDoor' });
    expect(held.enrollmentStatus).toBe('ON_HOLD_VERIFICATION_PENDING');
    expect((await setUp(held.enrollmentId)).status).toBe(200);
    expect(await autopayFacts(held.enrollmentId)).toEqual({
      status: 'ON_HOLD_VERIFICATION_PENDING',
      autopay_required: 1,
      autopay_active: 1,
    });
    expect(await historyOf(api, held.enrollmentId)).toHaveLength(1);
    const verification = await api.db.kysely
      .selectFrom('tpv_verifications')
      .select('verification_id')
      .where('enrollment_id', '=', held.enrollmentId)
      .executeTakeFirstOrThrow();
    const verified = await api.call('PUT', `/tpv/verification/${verification.verification_id}`, {
      token,
      body: { result: 'VERIFIED' },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await autopayFacts(held.enrollmentId)).status).toBe('PENDING');
  });

  it('on an enrollment already with the billing system, records autopay and leaves its status', async () => {
    const sent = await variableEnrollment(autopayWith(card));
    const other = await savedCard(api, { token, customerHash, customerId });
    expect((await setUp(sent.enrollmentId, other, '2030-05-01')).status).toBe(200);
    expect(await autopayFacts(sent.enrollmentId)).toEqual({
      status: 'PENDING',
      autopay_required: 1,
      autopay_active: 1,
    });
    // the new profile replaces the active one
    expect(await autopayRows(api, sent.enrollmentId)).toMatchObject([
      { payment_profile_token: card.payment_profile_token, status: 'finished' },
      { payment_profile_token: other.payment_profile_token, status: 'active', date_from: '2030-05-01' },
    ]);
    expect((await historyOf(api, sent.enrollmentId)).map((h) => h.to_status)).toEqual([
      'QUEUED_FOR_SUBMISSION',
      'PENDING',
    ]);
  });

  it('ended and set up again on an enrollment already with the billing system: recorded, status kept', async () => {
    const sent = await variableEnrollment(autopayWith(card));
    const path = `/enrollments/${sent.enrollmentId}/recurring-billing`;
    const ended = await asCustomer('DELETE', path);
    expect(ended.body.data).toMatchObject({ status: 'finished' });
    expect(await autopayFacts(sent.enrollmentId)).toEqual({
      status: 'PENDING',
      autopay_required: 1,
      autopay_active: 0,
    });
    const again = await setUp(sent.enrollmentId);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await autopayFacts(sent.enrollmentId)).toEqual({
      status: 'PENDING',
      autopay_required: 1,
      autopay_active: 1,
    });
    expect((await autopayRows(api, sent.enrollmentId)).map((r) => r.status)).toEqual(['finished', 'active']);
  });

  it('is refused on an enrollment that is no longer live', async () => {
    const held = await variableEnrollment();
    const cancelled = await api.call('POST', `/enrollments/${held.enrollmentId}/drop`, {
      token,
      body: { effectiveDate: '2030-01-01', reasonCodeId: 3 },
    });
    expect(cancelled.body.data.enrollment.status).toBe('CANCELLED');
    expect(expectFailure(await setUp(held.enrollmentId), 409, 'ENROLLMENT_STATUS_CONFLICT').errors).toEqual([
      'status: CANCELLED',
    ]);
    expect(await autopayRows(api, held.enrollmentId)).toEqual([]);
  });

  it("is refused with a payment profile that is not the customer's", async () => {
    const held = await variableEnrollment();
    const refused = expectFailure(
      await setUp(held.enrollmentId, {
        customer_profile_token: card.customer_profile_token,
        payment_profile_token: 'not-a-profile',
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(refused.errors).toEqual(['payment_profile_token: unknown for this customer']);
    expect(await autopayFacts(held.enrollmentId)).toMatchObject({
      status: 'ON_HOLD_AUTOPAY_SETUP_REQUIRED',
      autopay_active: 0,
    });
  });

  it('ending it marks autopay finished and inactive; ending it again is 404', async () => {
    const sent = await variableEnrollment(autopayWith(card));
    const path = `/enrollments/${sent.enrollmentId}/recurring-billing`;
    expect((await asCustomer('DELETE', path)).body.data).toMatchObject({
      idEnrollment: sent.enrollmentId,
      status: 'finished',
    });
    expect(await autopayFacts(sent.enrollmentId)).toMatchObject({ autopay_active: 0 });
    expectFailure(await asCustomer('DELETE', path), 404, 'NOT_FOUND');
  });
});
