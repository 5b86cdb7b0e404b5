import { beforeAll, describe, expect, it } from 'vitest';
import { createPaymentGateways } from '../../../src/adapters/payment-gateway/index.js';
import { GatewayUnavailableError, type PaymentGateway } from '../../../src/adapters/payment-gateway/port.js';
import {
  creditCheck,
  enrollmentBody,
  nameOf,
  pendingEnrollment,
  planId,
  requiredOptions,
  sandboxDepositProfile,
  savedCard,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { configuredGatewayOf, sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { barrier } from './helpers.js';

/** While true, every gateway look-up of a transaction fails as a gateway that does not answer. */
let gatewayDown = false;
/** While set, every gateway look-up of a transaction waits for the promise it returns. */
let lookupGate: (() => Promise<void>) | null = null;
const api = useTestApi(
  {},
  {
    gateway: (gateway: PaymentGateway): PaymentGateway => ({
      ...gateway,
      async transactionDetails(transactionId) {
        if (lookupGate) await lookupGate();
        if (gatewayDown) throw new GatewayUnavailableError('the gateway does not answer');
        return gateway.transactionDetails(transactionId);
      },
    }),
  },
);
let token: string;
let customerHash: string;
let customerId: number;
let plan: number;
let options: number[];
let card: { customer_profile_token: string; payment_profile_token: string };

const asCustomer = (method: string, path: string, body?: unknown) =>
  api.call(method, path, { token, customerHash, body });
const asAccount = (method: string, path: string, body?: unknown) => api.call(method, path, { token, body });

/** A charge the sandbox gateway really made, outside Voltin (a hosted page, a phone payment): its transaction id. */
async function chargedAtGateway(
  tokens: { customer_profile_token: string; payment_profile_token: string },
  amountCents: number,
) {
  const gateway = await createPaymentGateways({
    db: api.db.kysely,
    secretBoxKey: api.app.voltin.keys.secretBox,
    configuredGateway: configuredGatewayOf(api.db.kysely),
  }).gatewayFor(await sandboxCompanyId(api.db.kysely));
  const result = await gateway.charge({
    customerProfileToken: tokens.customer_profile_token,
    paymentProfileToken: tokens.payment_profile_token,
    amountCents,
    reference: `outside-${Math.random()}`,
    description: 'Phone payment',
  });
  if (!result.transactionId) throw new Error('the sandbox made no transaction');
  return result.transactionId;
}

/** An enrollment of the sandbox customer with a $150 deposit due (score 520, pay later). */
async function depositDue() {
  const check = await creditCheck(api, token, {
    ...(await nameOf(api, { idCustomer: customerId })),
    socialSecurityNumber: ssnEnding('520'),
    planId: plan,
  });
  const created = await asAccount(
    'POST',
    '/enrollments/create',
    enrollmentBody(plan, options, {
      customer: { idCustomer: customerId },
      payment: { creditCheckId: check.id_credit_check, depositOptions: 'PayLater' },
    }),
  );
  expect(created.body.data?.enrollmentStatus, JSON.stringify(created.body)).toBe('ON_HOLD_DEPOSIT_PENDING');
  return created.body.data.enrollmentId as number;
}

const record = (
  enrollmentId: number,
  transactionId: string,
  amount: number,
  type = 'DEPOSIT',
  call = asCustomer,
) =>
  call('POST', '/payments/charge-transaction', {
    id_enrollment: enrollmentId,
    id_charge_transaction: transactionId,
    id_payment_profile: card.payment_profile_token,
    payment_type: 'CreditCard',
    transaction_type: type,
    amount,
  });

const statusOf = async (id: number) => (await asAccount('GET', `/enrollments/${id}`)).body.data.status;
const chargeRows = (enrollmentId: number) =>
  api.db.kysely
    .selectFrom('charge_transactions')
    .selectAll()
    .where('enrollment_id', '=', enrollmentId)
    .execute();

beforeAll(async () => {
  token = await api.sandboxToken();
  ({ customerHash, customerId } = await api.sandboxCustomerHash());
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, plan);
  card = await savedCard(api, { token, customerHash, customerId });
});

describe('POST /payments/charge-transaction: a recorded charge counts only when the gateway confirms it', () => {
  it('refuses a transaction id the gateway never made, and the deposit stays due', async () => {
    const id = await depositDue();
    expectFailure(await record(id, '60000000001', 0.01), 422, 'DEPOSIT_AMOUNT_MISMATCH');
    expectFailure(await record(id, '60000000001', 150), 422, 'GATEWAY_TRANSACTION_UNKNOWN');
    expect(await statusOf(id)).toBe('ON_HOLD_DEPOSIT_PENDING');
    expect(await chargeRows(id)).toEqual([]);
  });

  it('records a captured charge of the deposit due and releases the hold', async () => {
    const id = await depositDue();
    const transactionId = await chargedAtGateway(card, 15_000);
    const recorded = await record(id, transactionId, 150);
    expect(recorded.body.data, JSON.stringify(recorded.body)).toMatchObject({
      status: 'approved',
      has_been_captured: true,
      amount: 150,
      id_charge_transaction: transactionId,
    });
    expect(await statusOf(id)).toBe('PENDING');
  });

  it('refuses another amount than the gateway charged, and a declined charge', async () => {
    const id = await depositDue();
    const hundred = await chargedAtGateway(card, 10_000);
    const body = expectFailure(await record(id, hundred, 150), 422, 'GATEWAY_AMOUNT_MISMATCH');
    expect(body.message).toContain('$100.00');
    const { customerProfileToken, depositToken } = await sandboxDepositProfile(api, '0010');
    const declining = { customer_profile_token: customerProfileToken, payment_profile_token: depositToken };
    const declined = await chargedAtGateway(declining, 15_000);
    expectFailure(
      await record(id, declined, 150, 'DEPOSIT', asAccount),
      422,
      'GATEWAY_TRANSACTION_NOT_CAPTURED',
    );
    expect(await chargeRows(id)).toEqual([]);
  });

  it('a customer records only charges made with their own payment methods; the account records any', async () => {
    const id = await depositDue();
    const { customerProfileToken, depositToken } = await sandboxDepositProfile(api, '1111');
    const elsewhere = await chargedAtGateway(
      { customer_profile_token: customerProfileToken, payment_profile_token: depositToken },
      2_500,
    );
    expectFailure(await record(id, elsewhere, 25, 'ONE_TIME_PAYMENT'), 403, 'CUSTOMER_FORBIDDEN');
    const byAccount = await record(id, elsewhere, 25, 'ONE_TIME_PAYMENT', asAccount);
    expect(byAccount.status, JSON.stringify(byAccount.body)).toBe(200);
  });

  it("a customer cannot record a charge, even their own, on another customer's enrollment", async () => {
    const othersEnrollment = await pendingEnrollment(api, token, { plan, options });
    const ownCharge = await chargedAtGateway(card, 2_500);
    expectFailure(
      await record(othersEnrollment, ownCharge, 25, 'ONE_TIME_PAYMENT'),
      403,
      'CUSTOMER_FORBIDDEN',
    );
    expect(await chargeRows(othersEnrollment)).toEqual([]);
  });

  it('records one gateway transaction once, also when eight arrive at once', async () => {
    const id = await depositDue();
    const transactionId = await chargedAtGateway(card, 4_000);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => record(id, transactionId, 40, 'ONE_TIME_PAYMENT')),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of responses.filter((r) => r.status !== 200))
      expectFailure(r, 409, 'CHARGE_ALREADY_RECORDED');
    const other = await depositDue();
    expectFailure(await record(other, transactionId, 40, 'ONE_TIME_PAYMENT'), 409, 'CHARGE_ALREADY_RECORDED');
    expect(await chargeRows(id)).toHaveLength(1);
  });

  it('refuses a transaction recorded before without asking the gateway: 409 even while the gateway does not answer', async () => {
    const id = await depositDue();
    const transactionId = await chargedAtGateway(card, 4_100);
    expect((await record(id, transactionId, 41, 'ONE_TIME_PAYMENT')).status).toBe(200);
    gatewayDown = true;
    try {
      expectFailure(await record(id, transactionId, 41, 'ONE_TIME_PAYMENT'), 409, 'CHARGE_ALREADY_RECORDED');
    } finally {
      gatewayDown = false;
    }
    expect(await chargeRows(id)).toHaveLength(1);
  });

  it('of two recordings of one transaction that both found it not recorded yet, one is recorded, the other answers 409', async () => {
    const id = await depositDue();
    const transactionId = await chargedAtGateway(card, 4_200);
    // Both recordings wait at the gateway look-up (after their "not recorded yet" check) until both got there.
    const meeting = barrier(2);
    lookupGate = meeting.arrive;
    try {
      const responses = await Promise.all([
        record(id, transactionId, 42, 'ONE_TIME_PAYMENT'),
        record(id, transactionId, 42, 'ONE_TIME_PAYMENT'),
      ]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
      expectFailure(responses.find((r) => r.status !== 200)!, 409, 'CHARGE_ALREADY_RECORDED');
    } finally {
      lookupGate = null;
    }
    expect(await chargeRows(id)).toHaveLength(1);
  });

  it('refuses an amount with a third decimal, naming the amount field', async () => {
    const id = await depositDue();
    const refused = await record(id, '60000000002', 12.345, 'ONE_TIME_PAYMENT');
    expect(expectFailure(refused, 400, 'VALIDATION_FAILED').errors).toEqual([
      'amount: more than two decimals',
    ]);
    expect(await chargeRows(id)).toEqual([]);
  });

  it('answers 503 and records nothing while the gateway does not answer', async () => {
    const id = await depositDue();
    const transactionId = await chargedAtGateway(card, 15_000);
    gatewayDown = true;
    try {
      expectFailure(await record(id, transactionId, 150), 503, 'UPSTREAM_UNAVAILABLE');
    } finally {
      gatewayDown = false;
    }
    expect(await chargeRows(id)).toEqual([]);
    expect(await statusOf(id)).toBe('ON_HOLD_DEPOSIT_PENDING');
  });
});

