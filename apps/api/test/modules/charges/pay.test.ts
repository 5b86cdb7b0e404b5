import { beforeAll, describe, expect, it } from 'vitest';
import { signPath } from '../../../src/security/signed-urls.js';
import {
  cardEnding,
  creditCheck,
  enrollmentBody,
  nameOf,
  planId,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';

const api = useTestApi();
let token: string;
let customerHash: string;
let customerId: number;
let fixed12: number;
let options: number[];

const asCustomer = (
  method: string,
  path: string,
  body?: unknown,
  extra: { query?: Record<string, any>; headers?: Record<string, string> } = {},
) => api.call(method, path, { token, customerHash, body, ...extra });

async function savedCard(lastFour: string) {
  const saved = await asCustomer('POST', '/payments/payment-profile', {
    id_customer: customerId,
    id_payment_type: 1,
    card_number: cardEnding(lastFour),
    card_expiration_date: '2030-12',
    card_type: 'Visa',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data as { customerProfileToken: string; paymentProfileToken: string };
}

async function enrollment(depositScore = '720') {
  const check = await creditCheck(api, token, {
    ...(await nameOf(api, { idCustomer: customerId })),
    socialSecurityNumber: ssnEnding(depositScore),
    planId: fixed12,
  });
  const created = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(fixed12, options, {
      customer: { idCustomer: customerId },
      payment: { creditCheckId: check.id_credit_check, depositOptions: 'PayLater' },
    }),
  });
  return created.body.data as { enrollmentId: number; enrollmentStatus: string };
}

const sandboxCharges = async (reference: string) =>
  (await api.db.kysely.selectFrom('sandbox_gateway_transactions').selectAll().execute()).filter((t) =>
    JSON.stringify(t).includes(reference),
  ).length;

beforeAll(async () => {
  token = await api.sandboxToken();
  ({ customerHash, customerId } = await api.sandboxCustomerHash());
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, fixed12);
});

