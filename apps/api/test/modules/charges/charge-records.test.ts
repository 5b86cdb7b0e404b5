import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayRejectedError } from '../../../src/adapters/payment-gateway/port.js';
import type { TransactionType } from '../../../src/domain/charges.js';
import { toCents } from '../../../src/modules/charges/service.js';
import { recordCharge, sandboxDepositProfile } from '../../fixtures/enrollments.js';
import { expectFailure } from '../../helpers/app.js';
import {
  cardOf,
  chargedAtGateway,
  chargeRows,
  depositStatusOf,
  enrollmentOf,
  gatewayCharges,
  noAnswer,
  pay,
  payDeposit,
  resetSwitches,
  sandboxGatewayOf,
  statusOf,
  useChargesTestbed,
} from './helpers.js';

const bed = useChargesTestbed();
afterEach(() => resetSwitches(bed.switches));

const asCustomer = (
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, any> } = {},
) =>
  bed.api.call(method, path, {
    token: bed.session.token,
    customerHash: bed.session.customerHash,
    ...options,
  });
const asAccount = (method: string, path: string, body?: unknown) =>
  bed.api.call(method, path, { token: bed.session.token, body });

/** Records a charge made outside Voltin through POST /payments/charge-transaction. */
const recordOutside = (
  enrollmentId: number,
  transactionId: string,
  amount: number,
  extra: { type?: string; paymentType?: string; profile?: string; asCustomer?: boolean } = {},
) => {
  const body = {
    id_enrollment: enrollmentId,
    id_charge_transaction: transactionId,
    id_payment_profile: extra.profile ?? 'by-phone',
    payment_type: extra.paymentType ?? 'CreditCard',
    transaction_type: extra.type ?? 'ONE_TIME_PAYMENT',
    amount,
  };
  return extra.asCustomer
    ? asCustomer('POST', '/payments/charge-transaction', { body })
    : asAccount('POST', '/payments/charge-transaction', body);
};

/** Approved rows need distinct amounts (the fixture derives their gateway transaction id from the amount). */
let nextCents = 31_000 + Math.floor(Math.random() * 1_000) * 100;
const distinctCents = () => ++nextCents;

describe('amounts are dollars with at most two decimals', () => {
  it('converts exactly, also amounts that are not exact in binary', () => {
    expect(toCents(10.12, 'amount')).toBe(1012);
    expect(toCents(0.29, 'amount')).toBe(29);
    expect(toCents(0.07, 'amount')).toBe(7);
    expect(toCents(19.99, 'amount')).toBe(1999);
    expect(toCents(5000, 'amount')).toBe(500_000);
  });

  it('refuses a third decimal, naming the field', () => {
    for (const amount of [10.123, 1.005, 0.001]) {
      try {
        toCents(amount, 'price');
        throw new Error(`${amount} was accepted`);
      } catch (error) {
        expect(error).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: ['price: more than two decimals'],
        });
      }
    }
  });

  it('POST /payments/pay charges a two-decimal amount to the cent and refuses a third decimal', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const refused = await pay(bed, { idEnrollment: enrollmentId, ...card, amount: 10.125 });
    expect(expectFailure(refused, 400, 'VALIDATION_FAILED').errors).toEqual([
      'amount: more than two decimals',
    ]);
    const paid = await pay(bed, { idEnrollment: enrollmentId, ...card, amount: 10.29 });
    expect(paid.body.data.amount).toBe(10.29);
    expect((await gatewayCharges(bed, card.paymentProfileToken)).map((c) => c.amount_cents)).toEqual([1029]);
  });
});

