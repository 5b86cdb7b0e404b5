import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  correctCustomerName,
  creditCheck,
  daysFromToday,
  enrollmentBody,
  planId,
  planOf,
  requiredOptions,
  sandboxDepositProfile,
  ssnEnding,
  weekdayFromToday,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { login } from './rules.js';

const api = useTestApi();
let token: string;
let fixed12: number;
let fixed24: number;
let variable: number;
let business: number;
let options: number[];

const enroll = (body: unknown, headers: Record<string, string> = {}) =>
  api.call('POST', '/enrollments/create', { token, body, headers });
const countRows = async () => ({
  customers: (await api.db.kysely.selectFrom('customers').select('id').execute()).length,
  enrollments: (await api.db.kysely.selectFrom('enrollments').select('id').execute()).length,
});

beforeAll(async () => {
  token = await api.sandboxToken();
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  fixed24 = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
  variable = await planId(api, 'Bluebonnet Energy Month-to-Month Variable Electric');
  business = await planOf(api, 'SmallBusiness');
  options = await requiredOptions(api, token, fixed12);
});

describe('POST /enrollments/create: the outcome statuses', () => {
  it('PENDING: a good score, nothing missing, sent to the billing system', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    const response = await enroll(
      enrollmentBody(fixed12, options, { payment: { creditCheckId: check.id_credit_check } }),
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      enrollmentStatus: 'PENDING',
      statusDetails: {
        depositPending: false,
        autopaySubscriptionPending: false,
        manualApprovalPending: false,
        sentToBillingSystem: true,
      },
    });
    const enrollment = (await api.call('GET', `/enrollments/${response.body.data.enrollmentId}`, { token }))
      .body.data;
    expect(enrollment.contract_start_date).toBe(weekdayFromToday(7));
    expect(enrollment.enrollment_statuses.map((s: { name: string }) => s.name)).toEqual([
      'PENDING',
      'QUEUED_FOR_SUBMISSION',
    ]);
  });

  it('ON_HOLD_DEPOSIT_PENDING: a score under the deposit threshold, deposit to pay later', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('520'), planId: fixed12 });
    expect(check.deposit_required).toBe(true);
    const response = await enroll(
      enrollmentBody(fixed12, options, {
        payment: { creditCheckId: check.id_credit_check, depositOptions: 'PayLater' },
      }),
    );
    expect(response.body.data).toMatchObject({
      enrollmentStatus: 'ON_HOLD_DEPOSIT_PENDING',
      statusDetails: { depositPending: true, sentToBillingSystem: false },
    });
    const enrollment = (await api.call('GET', `/enrollments/${response.body.data.enrollmentId}`, { token }))
      .body.data;
    expect(enrollment).toMatchObject({ pendingDepositAmount: 150, showPaymentDeposit: true });
  });

  it('PENDING after a deposit charged now, and ON_HOLD_PAYMENT_FAILED when the card is declined', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('520'), planId: fixed12 });
    const approved = await enroll(
      enrollmentBody(fixed12, options, {
        payment: {
          creditCheckId: check.id_credit_check,
          depositOptions: 'PayNow',
          ...(await sandboxDepositProfile(api, '1111')),
        },
      }),
    );
    expect(approved.body.data.enrollmentStatus).toBe('PENDING');
    const charges = await api.db.kysely
      .selectFrom('charge_transactions')
      .selectAll()
      .where('enrollment_id', '=', approved.body.data.enrollmentId)
      .execute();
    expect(charges).toMatchObject([
      { transaction_type: 'DEPOSIT', amount_cents: 15000, status: 'approved', has_been_captured: 1 },
    ]);
    const declined = await enroll(
      enrollmentBody(fixed12, options, {
        payment: {
          creditCheckId: check.id_credit_check,
          depositOptions: 'PayNow',
          ...(await sandboxDepositProfile(api, '0010')),
        },
      }),
    );
    expect(declined.body.data).toMatchObject({
      enrollmentStatus: 'ON_HOLD_PAYMENT_FAILED',
      statusDetails: { depositPending: true },
    });
  });

  it('PENDING after a deposit charged now with the deposit token, an empty list of payment profiles beside it', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('520'), planId: fixed12 });
    const created = await enroll(
      enrollmentBody(fixed12, options, {
        payment: {
          creditCheckId: check.id_credit_check,
          depositOptions: 'PayNow',
          ...(await sandboxDepositProfile(api, '1111')),
          paymentProfiles: [],
          acceptRecurringBilling: true,
        },
      }),
    );
    expect(created.body.data?.enrollmentStatus, JSON.stringify(created.body)).toBe('PENDING');
    const charges = await api.db.kysely
      .selectFrom('charge_transactions')
      .select(['transaction_type', 'status', 'payment_type'])
      .where('enrollment_id', '=', created.body.data.enrollmentId)
      .execute();
    expect(charges).toEqual([
      { transaction_type: 'DEPOSIT', status: 'approved', payment_type: 'CreditCard' },
    ]);
  });

  it('a deposit charge without an answer stays ON_HOLD_DEPOSIT_PENDING, its charge marked for reconciliation', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('520'), planId: fixed12 });
    const response = await enroll(
      enrollmentBody(fixed12, options, {
        payment: {
          creditCheckId: check.id_credit_check,
          depositOptions: 'PayNow',
          ...(await sandboxDepositProfile(api, '0019')),
        },
      }),
    );
    expect(response.body.data.enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
    const charges = await api.db.kysely
      .selectFrom('charge_transactions')
      .selectAll()
      .where('enrollment_id', '=', response.body.data.enrollmentId)
      .execute();
    expect(charges).toMatchObject([{ status: 'unknown', has_been_captured: 0 }]);
  });

  it('ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD: a business customer covering the deposit with a letter of credit', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('450'), planId: business });
    const response = await enroll(
      enrollmentBody(business, await requiredOptions(api, token, business), {
        customerType: 'SmallBusiness',
        customer: { firmName: 'Elm Street Bakery', contactName: 'Ana Garcia', fedtaxid: '741234567' },
        payment: { creditCheckId: check.id_credit_check, depositOptions: 'LetterOfCredit' },
      }),
    );
    expect(response.body.data?.enrollmentStatus ?? response.body).toBe(
      'ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD',
    );
  });

  it('ON_HOLD_AUTOPAY_SETUP_REQUIRED: a plan that requires autopay, without it', async () => {
    const response = await enroll(enrollmentBody(variable, await requiredOptions(api, token, variable)));
    expect(response.body.data).toMatchObject({
      enrollmentStatus: 'ON_HOLD_AUTOPAY_SETUP_REQUIRED',
      statusDetails: { autopaySubscriptionPending: true },
    });
  });

  it('ON_HOLD: a fraud alert or a critical-care customer waits for an agent', async () => {
    const alert = await creditCheck(api, token, {
      lastName: 'Alert',
      socialSecurityNumber: ssnEnding('720'),
      planId: fixed12,
    });
    expect(alert.fraud_alert).toBe(true);
    const fraud = await enroll(
      enrollmentBody(fixed12, options, {
        customer: { lastName: 'Alert' },
        payment: { creditCheckId: alert.id_credit_check },
      }),
    );
    expect(fraud.body.data).toMatchObject({
      enrollmentStatus: 'ON_HOLD',
      statusDetails: { manualApprovalPending: true },
    });
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    const care = await enroll(
      enrollmentBody(fixed12, options, {
        criticalCareResidentialCustomer: true,
        payment: { creditCheckId: check.id_credit_check },
      }),
    );
    expect(care.body.data.enrollmentStatus).toBe('ON_HOLD');
  });

  it('SUBMITION_NOT_SENT_CONNECTION_ERROR, then PENDING when the retry task finds the billing system back', async () => {
    const check = await creditCheck(api, token, {
      lastName: 'Offline',
      socialSecurityNumber: ssnEnding('720'),
      planId: fixed12,
    });
    const response = await enroll(
      enrollmentBody(fixed12, options, {
        customer: { lastName: 'Offline' },
        payment: { creditCheckId: check.id_credit_check },
      }),
    );
    const id = response.body.data.enrollmentId;
    expect(response.body.data).toMatchObject({
      enrollmentStatus: 'SUBMITION_NOT_SENT_CONNECTION_ERROR',
      statusDetails: { sentToBillingSystem: false },
    });
    const row = await api.db.kysely
      .selectFrom('enrollments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.next_submission_at).toBeGreaterThan(Date.now() / 1000);
    // still down and not yet due: the task leaves it alone
    await api.app.voltin.scheduler.runNow('submit-enrollments');
    expect((await api.call('GET', `/enrollments/${id}`, { token })).body.data.status).toBe(
      'SUBMITION_NOT_SENT_CONNECTION_ERROR',
    );
    // the fault clears (the customer record is corrected) and the clock reaches the retry (Date only, as travelTo does)
    await correctCustomerName(api, row.customer_id);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(row.next_submission_at! * 1000);
      await api.app.voltin.scheduler.runNow('submit-enrollments');
      const after = (await api.call('GET', `/enrollments/${id}`, { token: await login(api) })).body.data;
      expect(after.status).toBe('PENDING');
      expect(after.statusDetails.sentToBillingSystem).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('SUBMITTED_WITH_ERRORS: the billing system took it with errors to adjust', async () => {
    const check = await creditCheck(api, token, {
      lastName: 'Rejected',
      socialSecurityNumber: ssnEnding('720'),
      planId: fixed12,
    });
    const response = await enroll(
      enrollmentBody(fixed12, options, {
        customer: { lastName: 'Rejected' },
        payment: { creditCheckId: check.id_credit_check },
      }),
    );
    expect(response.body.data).toMatchObject({
      enrollmentStatus: 'SUBMITTED_WITH_ERRORS',
      statusDetails: { sentToBillingSystem: true },
    });
    const enrollment = (await api.call('GET', `/enrollments/${response.body.data.enrollmentId}`, { token }))
      .body.data;
    expect(enrollment.billing_errors[0]).toContain('billing adjustment');
  });

  it('bypassing the credit check where allowed forces a deposit', async () => {
    const response = await enroll(enrollmentBody(fixed12, options, { payment: { bypassCreditCheck: true } }));
    expect(response.body.data.enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
  });
});

describe('POST /enrollments/create: refusals write nothing', () => {
  it.each([
    [
      'a score under the refusal threshold',
      async () => {
        const check = await creditCheck(api, token, {
          socialSecurityNumber: ssnEnding('420'),
          planId: fixed24,
        });
        return enrollmentBody(fixed24, await requiredOptions(api, token, fixed24), {
          payment: { creditCheckId: check.id_credit_check },
        });
      },
      422,
      'CREDIT_SCORE_TOO_LOW',
    ],
    [
      'no credit check on a plan that requires one',
      async () => enrollmentBody(fixed12, options),
      422,
      'CREDIT_CHECK_REQUIRED',
    ],
    [
      'a bypass the plan does not allow',
      async () =>
        enrollmentBody(fixed24, await requiredOptions(api, token, fixed24), {
          payment: { bypassCreditCheck: true },
        }),
      422,
      'CREDIT_CHECK_BYPASS_NOT_ALLOWED',
    ],
    [
      'an unknown credit check',
      async () => enrollmentBody(fixed12, options, { payment: { creditCheckId: 999999 } }),
      422,
      'CREDIT_CHECK_NOT_FOUND',
    ],
    [
      'a missing required acceptance',
      async () => enrollmentBody(fixed12, options.slice(1), { payment: { bypassCreditCheck: true } }),
      422,
      'ACCEPTANCE_REQUIRED',
    ],
    [
      'a start date before the plan delay',
      async () =>
        enrollmentBody(fixed12, options, {
          requestedStartDate: daysFromToday(0),
          payment: { bypassCreditCheck: true },
        }),
      422,
      'START_DATE_TOO_EARLY',
    ],
    [
      'a zip code the utility does not serve',
      async () =>
        enrollmentBody(fixed12, options, {
          serviceAddress: { zipcode: '77002', city: 'Houston' },
          payment: { bypassCreditCheck: true },
        }),
      422,
      'ZIPCODE_NOT_SERVED',
    ],
    [
      'a customer type other than the plan',
      async () =>
        enrollmentBody(fixed12, options, {
          customerType: 'SmallBusiness',
          payment: { bypassCreditCheck: true },
        }),
      422,
      'PLAN_MISMATCH',
    ],
    [
      'a deprecated plan',
      async () =>
        enrollmentBody(await planId(api, 'Bluebonnet Energy 18-Month Fixed Electric'), options, {
          payment: { bypassCreditCheck: true },
        }),
      422,
      'PLAN_NOT_ON_SALE',
    ],
    [
      'a missing required field',
      async () =>
        enrollmentBody(fixed12, options, {
          customer: { lastName: '' },
          payment: { bypassCreditCheck: true },
        }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an ESIID of another TDSP',
      async () =>
        enrollmentBody(fixed12, options, {
          serviceAddress: { ldcAccount: '10089010001234567' },
          payment: { bypassCreditCheck: true },
        }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a deposit to pay now without a card to pay it with (an empty list of payment profiles)',
      async () =>
        enrollmentBody(fixed12, options, {
          payment: {
            bypassCreditCheck: true,
            depositOptions: 'PayNow',
            customerProfileToken: 'cust-1',
            paymentProfiles: [],
          },
        }),
      400,
      'VALIDATION_FAILED',
    ],
    ['an unknown plan', async () => enrollmentBody(999999, options), 404, 'PLAN_NOT_FOUND'],
  ] as const)('refuses %s', async (_name, build, status, code) => {
    const body = await build();
    const before = await countRows();
    expectFailure(await enroll(body), status, code);
    expect(await countRows()).toEqual(before);
  });

  it('refuses a second live enrollment of the same ESIID, naming the first', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    const body = enrollmentBody(fixed12, options, { payment: { creditCheckId: check.id_credit_check } });
    const first = await enroll(body);
    const duplicate = expectFailure(await enroll(body), 409, 'ENROLLMENT_DUPLICATE');
    expect(duplicate.errors).toEqual([`id_previous_enrollment: ${first.body.data.enrollmentId}`]);
  });
});

describe('Idempotency-Key on create', () => {
  it('returns the first result for a retry and creates nothing new', async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    const body = enrollmentBody(fixed12, options, { payment: { creditCheckId: check.id_credit_check } });
    const key = `retry-${Date.now()}`;
    const [a, b] = await Promise.all([
      enroll(body, { 'idempotency-key': key }),
      enroll(body, { 'idempotency-key': key }),
    ]);
    const c = await enroll(body, { 'idempotency-key': key });
    const [first, second] = a.status === 200 ? [a, b] : [b, a];
    expect(first.status).toBe(200);
    // The second, sent at once, finds the first still running (409) or finished (its answer, replayed).
    if (second.status === 409) expectFailure(second, 409, 'IDEMPOTENCY_KEY_IN_USE');
    else expect(second.body).toEqual(first.body);
    expect(c.body).toEqual(first.body);
    expect(c.headers.get('idempotent-replayed')).toBe('true');
    const rows = await api.db.kysely
      .selectFrom('enrollments')
      .select('id')
      .where('ldc_account', '=', body.serviceAddress.ldcAccount!)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses the same key with a different request', async () => {
    const key = `reuse-${Date.now()}`;
    await enroll(enrollmentBody(fixed12, options, { payment: { bypassCreditCheck: true } }), {
      'idempotency-key': key,
    });
    expectFailure(
      await enroll(enrollmentBody(fixed12, options, { payment: { bypassCreditCheck: true } }), {
        'idempotency-key': key,
      }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });
});

describe('POST /enrollments/create: a login made with the enrollment follows the account rules', () => {
  const withLogin = async (login: { username?: string; password?: string }) => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    return enroll(
      enrollmentBody(fixed12, options, {
        customer: login,
        payment: { creditCheckId: check.id_credit_check },
      }),
    );
  };

  it('refuses the passwords and usernames quick enrollment refuses, writing nothing', async () => {
    const before = await countRows();
    const weak = expectFailure(
      await withLogin({ username: 'ana.garcia.1', password: 'passwordpassword' }),
      422,
      'PASSWORD_TOO_WEAK',
    );
    expect(weak.errors.every((error: string) => error.startsWith('customer.password: '))).toBe(true);
    expectFailure(
      await withLogin({ username: 'ana.garcia.2', password: 'ana.garcia.2-x9' }),
      422,
      'PASSWORD_TOO_WEAK',
    );
    const badUserName = expectFailure(
      await withLogin({ username: 'ana garcia!', password: 'Long-enough-9' }),
      400,
      'USERNAME_INVALID',
    );
    expect(badUserName.message).toMatch(/^customer\.username: /);
    expectFailure(await withLogin({ username: 'ana.garcia.3' }), 400, 'VALIDATION_FAILED');
    expect(await countRows()).toEqual(before);
  });

  it('creates the login once: the same username again is 409 USERNAME_TAKEN', async () => {
    const first = await withLogin({ username: 'Ana.Garcia.Login', password: 'Long-enough-9' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expectFailure(
      await withLogin({ username: 'ana.garcia.login', password: 'Long-enough-9' }),
      409,
      'USERNAME_TAKEN',
    );
  });

  it('six creates with one new username at once: the database keeps one login, the others are 409 USERNAME_TAKEN', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => withLogin({ username: 'rush.hour', password: 'Long-enough-9' })),
    );
    expect(responses.map((r) => r.status).sort(), JSON.stringify(responses.map((r) => r.body.code))).toEqual([
      200, 409, 409, 409, 409, 409,
    ]);
    for (const refused of responses.filter((r) => r.status === 409))
      expectFailure(refused, 409, 'USERNAME_TAKEN');
    const logins = await api.db.kysely
      .selectFrom('customers')
      .select('id')
      .where('user_name', '=', 'rush.hour')
      .execute();
    expect(logins).toHaveLength(1);
  });
});