describe('PUT /payments/charge-transaction/{id}', () => {
  it('is refused to a customer, and a web service account change is recorded with who made it', async () => {
    const id = await depositDue();
    const transactionId = await chargedAtGateway(card, 3_000);
    const charge = (await record(id, transactionId, 30, 'ONE_TIME_PAYMENT')).body.data
      .id_payment_charge_transactions;
    expectFailure(
      await asCustomer('PUT', `/payments/charge-transaction/${charge}`, { sent_to_billing_system: true }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(
      await asCustomer('PUT', `/payments/charge-transaction/${charge}`, { has_been_captured: false }),
      403,
      'PERMISSION_DENIED',
    );
    const updated = await asAccount('PUT', `/payments/charge-transaction/${charge}`, {
      sent_to_billing_system: true,
    });
    expect(updated.body.data).toMatchObject({ sent_to_billing_system: true, has_been_captured: true });
    const account = await api.db.kysely
      .selectFrom('web_service_accounts')
      .select('id')
      .where('api_key', '=', 'vlt_demo_key')
      .executeTakeFirstOrThrow();
    const changes = await api.db.kysely
      .selectFrom('charge_transaction_changes')
      .select(['account_id', 'field', 'from_value', 'to_value'])
      .where('charge_id', '=', charge)
      .execute();
    expect(changes).toEqual([
      { account_id: account.id, field: 'sent_to_billing_system', from_value: 0, to_value: 1 },
    ]);
    const filtered = await asCustomer(
      'GET',
      `/payments/charge-transaction/by-enrollment/${id}?sentToBillingSystem=false`,
    );
    expect(filtered.body.totalRecords).toBe(0);
  });

  it('six account calls making the same change at once change the flag once, and it is recorded once', async () => {
    const id = await depositDue();
    const transactionId = await chargedAtGateway(card, 3_100);
    const charge = (await record(id, transactionId, 31, 'ONE_TIME_PAYMENT')).body.data
      .id_payment_charge_transactions;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        asAccount('PUT', `/payments/charge-transaction/${charge}`, { sent_to_billing_system: true }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const changes = await api.db.kysely
      .selectFrom('charge_transaction_changes')
      .select(['field', 'from_value', 'to_value'])
      .where('charge_id', '=', charge)
      .execute();
    expect(changes).toEqual([{ field: 'sent_to_billing_system', from_value: 0, to_value: 1 }]);
  });
});

describe('POST /enrollments/create with a deposit captured before enrollment', () => {
  const createWithCaptured = async (depositTransactionId: string) => {
    const check = await creditCheck(api, token, {
      ...(await nameOf(api, { idCustomer: customerId })),
      socialSecurityNumber: ssnEnding('520'),
      planId: plan,
    });
    const created = await asAccount(
      'POST',
      '/enrollments/create',
      enrollmentBody(plan, options, {
        customer: { idCustomer: customerId },
        payment: {
          creditCheckId: check.id_credit_check,
          depositCaptureStatus: 'Captured',
          depositTransactionId,
        },
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data as { enrollmentId: number; enrollmentStatus: string };
  };

  it('a made-up transaction id leaves the deposit due', async () => {
    const created = await createWithCaptured('60099999999');
    expect(created.enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
    expect(await chargeRows(created.enrollmentId)).toEqual([]);
  });

  it('a confirmed charge of at least the deposit pays it, once: the same transaction cannot pay a second deposit', async () => {
    const transactionId = await chargedAtGateway(card, 15_000);
    const paid = await createWithCaptured(transactionId);
    expect(paid.enrollmentStatus).toBe('PENDING');
    expect(await chargeRows(paid.enrollmentId)).toMatchObject([
      {
        transaction_type: 'DEPOSIT',
        amount_cents: 15_000,
        gateway_transaction_id: transactionId,
        status: 'approved',
      },
    ]);
    const again = await createWithCaptured(transactionId);
    expect(again.enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
  });

  it('a charge for less than the deposit due leaves it due', async () => {
    const short = await createWithCaptured(await chargedAtGateway(card, 14_999));
    expect(short.enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
  });
});