describe('POST /payments/pay refusals', () => {
  it("one payment may be exactly the company's largest single payment, not a cent more", async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const tooLarge = await pay(bed, { idEnrollment: enrollmentId, ...card, amount: 5000.01 });
    expect(expectFailure(tooLarge, 422, 'PAYMENT_AMOUNT_TOO_LARGE').errors).toEqual([
      'amount: at most 5000.00',
    ]);
    expect(await chargeRows(bed, enrollmentId)).toEqual([]);
    const largest = await pay(bed, { idEnrollment: enrollmentId, ...card, amount: 5000 });
    expect(largest.body.data).toMatchObject({ status: 'approved', amount: 5000 });
  });

  it('takes no payment on a cancelled enrollment', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const dropped = await asAccount('POST', `/enrollments/${enrollmentId}/drop`, {
      effectiveDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      reasonCodeId: 3,
    });
    expect(dropped.body.data?.enrollment.status, JSON.stringify(dropped.body)).toBe('CANCELLED');
    const card = await cardOf(bed);
    const refused = await pay(bed, { idEnrollment: enrollmentId, ...card, amount: 20 });
    expect(expectFailure(refused, 409, 'ENROLLMENT_STATUS_CONFLICT').errors).toEqual(['status: CANCELLED']);
    expect(await chargeRows(bed, enrollmentId)).toEqual([]);
    expect(await gatewayCharges(bed, card.paymentProfileToken)).toEqual([]);
  });

  it('charges a bank account as BankAccount, and refuses a deleted payment profile', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const saved = await asCustomer('POST', '/payments/payment-profile', {
      body: {
        id_customer: bed.session.customerId,
        id_payment_type: 2,
        routing_number: '111000025',
        account_number: '12346789',
        account_type: 'checking',
      },
    });
    const bank = {
      customerProfileToken: saved.body.data.customerProfileToken,
      paymentProfileToken: saved.body.data.paymentProfileToken,
    };
    const paid = await pay(bed, { idEnrollment: enrollmentId, ...bank, amount: 12 });
    expect(paid.body.data).toMatchObject({ status: 'approved', payment_type: 'BankAccount' });
    const history = await asCustomer('GET', `/payments/history-by-enrollment/${enrollmentId}`);
    expect(history.body.data[0].payMethodDesc).toBe('Bank account ending 6789');
    expect((await asCustomer('DELETE', `/payments/payment-profile/${bank.paymentProfileToken}`)).status).toBe(
      200,
    );
    const refused = await pay(bed, { idEnrollment: enrollmentId, ...bank, amount: 12 });
    expect(expectFailure(refused, 422, 'PAYMENT_PROFILE_UNKNOWN').errors).toEqual([
      'paymentProfileToken: unknown for this customer',
    ]);
    const card = await cardOf(bed);
    const mixed = await pay(bed, {
      idEnrollment: enrollmentId,
      customerProfileToken: 'sbx_cus_not_this_one',
      paymentProfileToken: card.paymentProfileToken,
      amount: 12,
    });
    expectFailure(mixed, 422, 'PAYMENT_PROFILE_UNKNOWN');
  });
});

describe('GET /payments/charge-transaction/{id}', () => {
  it('answers one charge as it was paid, and 404 for a charge that does not exist', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const paid = await pay(bed, { idEnrollment: enrollmentId, ...card, amount: 12.34 });
    const id = paid.body.data.id_payment_charge_transactions;
    const one = await asCustomer('GET', `/payments/charge-transaction/${id}`);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data).toEqual(paid.body.data);
    expect(one.body.data).toMatchObject({ id_enrollment: enrollmentId, amount: 12.34, status: 'approved' });
    expectFailure(await asCustomer('GET', '/payments/charge-transaction/987654321'), 404, 'NOT_FOUND');
  });
});

