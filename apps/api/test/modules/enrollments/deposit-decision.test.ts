import { beforeAll, describe, expect, it } from 'vitest';
import { createPaymentGateways } from '../../../src/adapters/payment-gateway/index.js';
import type { PaymentGateway } from '../../../src/adapters/payment-gateway/port.js';
import {
  creditCheck,
  enrollmentBody,
  planId,
  planOf,
  requiredOptions,
  sandboxDepositProfile,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { configuredGatewayOf, sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { chargeRows, enrollmentRow, historyOf } from './rules.js';

/**
 * The deposit step of the decision flow (spec: Enrollment, step 5 and 6): the credit result against the plan's
 * thresholds decides whether a deposit is due, and the request says how it is met.
 */

/** What the gateway does when asked about a transaction: answer, fail outright, or wait at a gate first. */
const lookUp = {
  fault: null as Error | null,
  gate: null as Promise<void> | null,
  arrived: 0,
};
const api = useTestApi(
  {},
  {
    gateway: (gateway: PaymentGateway): PaymentGateway => ({
      ...gateway,
      transactionDetails: async (transactionId) => {
        lookUp.arrived++;
        if (lookUp.fault) throw lookUp.fault;
        if (lookUp.gate) await lookUp.gate;
        return gateway.transactionDetails(transactionId);
      },
    }),
  },
);
let token: string;
let fixed12: number;
let fixed24: number;
let variable: number;
let business: number;
const options = new Map<number, number[]>();

const enroll = (body: unknown) => api.call('POST', '/enrollments/create', { token, body });

/** A credit check scoring `score` (the sandbox bureau reads the SSN's last three digits) for `plan`. */
const checkScoring = async (score: string, plan: number, overrides: Record<string, unknown> = {}) =>
  (await creditCheck(api, token, { socialSecurityNumber: ssnEnding(score), planId: plan, ...overrides }))
    .id_credit_check;

/** A residential 12-month fixed enrollment after a check scoring `score`, with `payment` added. */
const fixedEnrollment = async (score: string, payment: Record<string, unknown> = {}, overrides = {}) =>
  enroll(
    enrollmentBody(fixed12, options.get(fixed12)!, {
      payment: { creditCheckId: await checkScoring(score, fixed12), ...payment },
      ...overrides,
    }),
  );

const created = (response: { status: number; body: any }) => {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as {
    enrollmentId: number;
    enrollmentStatus: string;
    statusDetails: Record<string, boolean>;
  };
};

/** Enrolls `body`, expecting the refusal `status` `code` naming `errors`, and nothing written. */
const expectRefused = async (body: unknown, status: number, code: string, errors: string[]) => {
  const before = await countRows();
  expect(expectFailure(await enroll(body), status, code).errors).toEqual(errors);
  expect(await countRows()).toEqual(before);
};

/** `fixedEnrollment`, made without the gateway being asked about any transaction. */
const createdWithoutLookUp = async (score: string, payment: Record<string, unknown>) => {
  lookUp.arrived = 0;
  const data = created(await fixedEnrollment(score, payment));
  expect(lookUp.arrived).toBe(0);
  return data;
};

const depositFacts = async (id: number) => {
  const row = await enrollmentRow(api, id);
  return {
    status: row.status,
    deposit_required: row.deposit_required,
    deposit_amount_cents: row.deposit_amount_cents,
    deposit_status: row.deposit_status,
    manual_review_reasons: JSON.parse(row.manual_review_reasons),
  };
};

const countRows = async () => ({
  customers: (await api.db.kysely.selectFrom('customers').select('id').execute()).length,
  enrollments: (await api.db.kysely.selectFrom('enrollments').select('id').execute()).length,
  charges: (await api.db.kysely.selectFrom('charge_transactions').select('id').execute()).length,
});

/** A charge the sandbox gateway made outside Voltin (a payment page before enrolling): its transaction id. */
async function chargedAtGateway(amountCents: number) {
  const card = await sandboxDepositProfile(api, '1111');
  const gateway = await createPaymentGateways({
    db: api.db.kysely,
    secretBoxKey: api.app.voltin.keys.secretBox,
    configuredGateway: configuredGatewayOf(api.db.kysely),
  }).gatewayFor(await sandboxCompanyId(api.db.kysely));
  const result = await gateway.charge({
    customerProfileToken: card.customerProfileToken,
    paymentProfileToken: card.depositToken,
    amountCents,
    reference: `before-enrollment-${Math.random()}`,
    description: 'Deposit paid before enrolling',
  });
  if (!result.transactionId) throw new Error('the sandbox made no transaction');
  return result.transactionId;
}

beforeAll(async () => {
  token = await api.sandboxToken();
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  fixed24 = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
  variable = await planId(api, 'Bluebonnet Energy Month-to-Month Variable Electric');
  business = await planOf(api, 'SmallBusiness');
  for (const plan of [fixed12, fixed24, variable, business])
    options.set(plan, await requiredOptions(api, token, plan));
});

describe('whether a deposit is due: the score against the plan threshold', () => {
  it('a score equal to the threshold (550) needs no deposit and goes to billing', async () => {
    const data = created(await fixedEnrollment('550'));
    expect(data).toMatchObject({
      enrollmentStatus: 'PENDING',
      statusDetails: {
        depositPending: false,
        autopaySubscriptionPending: false,
        manualApprovalPending: false,
        sentToBillingSystem: true,
      },
    });
    expect(await depositFacts(data.enrollmentId)).toEqual({
      status: 'PENDING',
      deposit_required: 0,
      deposit_amount_cents: 0,
      deposit_status: 'not_required',
      manual_review_reasons: [],
    });
  });

  it('a score one under (549) needs the plan deposit ($150), held until paid', async () => {
    const check = await checkScoring('549', fixed12);
    const data = created(
      await enroll(
        enrollmentBody(fixed12, options.get(fixed12)!, {
          payment: { creditCheckId: check, depositOptions: 'PayLater' },
        }),
      ),
    );
    expect(data).toMatchObject({
      enrollmentStatus: 'ON_HOLD_DEPOSIT_PENDING',
      statusDetails: {
        depositPending: true,
        autopaySubscriptionPending: false,
        manualApprovalPending: false,
        sentToBillingSystem: false,
      },
    });
    expect(await depositFacts(data.enrollmentId)).toEqual({
      status: 'ON_HOLD_DEPOSIT_PENDING',
      deposit_required: 1,
      deposit_amount_cents: 15000,
      deposit_status: 'pending',
      manual_review_reasons: [],
    });
    expect((await enrollmentRow(api, data.enrollmentId)).credit_check_id).toBe(check);
    // PayLater charges nothing now
    expect(await chargeRows(api, data.enrollmentId)).toEqual([]);
    expect(await historyOf(api, data.enrollmentId)).toEqual([
      { from_status: null, to_status: 'ON_HOLD_DEPOSIT_PENDING', actor: 'system', reason: 'Created' },
    ]);
  });

  it('a score under the refusal threshold (449 on the 24-month plan) is refused; 450 is served with its $200 deposit', async () => {
    await expectRefused(
      enrollmentBody(fixed24, options.get(fixed24)!, {
        payment: { creditCheckId: await checkScoring('449', fixed24) },
      }),
      422,
      'CREDIT_SCORE_TOO_LOW',
      ['payment.creditCheckId: score below 450'],
    );
    const served = created(
      await enroll(
        enrollmentBody(fixed24, options.get(fixed24)!, {
          payment: { creditCheckId: await checkScoring('450', fixed24) },
        }),
      ),
    );
    expect(await depositFacts(served.enrollmentId)).toMatchObject({
      status: 'ON_HOLD_DEPOSIT_PENDING',
      deposit_required: 1,
      deposit_amount_cents: 20000,
      deposit_status: 'pending',
    });
  });

  it('a plan that requires a credit check refuses an enrollment without one', async () => {
    await expectRefused(
      enrollmentBody(fixed12, options.get(fixed12)!, { payment: { depositOptions: 'PayLater' } }),
      422,
      'CREDIT_CHECK_REQUIRED',
      ['payment.creditCheckId: is required by the plan'],
    );
  });

  it('a plan without a credit check asks no deposit, even when the request bypasses the check', async () => {
    const data = created(
      await enroll(
        enrollmentBody(variable, options.get(variable)!, {
          payment: { bypassCreditCheck: true, depositOptions: 'PayLater' },
        }),
      ),
    );
    expect(await depositFacts(data.enrollmentId)).toEqual({
      status: 'ON_HOLD_AUTOPAY_SETUP_REQUIRED',
      deposit_required: 0,
      deposit_amount_cents: 0,
      deposit_status: 'not_required',
      manual_review_reasons: [],
    });
    expect((await enrollmentRow(api, data.enrollmentId)).credit_check_id).toBeNull();
  });
});

describe('bypassing the credit check', () => {
  it('where the plan allows it, forces the deposit and keeps no credit check, even one given beside it', async () => {
    const good = await checkScoring('720', fixed12);
    const data = created(
      await enroll(
        enrollmentBody(fixed12, options.get(fixed12)!, {
          payment: { bypassCreditCheck: true, creditCheckId: good },
        }),
      ),
    );
    expect(data.enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
    expect(await depositFacts(data.enrollmentId)).toEqual({
      status: 'ON_HOLD_DEPOSIT_PENDING',
      deposit_required: 1,
      deposit_amount_cents: 15000,
      deposit_status: 'pending',
      manual_review_reasons: [],
    });
    expect((await enrollmentRow(api, data.enrollmentId)).credit_check_id).toBeNull();
  });

  it('where the plan does not allow it, is refused and writes nothing', async () => {
    await expectRefused(
      enrollmentBody(fixed24, options.get(fixed24)!, {
        payment: { bypassCreditCheck: true, creditCheckId: await checkScoring('720', fixed24) },
      }),
      422,
      'CREDIT_CHECK_BYPASS_NOT_ALLOWED',
      ['payment.bypassCreditCheck: not allowed'],
    );
  });
});

describe('a deposit waiver', () => {
  it('waives a due deposit and sends the enrollment to an agent (ON_HOLD), charging nothing', async () => {
    const data = created(
      await fixedEnrollment('520', {
        depositWaived: true,
        depositOptions: 'PayNow',
        ...(await sandboxDepositProfile(api, '1111')),
      }),
    );
    expect(data).toMatchObject({
      enrollmentStatus: 'ON_HOLD',
      statusDetails: {
        depositPending: false,
        autopaySubscriptionPending: false,
        manualApprovalPending: true,
        sentToBillingSystem: false,
      },
    });
    expect(await depositFacts(data.enrollmentId)).toEqual({
      status: 'ON_HOLD',
      deposit_required: 1,
      deposit_amount_cents: 15000,
      deposit_status: 'waived',
      manual_review_reasons: ['Deposit waiver requested'],
    });
    expect(await chargeRows(api, data.enrollmentId)).toEqual([]);
  });

  it('asked where no deposit is due, changes nothing: no review, straight to billing', async () => {
    const data = created(await fixedEnrollment('720', { depositWaived: true }));
    expect(await depositFacts(data.enrollmentId)).toEqual({
      status: 'PENDING',
      deposit_required: 0,
      deposit_amount_cents: 0,
      deposit_status: 'not_required',
      manual_review_reasons: [],
    });
  });

  it('wins over a deposit said to be captured: the gateway is not asked and no charge is recorded', async () => {
    const transactionId = await chargedAtGateway(15_000);
    const data = await createdWithoutLookUp('520', {
      depositWaived: true,
      depositCaptureStatus: 'Captured',
      depositTransactionId: transactionId,
    });
    expect(await depositFacts(data.enrollmentId)).toMatchObject({
      status: 'ON_HOLD',
      deposit_status: 'waived',
    });
    expect(await chargeRows(api, data.enrollmentId)).toEqual([]);
  });
});

describe('a letter of credit instead of a deposit', () => {
  const businessBody = (check: number, payment: Record<string, unknown>) =>
    enrollmentBody(business, options.get(business)!, {
      customerType: 'SmallBusiness',
      customer: { firmName: 'Elm Street Bakery', contactName: 'Ana Garcia', fedtaxid: '741234567' },
      payment: { creditCheckId: check, ...payment },
    });

  it('is accepted from a business customer: the enrollment waits for the letter', async () => {
    const data = created(
      await enroll(businessBody(await checkScoring('450', business), { depositOptions: 'LetterOfCredit' })),
    );
    expect(data).toMatchObject({
      enrollmentStatus: 'ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD',
      statusDetails: { depositPending: true, manualApprovalPending: false, sentToBillingSystem: false },
    });
    expect(await depositFacts(data.enrollmentId)).toEqual({
      status: 'ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD',
      deposit_required: 1,
      deposit_amount_cents: 50000,
      deposit_status: 'letter_of_credit',
      manual_review_reasons: [],
    });
  });

  it('is refused from a residential customer who owes a deposit, writing nothing', async () => {
    const check = await checkScoring('520', fixed12);
    await expectRefused(
      enrollmentBody(fixed12, options.get(fixed12)!, {
        payment: { creditCheckId: check, depositOptions: 'LetterOfCredit' },
      }),
      400,
      'VALIDATION_FAILED',
      ['payment.depositOptions: a letter of credit is accepted from business customers only'],
    );
  });

  it('means nothing where no deposit is due, for a residential customer too', async () => {
    const data = created(await fixedEnrollment('720', { depositOptions: 'LetterOfCredit' }));
    expect(await depositFacts(data.enrollmentId)).toMatchObject({
      status: 'PENDING',
      deposit_status: 'not_required',
    });
  });
});

describe('PayNow: the deposit charged during the enrollment', () => {
  it('approved: the deposit is paid and the enrollment goes to billing', async () => {
    const data = created(
      await fixedEnrollment('520', {
        depositOptions: 'PayNow',
        ...(await sandboxDepositProfile(api, '1111')),
      }),
    );
    expect(data.enrollmentStatus).toBe('PENDING');
    expect(await depositFacts(data.enrollmentId)).toMatchObject({
      status: 'PENDING',
      deposit_status: 'paid',
      deposit_amount_cents: 15000,
    });
    expect(await chargeRows(api, data.enrollmentId)).toMatchObject([
      { transaction_type: 'DEPOSIT', amount_cents: 15000, status: 'approved', has_been_captured: 1 },
    ]);
    expect((await historyOf(api, data.enrollmentId)).map((h) => h.to_status)).toEqual([
      'ON_HOLD_DEPOSIT_PENDING',
      'QUEUED_FOR_SUBMISSION',
      'PENDING',
    ]);
  });

  it('charges the first payment profile of the request when no deposit token is named', async () => {
    const card = await sandboxDepositProfile(api, '1111');
    const data = created(
      await fixedEnrollment('520', {
        depositOptions: 'PayNow',
        customerProfileToken: card.customerProfileToken,
        paymentProfiles: [{ paymentProfileToken: card.depositToken, paymentType: 'BankAccount' }],
      }),
    );
    expect(data.enrollmentStatus).toBe('PENDING');
    expect(await chargeRows(api, data.enrollmentId)).toMatchObject([
      {
        transaction_type: 'DEPOSIT',
        amount_cents: 15000,
        status: 'approved',
        payment_profile_token: card.depositToken,
        payment_type: 'BankAccount',
      },
    ]);
  });

  it('declined: ON_HOLD_PAYMENT_FAILED, the deposit still owed', async () => {
    const data = created(
      await fixedEnrollment('520', {
        depositOptions: 'PayNow',
        ...(await sandboxDepositProfile(api, '0010')),
      }),
    );
    expect(data).toMatchObject({
      enrollmentStatus: 'ON_HOLD_PAYMENT_FAILED',
      statusDetails: { depositPending: true, sentToBillingSystem: false },
    });
    expect(await depositFacts(data.enrollmentId)).toMatchObject({ deposit_status: 'failed' });
    expect(await chargeRows(api, data.enrollmentId)).toMatchObject([{ status: 'declined' }]);
  });

  it('no answer from the gateway: the deposit stays due and the charge waits for reconciliation', async () => {
    const data = created(
      await fixedEnrollment('520', {
        depositOptions: 'PayNow',
        ...(await sandboxDepositProfile(api, '0019')),
      }),
    );
    expect(data.enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
    expect(await depositFacts(data.enrollmentId)).toMatchObject({ deposit_status: 'pending' });
    expect(await chargeRows(api, data.enrollmentId)).toMatchObject([
      { status: 'unknown', has_been_captured: 0 },
    ]);
  });

  it('charges nothing when no deposit is due', async () => {
    const data = created(
      await fixedEnrollment('720', {
        depositOptions: 'PayNow',
        ...(await sandboxDepositProfile(api, '1111')),
      }),
    );
    expect(data.enrollmentStatus).toBe('PENDING');
    expect(await chargeRows(api, data.enrollmentId)).toEqual([]);
  });

  it.each([
    [
      'without the customer profile',
      (card: { depositToken: string }) => ({ depositToken: card.depositToken }),
    ],
    [
      'without a deposit payment profile',
      (card: { customerProfileToken: string }) => ({ customerProfileToken: card.customerProfileToken }),
    ],
  ])('is refused %s, writing nothing', async (_name, tokens) => {
    const card = await sandboxDepositProfile(api, '1111');
    const check = await checkScoring('520', fixed12);
    await expectRefused(
      enrollmentBody(fixed12, options.get(fixed12)!, {
        payment: { creditCheckId: check, depositOptions: 'PayNow', ...tokens(card as never) },
      }),
      400,
      'VALIDATION_FAILED',
      ['payment.depositToken: PayNow needs customerProfileToken and a deposit payment profile'],
    );
  });
});

describe('a deposit captured before enrollment', () => {
  it('confirmed by the gateway for the deposit due: paid, recorded as a captured DEPOSIT charge', async () => {
    const transactionId = await chargedAtGateway(15_000);
    const data = created(
      await fixedEnrollment('520', { depositCaptureStatus: 'Captured', depositTransactionId: transactionId }),
    );
    expect(data.enrollmentStatus).toBe('PENDING');
    expect(await depositFacts(data.enrollmentId)).toMatchObject({
      status: 'PENDING',
      deposit_status: 'paid',
    });
    const row = await enrollmentRow(api, data.enrollmentId);
    expect(await chargeRows(api, data.enrollmentId)).toMatchObject([
      {
        company_id: row.company_id,
        customer_id: row.customer_id,
        transaction_type: 'DEPOSIT',
        amount_cents: 15_000,
        reference: `deposit-${data.enrollmentId}-captured`,
        gateway_transaction_id: transactionId,
        payment_profile_token: 'captured-before-enrollment',
        payment_type: 'CreditCard',
        status: 'approved',
        decline_reason: null,
        has_been_captured: 1,
        sent_to_billing_system: 0,
      },
    ]);
  });

  it('records the payment profile and type the request names', async () => {
    const transactionId = await chargedAtGateway(15_000);
    const data = created(
      await fixedEnrollment('520', {
        depositCaptureStatus: 'Captured',
        depositTransactionId: transactionId,
        paymentProfiles: [{ paymentProfileToken: 'bank-profile-1', paymentType: 'BankAccount' }],
      }),
    );
    expect(await chargeRows(api, data.enrollmentId)).toMatchObject([
      {
        payment_profile_token: 'bank-profile-1',
        payment_type: 'BankAccount',
        gateway_transaction_id: transactionId,
      },
    ]);
  });

  it('with an empty list of payment profiles, records the charge as it would without one', async () => {
    const transactionId = await chargedAtGateway(15_000);
    const data = created(
      await fixedEnrollment('520', {
        depositCaptureStatus: 'Captured',
        depositTransactionId: transactionId,
        paymentProfiles: [],
      }),
    );
    expect(await chargeRows(api, data.enrollmentId)).toMatchObject([
      { payment_profile_token: 'captured-before-enrollment', payment_type: 'CreditCard' },
    ]);
  });

  it.each([
    ['the gateway does not know the transaction', async () => ({ depositTransactionId: '60099999999' })],
    [
      'the charge is for less than the deposit',
      async () => ({ depositTransactionId: await chargedAtGateway(14_999) }),
    ],
    ['no transaction id is given', async () => ({})],
  ])('not confirmed (%s): the deposit stays due, nothing recorded', async (_name, transaction) => {
    const data = created(
      await fixedEnrollment('520', { depositCaptureStatus: 'Captured', ...(await transaction()) }),
    );
    expect(data.enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
    expect(await depositFacts(data.enrollmentId)).toMatchObject({ deposit_status: 'pending' });
    expect(await chargeRows(api, data.enrollmentId)).toEqual([]);
  });

  it('counts only when said to be Captured: NotCaptured leaves the deposit due and the gateway unasked', async () => {
    const transactionId = await chargedAtGateway(15_000);
    const data = await createdWithoutLookUp('520', {
      depositCaptureStatus: 'NotCaptured',
      depositTransactionId: transactionId,
    });
    expect(await depositFacts(data.enrollmentId)).toMatchObject({
      status: 'ON_HOLD_DEPOSIT_PENDING',
      deposit_status: 'pending',
    });
    expect(await chargeRows(api, data.enrollmentId)).toEqual([]);
  });

  it('is not used where no deposit is due: the transaction stays free to pay a later deposit', async () => {
    const transactionId = await chargedAtGateway(15_000);
    const free = await createdWithoutLookUp('720', {
      depositCaptureStatus: 'Captured',
      depositTransactionId: transactionId,
    });
    expect(await depositFacts(free.enrollmentId)).toMatchObject({ deposit_status: 'not_required' });
    expect(await chargeRows(api, free.enrollmentId)).toEqual([]);
    const later = created(
      await fixedEnrollment('520', { depositCaptureStatus: 'Captured', depositTransactionId: transactionId }),
    );
    expect(await depositFacts(later.enrollmentId)).toMatchObject({
      status: 'PENDING',
      deposit_status: 'paid',
    });
  });

  it('a transaction already recorded is not asked about again and pays nothing', async () => {
    const transactionId = await chargedAtGateway(15_000);
    created(
      await fixedEnrollment('520', { depositCaptureStatus: 'Captured', depositTransactionId: transactionId }),
    );
    const again = await createdWithoutLookUp('520', {
      depositCaptureStatus: 'Captured',
      depositTransactionId: transactionId,
    });
    expect(again.enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
    expect(await chargeRows(api, again.enrollmentId)).toEqual([]);
  });

  it('a gateway look-up that fails other than as an API error fails the create, writing nothing', async () => {
    const transactionId = await chargedAtGateway(15_000);
    const check = await checkScoring('520', fixed12);
    const before = await countRows();
    lookUp.fault = new Error('the gateway adapter broke');
    try {
      const response = await enroll(
        enrollmentBody(fixed12, options.get(fixed12)!, {
          payment: {
            creditCheckId: check,
            depositCaptureStatus: 'Captured',
            depositTransactionId: transactionId,
          },
        }),
      );
      expectFailure(response, 500, 'INTERNAL_ERROR');
    } finally {
      lookUp.fault = null;
    }
    expect(await countRows()).toEqual(before);
  });

  it('two enrollments confirming the same transaction at once, each creating its own login: one pays with it, the other is 409 CHARGE_ALREADY_RECORDED', async () => {
    const transactionId = await chargedAtGateway(15_000);
    const payment = { depositCaptureStatus: 'Captured', depositTransactionId: transactionId };
    const bodies = await Promise.all(
      [0, 1].map(async (i) =>
        enrollmentBody(fixed12, options.get(fixed12)!, {
          customer: { username: `captured.racer.${i}`, password: 'Long-enough-9' },
          payment: { creditCheckId: await checkScoring('520', fixed12), ...payment },
        }),
      ),
    );
    let open!: () => void;
    lookUp.gate = new Promise((resolve) => (open = resolve));
    lookUp.arrived = 0;
    const answers = Promise.all(bodies.map((body) => enroll(body)));
    // both are past the "already recorded" look-up and at the gateway before either saves
    while (lookUp.arrived < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    lookUp.gate = null;
    open();
    const [a, b] = await answers;
    const [won, lost] = a!.status === 200 ? [a!, b!] : [b!, a!];
    expect(won.body.data.enrollmentStatus).toBe('PENDING');
    expect(expectFailure(lost, 409, 'CHARGE_ALREADY_RECORDED').errors).toEqual([
      `payment.depositTransactionId: ${transactionId} is recorded`,
    ]);
    const recorded = await api.db.kysely
      .selectFrom('charge_transactions')
      .select('enrollment_id')
      .where('gateway_transaction_id', '=', transactionId)
      .execute();
    expect(recorded).toEqual([{ enrollment_id: won.body.data.enrollmentId }]);
    const losing = bodies[won === a ? 1 : 0]!;
    expect(
      await api.db.kysely
        .selectFrom('enrollments')
        .select('id')
        .where('ldc_account', '=', losing.serviceAddress.ldcAccount)
        .execute(),
    ).toEqual([]);
  });
});

describe('manual review reasons beside the deposit', () => {
  it('a fraud alert alone holds for an agent (ON_HOLD)', async () => {
    const data = created(
      await enroll(
        enrollmentBody(fixed12, options.get(fixed12)!, {
          customer: { lastName: 'Alert' },
          payment: { creditCheckId: await checkScoring('720', fixed12, { lastName: 'Alert' }) },
        }),
      ),
    );
    expect(data).toMatchObject({
      enrollmentStatus: 'ON_HOLD',
      statusDetails: { depositPending: false, manualApprovalPending: true },
    });
    expect(await depositFacts(data.enrollmentId)).toEqual({
      status: 'ON_HOLD',
      deposit_required: 0,
      deposit_amount_cents: 0,
      deposit_status: 'not_required',
      manual_review_reasons: ['Fraud alert on the credit report'],
    });
  });

  it('a fraud alert with a deposit due: the deposit hold comes first, both reasons kept in order', async () => {
    const waived = created(
      await enroll(
        enrollmentBody(fixed12, options.get(fixed12)!, {
          customer: { lastName: 'Alert' },
          criticalCareResidentialCustomer: true,
          payment: {
            creditCheckId: await checkScoring('520', fixed12, { lastName: 'Alert' }),
            depositWaived: true,
          },
        }),
      ),
    );
    expect(await depositFacts(waived.enrollmentId)).toMatchObject({
      status: 'ON_HOLD',
      deposit_status: 'waived',
      manual_review_reasons: [
        'Deposit waiver requested',
        'Fraud alert on the credit report',
        'Critical care customer: medical certification to review',
      ],
    });
    const owed = created(
      await enroll(
        enrollmentBody(fixed12, options.get(fixed12)!, {
          customer: { lastName: 'Alert' },
          payment: { creditCheckId: await checkScoring('520', fixed12, { lastName: 'Alert' }) },
        }),
      ),
    );
    expect(await depositFacts(owed.enrollmentId)).toMatchObject({
      status: 'ON_HOLD_DEPOSIT_PENDING',
      deposit_status: 'pending',
      manual_review_reasons: ['Fraud alert on the credit report'],
    });
  });

  it('a critical-care customer waits for the medical certification to be reviewed', async () => {
    const data = created(await fixedEnrollment('720', {}, { criticalCareResidentialCustomer: true }));
    expect(await depositFacts(data.enrollmentId)).toMatchObject({
      status: 'ON_HOLD',
      manual_review_reasons: ['Critical care customer: medical certification to review'],
    });
    expect((await enrollmentRow(api, data.enrollmentId)).critical_care).toBe(1);
  });
});