describe('POST /payments/pay', () => {
  it('charges a one-time payment, lists it, totals it and shows it in the history', async () => {
    const { enrollmentId } = await enrollment();
    const card = await savedCard('1111');
    const paid = await asCustomer(
      'POST',
      '/payments/pay',
      { idEnrollment: enrollmentId, ...card, amount: 45.5 },
      { headers: { 'idempotency-key': `p-${enrollmentId}` } },
    );
    expect(paid.body.data).toMatchObject({
      status: 'approved',
      amount: 45.5,
      transaction_type: 'ONE_TIME_PAYMENT',
      has_been_captured: true,
    });
    const listed = await asCustomer('GET', `/payments/charge-transaction/by-enrollment/${enrollmentId}`);
    expect(listed.body).toMatchObject({
      totalRecords: 1,
      data: [{ id_payment_charge_transactions: paid.body.data.id_payment_charge_transactions }],
    });
    const today = new Date().toISOString().slice(0, 10);
    const total = await asCustomer(
      'GET',
      `/payments/charge-transaction/by-enrollment/${enrollmentId}/total-voltin-payments`,
      undefined,
      { query: { startDate: today, endDate: today } },
    );
    expect(total.body.data).toMatchObject({ total: 45.5, count: 1 });
    const history = await asCustomer('GET', `/payments/history-by-enrollment/${enrollmentId}`);
    expect(history.body.data[0]).toMatchObject({
      paidAmount: 45.5,
      payMethodDesc: 'Visa ending 1111',
      directionDesc: 'Payment',
      returnReasonDesc: null,
    });
  });

  it('a deposit payment releases the deposit hold', async () => {
    const { enrollmentId, enrollmentStatus } = await enrollment('520');
    expect(enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
    const card = await savedCard('1111');
    expectFailure(
      await asCustomer('POST', '/payments/pay', {
        idEnrollment: enrollmentId,
        ...card,
        amount: 100,
        isDepositPayment: true,
      }),
      422,
      'DEPOSIT_AMOUNT_MISMATCH',
    );
    const paid = await asCustomer('POST', '/payments/pay', {
      idEnrollment: enrollmentId,
      ...card,
      amount: 150,
      isDepositPayment: true,
    });
    expect(paid.body.data).toMatchObject({ status: 'approved', transaction_type: 'DEPOSIT' });
    expect((await api.call('GET', `/enrollments/${enrollmentId}`, { token })).body.data.status).toBe(
      'PENDING',
    );
    expectFailure(
      await asCustomer('POST', '/payments/pay', {
        idEnrollment: enrollmentId,
        ...card,
        amount: 150,
        isDepositPayment: true,
      }),
      409,
      'DEPOSIT_NOT_DUE',
    );
  });

  it('records a decline and answers PAYMENT_DECLINED', async () => {
    const { enrollmentId } = await enrollment();
    const card = await savedCard('0010');
    expectFailure(
      await asCustomer('POST', '/payments/pay', { idEnrollment: enrollmentId, ...card, amount: 20 }),
      422,
      'PAYMENT_DECLINED',
    );
    const history = await asCustomer('GET', `/payments/history-by-enrollment/${enrollmentId}`);
    expect(history.body.data[0].returnReasonDesc).toBeTruthy();
  });

  it('never charges twice when the gateway timed out after charging: the retry finds the charge', async () => {
    const { enrollmentId } = await enrollment();
    const card = await savedCard('0019');
    const key = `timeout-${enrollmentId}`;
    expectFailure(
      await asCustomer(
        'POST',
        '/payments/pay',
        { idEnrollment: enrollmentId, ...card, amount: 30 },
        { headers: { 'idempotency-key': key } },
      ),
      503,
      'UPSTREAM_UNAVAILABLE',
    );
    const [pending] = await api.db.kysely
      .selectFrom('charge_transactions')
      .selectAll()
      .where('enrollment_id', '=', enrollmentId)
      .execute();
    expect(pending!.status).toBe('unknown');
    const retried = await asCustomer(
      'POST',
      '/payments/pay',
      { idEnrollment: enrollmentId, ...card, amount: 30 },
      { headers: { 'idempotency-key': key } },
    );
    expect(retried.body.data).toMatchObject({
      status: 'approved',
      id_payment_charge_transactions: pending!.id,
    });
    const again = await asCustomer(
      'POST',
      '/payments/pay',
      { idEnrollment: enrollmentId, ...card, amount: 30 },
      { headers: { 'idempotency-key': key } },
    );
    expect(again.body.data.id_payment_charge_transactions).toBe(pending!.id);
    expect(await sandboxCharges(pending!.reference)).toBe(1);
    expectFailure(
      await asCustomer(
        'POST',
        '/payments/pay',
        { idEnrollment: enrollmentId, ...card, amount: 31 },
        { headers: { 'idempotency-key': key } },
      ),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('a charge with no answer is reconciled by the background task', async () => {
    const { enrollmentId } = await enrollment();
    const card = await savedCard('0019');
    expectFailure(
      await asCustomer('POST', '/payments/pay', { idEnrollment: enrollmentId, ...card, amount: 12 }),
      503,
      'UPSTREAM_UNAVAILABLE',
    );
    await api.db.kysely
      .updateTable('charge_transactions')
      .set({ updated_at: '2000-01-01T00:00:00.000Z' })
      .where('status', '=', 'unknown')
      .execute();
    await api.app.voltin.scheduler.runNow('reconcile-charges');
    const charges = await asCustomer('GET', `/payments/charge-transaction/by-enrollment/${enrollmentId}`);
    expect(charges.body.data[0].status).toBe('approved');
  });

  it('refuses bad amounts, unknown profiles and another customer', async () => {
    const { enrollmentId } = await enrollment();
    const card = await savedCard('1111');
    expectFailure(
      await asCustomer('POST', '/payments/pay', { idEnrollment: enrollmentId, ...card, amount: 0 }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await asCustomer('POST', '/payments/pay', { idEnrollment: enrollmentId, ...card, amount: -5 }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await asCustomer('POST', '/payments/pay', { idEnrollment: enrollmentId, ...card, amount: 10.123 }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await asCustomer('POST', '/payments/pay', {
        idEnrollment: enrollmentId,
        ...card,
        paymentProfileToken: 'nope',
        amount: 10,
      }),
      422,
      'PAYMENT_PROFILE_UNKNOWN',
    );
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    const stranger = (
      await api.call('POST', '/enrollments/create', {
        token,
        body: enrollmentBody(fixed12, options, { payment: { creditCheckId: check.id_credit_check } }),
      })
    ).body.data.enrollmentId;
    expectFailure(
      await asCustomer('POST', '/payments/pay', { idEnrollment: stranger, ...card, amount: 10 }),
      403,
      'CUSTOMER_FORBIDDEN',
    );
    expectFailure(
      await asCustomer('GET', `/payments/history-by-enrollment/${stranger}`),
      403,
      'CUSTOMER_FORBIDDEN',
    );
  });
});

describe('the hosted payment page', () => {
  it('pays with a saved card through a signed, expiring link and calls back', async () => {
    const { enrollmentId } = await enrollment('520');
    await savedCard('1111');
    const ldc = (await api.call('GET', `/enrollments/${enrollmentId}`, { token })).body.data.service_address
      .ldc_account;
    const link = await asCustomer('GET', `/payments/redirect-payment-uri/${enrollmentId}`, undefined, {
      query: {
        ldcNumber: ldc,
        callbackSuccessURL: 'https://shop.example/ok',
        callbackErrorURL: 'https://shop.example/fail',
        secondsBeforeExpire: 120,
      },
    });
    const url = link.body.data as string;
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Amount due: <strong>$150.00</strong>');
    const token_ = /name="paymentProfileToken" value="([^"]+)"/.exec(html)![1]!;
    const pay = () =>
      fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ paymentProfileToken: token_, amount: '150.00' }),
      });
    const first = await pay();
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toMatch(
      /^https:\/\/shop\.example\/ok\?transactionId=\d+&amount=150\.00$/,
    );
    const second = await pay();
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect((await api.call('GET', `/enrollments/${enrollmentId}`, { token })).body.data.status).toBe(
      'PENDING',
    );
    expect(
      (await fetch(url.replace(`/hosted-payment/${enrollmentId}`, `/hosted-payment/${enrollmentId + 1}`)))
        .status,
    ).toBe(403);
    const expired = signPath(
      api.app.voltin.keys.urlSigning,
      `/api/v1/payments/hosted-payment/${enrollmentId}?success=x&error=y`,
      1000,
    );
    expect((await fetch(`${api.baseUrl}${expired}`)).status).toBe(410);
    expectFailure(
      await asCustomer('GET', `/payments/redirect-payment-uri/${enrollmentId}`, undefined, {
        query: {
          ldcNumber: '10443720999999999',
          callbackSuccessURL: 'https://a.example',
          callbackErrorURL: 'https://b.example',
        },
      }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