describe('GET /payments/charge-transaction/by-enrollment/{id}', () => {
  it('filters on sent to billing and captured, newest first, by page', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const first = (await pay(bed, { idEnrollment: enrollmentId, ...card, amount: 11 })).body.data;
    const declining = await cardOf(bed, '0010');
    await pay(bed, { idEnrollment: enrollmentId, ...declining, amount: 12 });
    const third = (await pay(bed, { idEnrollment: enrollmentId, ...card, amount: 13 })).body.data;
    const marked = await asAccount(
      'PUT',
      `/payments/charge-transaction/${third.id_payment_charge_transactions}`,
      {
        sent_to_billing_system: true,
      },
    );
    expect(marked.body.data.sent_to_billing_system).toBe(true);
    const other = (await enrollmentOf(bed, '720')).enrollmentId;
    await pay(bed, { idEnrollment: other, ...card, amount: 14 });

    const amounts = async (query: Record<string, any>) => {
      const listed = await asCustomer('GET', `/payments/charge-transaction/by-enrollment/${enrollmentId}`, {
        query,
      });
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      return {
        amounts: listed.body.data.map((c: { amount: number }) => c.amount),
        total: listed.body.totalRecords,
      };
    };
    expect(await amounts({})).toEqual({ amounts: [13, 12, 11], total: 3 });
    expect(await amounts({ sentToBillingSystem: true })).toEqual({ amounts: [13], total: 1 });
    expect(await amounts({ sentToBillingSystem: false })).toEqual({ amounts: [12, 11], total: 2 });
    expect(await amounts({ hasBeenCaptured: true })).toEqual({ amounts: [13, 11], total: 2 });
    expect(await amounts({ hasBeenCaptured: false })).toEqual({ amounts: [12], total: 1 });
    expect(await amounts({ sentToBillingSystem: false, hasBeenCaptured: true })).toEqual({
      amounts: [11],
      total: 1,
    });
    expect(await amounts({ pageSize: 1, pageNumber: 2 })).toEqual({ amounts: [12], total: 3 });
    expect(await amounts({ pageSize: 2, pageNumber: 2 })).toEqual({ amounts: [11], total: 3 });

    const one = await asCustomer(
      'GET',
      `/payments/charge-transaction/${first.id_payment_charge_transactions}`,
    );
    expect(one.body.data).toEqual(first);
  });
});

describe('GET /payments/charge-transaction/by-enrollment/{id}/total-voltin-payments', () => {
  const total = (enrollmentId: number, startDate: string, endDate: string) =>
    asCustomer('GET', `/payments/charge-transaction/by-enrollment/${enrollmentId}/total-voltin-payments`, {
      query: { startDate, endDate },
    });

  it('adds the approved deposits and payments made within the dates, both days included to the millisecond', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const deposit = distinctCents();
    const payment = distinctCents();
    const recurring = distinctCents();
    const inside: Array<[TransactionType, string, number]> = [
      ['DEPOSIT', '2025-03-10T00:00:00.000Z', deposit],
      ['ONE_TIME_PAYMENT', '2025-03-11T12:00:00.000Z', payment],
      ['RECURRING_BILLING', '2025-03-12T23:59:59.999Z', recurring],
    ];
    for (const [type, at, amountCents] of inside)
      await recordCharge(bed.api, { enrollmentId, type, amountCents, status: 'approved', at });
    // Not counted: just outside the dates, a refund, and charges that are not approved.
    await recordCharge(bed.api, {
      enrollmentId,
      type: 'ONE_TIME_PAYMENT',
      amountCents: distinctCents(),
      status: 'approved',
      at: '2025-03-09T23:59:59.999Z',
    });
    await recordCharge(bed.api, {
      enrollmentId,
      type: 'ONE_TIME_PAYMENT',
      amountCents: distinctCents(),
      status: 'approved',
      at: '2025-03-13T00:00:00.000Z',
    });
    await recordCharge(bed.api, {
      enrollmentId,
      type: 'REFUND',
      amountCents: distinctCents(),
      status: 'approved',
      at: '2025-03-11T00:00:00.000Z',
    });
    for (const status of ['declined', 'pending', 'unknown', 'not_charged'] as const)
      await recordCharge(bed.api, {
        enrollmentId,
        type: 'ONE_TIME_PAYMENT',
        amountCents: 999,
        status,
        at: '2025-03-11T00:00:00.000Z',
      });

    const all = await total(enrollmentId, '2025-03-10', '2025-03-12');
    expect(all.body.data).toEqual({
      id_enrollment: enrollmentId,
      startDate: '2025-03-10',
      endDate: '2025-03-12',
      total: (deposit + payment + recurring) / 100,
      count: 3,
    });
    expect((await total(enrollmentId, '2025-03-10', '2025-03-10')).body.data).toMatchObject({
      total: deposit / 100,
      count: 1,
    });
    expect((await total(enrollmentId, '2025-03-12', '2025-03-12')).body.data).toMatchObject({
      total: recurring / 100,
      count: 1,
    });
    expect((await total(enrollmentId, '2025-03-14', '2025-03-20')).body.data).toMatchObject({
      total: 0,
      count: 0,
    });
    const other = (await enrollmentOf(bed, '720')).enrollmentId;
    expect((await total(other, '2025-03-10', '2025-03-12')).body.data).toMatchObject({ total: 0, count: 0 });
  });

  it('refuses an end date before the start date', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const refused = await total(enrollmentId, '2025-03-12', '2025-03-11');
    expect(expectFailure(refused, 400, 'VALIDATION_FAILED').errors).toEqual([
      'querystring.endDate: before startDate',
    ]);
  });
});

describe('GET /payments/history-by-enrollment/{id}', () => {
  it('lists approved and declined payments with how they were paid, deposits dated, refunds and declines told apart', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '520');
    const card = await cardOf(bed);
    const deposit = (await payDeposit(bed, enrollmentId, card)).body.data;
    const declining = await cardOf(bed, '0010');
    expectFailure(
      await pay(bed, { idEnrollment: enrollmentId, ...declining, amount: 20 }),
      422,
      'PAYMENT_DECLINED',
    );
    const byPhone = await chargedAtGateway(bed, card, 3_300);
    expect((await recordOutside(enrollmentId, byPhone, 33, { paymentType: 'BankAccount' })).status).toBe(200);
    const byPhoneCard = await chargedAtGateway(bed, card, 3_400);
    expect((await recordOutside(enrollmentId, byPhoneCard, 34)).status).toBe(200);
    await recordCharge(bed.api, {
      enrollmentId,
      type: 'REFUND',
      amountCents: distinctCents(),
      status: 'approved',
    });
    for (const status of ['pending', 'unknown', 'not_charged'] as const)
      await recordCharge(bed.api, { enrollmentId, type: 'ONE_TIME_PAYMENT', amountCents: 500, status });

    const accountNum = (
      await bed.api.db.kysely
        .selectFrom('enrollments')
        .select('billing_account_number')
        .where('id', '=', enrollmentId)
        .executeTakeFirstOrThrow()
    ).billing_account_number;
    const history = await asCustomer('GET', `/payments/history-by-enrollment/${enrollmentId}`);
    expect(history.body.totalRecords).toBe(5);
    const items = history.body.data as Array<Record<string, unknown>>;
    expect(items.map(({ paidDate, ...rest }) => rest)).toEqual([
      {
        accountNum,
        depositDate: null,
        payMethodDesc: 'Card',
        directionDesc: 'Refund',
        returnReasonDesc: null,
        paidAmount: expect.any(Number),
      },
      {
        accountNum,
        depositDate: null,
        payMethodDesc: 'Card',
        directionDesc: 'Payment',
        returnReasonDesc: null,
        paidAmount: 34,
      },
      {
        accountNum,
        depositDate: null,
        payMethodDesc: 'Bank account',
        directionDesc: 'Payment',
        returnReasonDesc: null,
        paidAmount: 33,
      },
      {
        accountNum,
        depositDate: null,
        payMethodDesc: 'Visa ending 0010',
        directionDesc: 'Payment',
        returnReasonDesc: 'This transaction has been declined.',
        paidAmount: 20,
      },
      {
        accountNum,
        depositDate: deposit.date_created,
        payMethodDesc: 'Visa ending 1111',
        directionDesc: 'Payment',
        returnReasonDesc: null,
        paidAmount: 150,
      },
    ]);
    expect(items[4]!.paidDate).toBe(deposit.date_created);
    const page = await asCustomer('GET', `/payments/history-by-enrollment/${enrollmentId}`, {
      query: { pageSize: 2, pageNumber: 3 },
    });
    expect(page.body).toMatchObject({ totalRecords: 5, totalPages: 3 });
    expect(page.body.data.map((i: { paidAmount: number }) => i.paidAmount)).toEqual([150]);
  });
});

describe('PUT /payments/charge-transaction/{id}: each change is recorded with who made it', () => {
  const changesOf = (chargeId: number) =>
    bed.api.db.kysely
      .selectFrom('charge_transaction_changes')
      .select(['company_id', 'account_id', 'field', 'from_value', 'to_value'])
      .where('charge_id', '=', chargeId)
      .orderBy('id')
      .execute();

  it('records both flags changed at once, nothing for a value that does not change, and answers the charge', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const paid = (await pay(bed, { idEnrollment: enrollmentId, ...card, amount: 15 })).body.data;
    const id = paid.id_payment_charge_transactions as number;
    const account = await bed.api.db.kysely
      .selectFrom('web_service_accounts')
      .select(['id', 'company_id'])
      .where('api_key', '=', 'vlt_demo_key')
      .executeTakeFirstOrThrow();

    const unchanged = await asAccount('PUT', `/payments/charge-transaction/${id}`, {
      sent_to_billing_system: false,
      has_been_captured: true,
    });
    expect(unchanged.body.data).toEqual(paid);
    expect(await changesOf(id)).toEqual([]);

    const both = await asAccount('PUT', `/payments/charge-transaction/${id}`, {
      sent_to_billing_system: true,
      has_been_captured: false,
    });
    expect(both.body.data).toEqual({ ...paid, sent_to_billing_system: true, has_been_captured: false });
    const recorded = { company_id: account.company_id, account_id: account.id };
    expect(await changesOf(id)).toEqual([
      { ...recorded, field: 'sent_to_billing_system', from_value: 0, to_value: 1 },
      { ...recorded, field: 'has_been_captured', from_value: 1, to_value: 0 },
    ]);

    expect((await asAccount('PUT', `/payments/charge-transaction/${id}`, {})).body.data).toEqual(
      both.body.data,
    );
    const back = await asAccount('PUT', `/payments/charge-transaction/${id}`, { has_been_captured: true });
    expect(back.body.data).toMatchObject({ sent_to_billing_system: true, has_been_captured: true });
    expect((await changesOf(id)).slice(2)).toEqual([
      { ...recorded, field: 'has_been_captured', from_value: 0, to_value: 1 },
    ]);
    expect(await changesOf(id)).toHaveLength(3);
  });

  it('answers 404 for a charge that does not exist', async () => {
    expectFailure(
      await asAccount('PUT', '/payments/charge-transaction/987654321', { sent_to_billing_system: true }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('POST /payments/charge-transaction: what is recorded, and what the gateway must confirm', () => {
  it('records the charge as sent, approved and captured; a one-time payment leaves the deposit due', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '520');
    const card = await cardOf(bed);
    const transactionId = await chargedAtGateway(bed, card, 4_200);
    const recorded = await recordOutside(enrollmentId, transactionId, 42, {
      paymentType: 'BankAccount',
      profile: card.paymentProfileToken,
    });
    expect(recorded.body.data).toEqual({
      id_payment_charge_transactions: expect.any(Number),
      id_charge_transaction: transactionId,
      id_payment_profile: card.paymentProfileToken,
      payment_type: 'BankAccount',
      transaction_type: 'ONE_TIME_PAYMENT',
      id_enrollment: enrollmentId,
      has_been_captured: true,
      amount: 42,
      status: 'approved',
      decline_reason: null,
      date_created: expect.any(String),
      sent_to_billing_system: false,
    });
    expect(await depositStatusOf(bed, enrollmentId)).toBe('pending');
    expect(await statusOf(bed, enrollmentId)).toBe('ON_HOLD_DEPOSIT_PENDING');
    const again = await recordOutside(enrollmentId, transactionId, 42);
    expect(expectFailure(again, 409, 'CHARGE_ALREADY_RECORDED').errors).toEqual([
      `id_charge_transaction: ${transactionId} is recorded`,
    ]);
  });

  it('refuses a recorded deposit when none is due, before asking the gateway', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    bed.switches.transactionDetailsFault = noAnswer();
    const refused = await recordOutside(enrollmentId, '60000000002', 150, { type: 'DEPOSIT' });
    expect(expectFailure(refused, 409, 'DEPOSIT_NOT_DUE').errors).toEqual(['deposit: not_required']);
  });

  it('refuses a refund transaction, a declined or refunded charge, and any other amount, saying why', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const gateway = await sandboxGatewayOf(bed);
    const charged = await chargedAtGateway(bed, card, 5_000);
    const refund = await gateway.refund({
      transactionId: charged,
      amountCents: 5_000,
      ...card,
      reference: `refund-${randomUUID()}`,
    });
    expect(refund.status).toBe('approved');
    expect(
      expectFailure(
        await recordOutside(enrollmentId, refund.transactionId!, 50),
        422,
        'GATEWAY_TRANSACTION_UNKNOWN',
      ).errors,
    ).toEqual([`id_charge_transaction: ${refund.transactionId}`]);
    expect(
      expectFailure(await recordOutside(enrollmentId, charged, 50), 422, 'GATEWAY_TRANSACTION_NOT_CAPTURED')
        .errors,
    ).toEqual([`id_charge_transaction: ${charged} is returned`]);
    const declining = await cardOf(bed, '0010');
    const declined = await chargedAtGateway(bed, declining, 5_000);
    expect(
      expectFailure(await recordOutside(enrollmentId, declined, 50), 422, 'GATEWAY_TRANSACTION_NOT_CAPTURED')
        .errors,
    ).toEqual([`id_charge_transaction: ${declined} is declined`]);
    const fifty = await chargedAtGateway(bed, card, 5_000);
    for (const amount of [49.99, 50.01]) {
      expect(
        expectFailure(await recordOutside(enrollmentId, fifty, amount), 422, 'GATEWAY_AMOUNT_MISMATCH')
          .errors,
      ).toEqual(['amount: the gateway charged $50.00']);
    }
    expect(await chargeRows(bed, enrollmentId)).toEqual([]);
    expect((await recordOutside(enrollmentId, fifty, 50)).body.data).toMatchObject({
      amount: 50,
      status: 'approved',
    });
  });

  it("a customer records a charge made with their own payment method, not another customer's", async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const own = await chargedAtGateway(bed, card, 2_600);
    const recorded = await recordOutside(enrollmentId, own, 26, { asCustomer: true });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const { customerProfileToken, depositToken } = await sandboxDepositProfile(bed.api, '1111');
    const foreign = await chargedAtGateway(
      bed,
      { customerProfileToken, paymentProfileToken: depositToken },
      2_600,
    );
    expectFailure(
      await recordOutside(enrollmentId, foreign, 26, { asCustomer: true }),
      403,
      'CUSTOMER_FORBIDDEN',
    );
  });

  it('answers 503 and records nothing when the gateway refuses or does not answer the look-up', async () => {
    const { enrollmentId } = await enrollmentOf(bed, '720');
    const card = await cardOf(bed);
    const transactionId = await chargedAtGateway(bed, card, 2_700);
    bed.switches.transactionDetailsFault = new GatewayRejectedError(
      'E00001',
      'An error occurred during processing.',
    );
    expect(
      expectFailure(await recordOutside(enrollmentId, transactionId, 27), 503, 'UPSTREAM_UNAVAILABLE').errors,
    ).toEqual(['gateway: An error occurred during processing.']);
    bed.switches.transactionDetailsFault = noAnswer();
    expect(
      expectFailure(await recordOutside(enrollmentId, transactionId, 27), 503, 'UPSTREAM_UNAVAILABLE').errors,
    ).toEqual(['gateway: the gateway did not answer']);
    bed.switches.transactionDetailsFault = new Error('the gateway adapter broke');
    expectFailure(await recordOutside(enrollmentId, transactionId, 27), 500, 'INTERNAL_ERROR');
    expect(await chargeRows(bed, enrollmentId)).toEqual([]);
  });
});

describe('a deposit captured before enrollment counts for at least the deposit due', () => {
  it('a charge of more than the deposit pays it, recorded for what the gateway charged', async () => {
    const card = await cardOf(bed);
    const transactionId = await chargedAtGateway(bed, card, 15_001);
    const { enrollmentId, enrollmentStatus } = await enrollmentOf(bed, '520', {
      depositCaptureStatus: 'Captured',
      depositTransactionId: transactionId,
    });
    expect(enrollmentStatus).toBe('PENDING');
    expect(await chargeRows(bed, enrollmentId)).toMatchObject([
      { transaction_type: 'DEPOSIT', amount_cents: 15_001, gateway_transaction_id: transactionId },
    ]);
  });
});
