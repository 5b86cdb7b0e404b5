import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
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
import { withCompanySettings } from '../../fixtures/operator.js';
import { withoutCompanySettings } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { submitHostedPayment } from './helpers.js';

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

/** The enrollment's recorded charges, oldest first, by status. */
const chargeStatusesOf = async (enrollmentId: number) =>
  (
    await api.db.kysely
      .selectFrom('charge_transactions')
      .select('status')
      .where('enrollment_id', '=', enrollmentId)
      .orderBy('id')
      .execute()
  ).map((c) => c.status);

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
    // The task asks about a charge once the gateway has had 30 seconds to settle it: the clock moves on (Date only).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      await api.app.voltin.scheduler.runNow('reconcile-charges');
    } finally {
      vi.useRealTimers();
    }
    const charges = await asCustomer('GET', `/payments/charge-transaction/by-enrollment/${enrollmentId}`);
    expect(charges.body.data[0].status).toBe('approved');
  });

  it('refuses bad amounts, unknown profiles, another customer and an enrollment that does not exist', async () => {
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
    const missing = 987_654_321;
    expectFailure(
      await asCustomer('POST', '/payments/pay', { idEnrollment: missing, ...card, amount: 10 }),
      404,
      'NOT_FOUND',
    );
    expectFailure(
      await asCustomer('GET', `/payments/redirect-payment-uri/${missing}`, undefined, {
        query: {
          ldcNumber: '1',
          callbackSuccessURL: 'http://localhost:3002/ok',
          callbackErrorURL: 'http://localhost:3002/no',
        },
      }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('the hosted payment page', () => {
  it('pays with a saved card through a signed, expiring link and calls back', async () => {
    const { enrollmentId } = await enrollment('520');
    const card = await savedCard('1111');
    const ldc = (await api.call('GET', `/enrollments/${enrollmentId}`, { token })).body.data.service_address
      .ldc_account;
    const link = await asCustomer('GET', `/payments/redirect-payment-uri/${enrollmentId}`, undefined, {
      query: {
        ldcNumber: ldc,
        callbackSuccessURL: 'http://localhost:3002/ok',
        callbackErrorURL: 'http://localhost:3002/fail',
        secondsBeforeExpire: 120,
      },
    });
    const url = link.body.data as string;
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Amount due: <strong>$150.00</strong>');
    // No script at all, the one inline style by its hash, the card form only to itself and on to the return origin.
    const style = createHash('sha256')
      .update(/<style>([^<]*)<\/style>/.exec(html)![1]!)
      .digest('base64');
    expect(html).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).toBe(
      `default-src 'none';style-src 'sha256-${style}';form-action 'self' http://localhost:3002;frame-ancestors 'none';base-uri 'none'`,
    );
    expect(page.headers.get('cache-control')).toBe('no-store');
    // The page offers every saved method of the customer (other tests save declining ones): pay with this card.
    expect(html).toContain(`name="paymentProfileToken" value="${card.paymentProfileToken}"`);
    const pay = () => submitHostedPayment(url, card.paymentProfileToken, '150.00');
    const first = await pay();
    expect(first.status).toBe(303);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('location')).toMatch(
      /^http:\/\/localhost:3002\/ok\?transactionId=\d+&amount=150\.00$/,
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
    const expiredPage = await fetch(`${api.baseUrl}${expired}`);
    expect(expiredPage.status).toBe(410);
    expect(expiredPage.headers.get('content-security-policy')).toContain("default-src 'none';");
    expect(expiredPage.headers.get('content-security-policy')).toContain("form-action 'self';");
    expectFailure(
      await asCustomer('GET', `/payments/redirect-payment-uri/${enrollmentId}`, undefined, {
        query: {
          ldcNumber: '10443720999999999',
          callbackSuccessURL: 'http://localhost:3002/a',
          callbackErrorURL: 'http://localhost:3002/b',
        },
      }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('hosted payment page: return origins, amounts and the public base URL', () => {
  const linkFor = async (enrollmentId: number, callbackSuccessURL: string, callbackErrorURL: string) => {
    const ldc = (await api.call('GET', `/enrollments/${enrollmentId}`, { token })).body.data.service_address
      .ldc_account;
    return asCustomer('GET', `/payments/redirect-payment-uri/${enrollmentId}`, undefined, {
      query: { ldcNumber: ldc, callbackSuccessURL, callbackErrorURL, secondsBeforeExpire: 120 },
    });
  };

  it('refuses return URLs off the registered origins, look-alikes included, naming the parameter', async () => {
    const { enrollmentId } = await enrollment();
    for (const foreign of [
      'https://shop.example/ok',
      'http://localhost.evil.example/ok',
      'http://evil.example/?x=http://localhost:3002',
      '//evil.example/ok',
      'javascript:alert(1)',
      'https://localhost:3002/ok',
      'http://user:pw@localhost:3002/ok',
      'ftp://localhost:3002/ok',
    ]) {
      const refused = await linkFor(enrollmentId, foreign, 'http://localhost:3002/fail');
      expectFailure(refused, 400, 'RETURN_URL_NOT_ALLOWED');
      expect(refused.body.errors, foreign).toEqual([expect.stringContaining('callbackSuccessURL')]);
      const refusedError = await linkFor(enrollmentId, 'http://localhost:3002/ok', foreign);
      expectFailure(refusedError, 400, 'RETURN_URL_NOT_ALLOWED');
      expect(refusedError.body.errors, foreign).toEqual([expect.stringContaining('callbackErrorURL')]);
    }
    // Registered exactly, and localhost on any port ('http://localhost:*').
    for (const allowed of [
      'http://localhost:3002/ok?order=7',
      'http://localhost:8123/back',
      'http://localhost/x',
    ]) {
      const link = await linkFor(enrollmentId, allowed, allowed);
      expect(link.status, `${allowed} ${JSON.stringify(link.body)}`).toBe(200);
    }
  });

  it('refuses to serve a link whose return origin the company no longer registers', async () => {
    const { enrollmentId } = await enrollment();
    const link = await linkFor(enrollmentId, 'http://localhost:8123/ok', 'http://localhost:8123/fail');
    const url = link.body.data as string;
    expect((await fetch(url)).status).toBe(200);
    const origins = { payment_return_origins: JSON.stringify(['http://localhost:3002']) };
    await withCompanySettings(api.db.kysely, origins, async () => {
      const page = await fetch(url);
      expect(page.status).toBe(400);
      expect((await page.json()).code).toBe('RETURN_URL_NOT_ALLOWED');
      const posted = await submitHostedPayment(url, 'any', '10.00');
      expect(posted.status).toBe(400);
      expect(posted.headers.get('location')).toBeNull();
    });
  });

  it('registers no return origin for a company without payment settings: every return URL is refused', async () => {
    const { enrollmentId } = await enrollment();
    await withoutCompanySettings(api.db.kysely, async () => {
      const refused = await linkFor(enrollmentId, 'http://localhost:3002/ok', 'http://localhost:3002/fail');
      expectFailure(refused, 400, 'RETURN_URL_NOT_ALLOWED');
    });
  });

  it('charges exactly the deposit due on the page: another amount goes back with DEPOSIT_AMOUNT_MISMATCH', async () => {
    const { enrollmentId } = await enrollment('520');
    const card = await savedCard('1111');
    const url = (await linkFor(enrollmentId, 'http://localhost:3002/ok', 'http://localhost:3002/fail')).body
      .data as string;
    const refused = await submitHostedPayment(url, card.paymentProfileToken, '100.00');
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('http://localhost:3002/fail?reason=DEPOSIT_AMOUNT_MISMATCH');
    expect(await chargeStatusesOf(enrollmentId)).toEqual([]);
  });

  it('a payment above max_single_payment_cents is refused on POST /payments/pay and on the page', async () => {
    const { enrollmentId } = await enrollment();
    const card = await savedCard('1111');
    const tooLarge = await asCustomer('POST', '/payments/pay', {
      idEnrollment: enrollmentId,
      ...card,
      amount: 5000.01,
    });
    expectFailure(tooLarge, 422, 'PAYMENT_AMOUNT_TOO_LARGE');
    expect(tooLarge.body.message).toContain('$5000.00');
    const url = (await linkFor(enrollmentId, 'http://localhost:3002/ok', 'http://localhost:3002/fail')).body
      .data as string;
    const refused = await submitHostedPayment(url, card.paymentProfileToken, '5000.01');
    expect(refused.headers.get('location')).toBe(
      'http://localhost:3002/fail?reason=PAYMENT_AMOUNT_TOO_LARGE',
    );
    const atMost = await asCustomer('POST', '/payments/pay', {
      idEnrollment: enrollmentId,
      ...card,
      amount: 5000,
    });
    expect(atMost.status, JSON.stringify(atMost.body)).toBe(200);
  });

  it('sends the browser back with the reason for a method that is not saved and an amount that is not a positive number, charging nothing', async () => {
    const { enrollmentId } = await enrollment();
    const card = await savedCard('1111');
    const url = (await linkFor(enrollmentId, 'http://localhost:3002/ok', 'http://localhost:3002/fail')).body
      .data as string;
    for (const [paymentProfileToken, amount, reason] of [
      ['no-such-profile', '10.00', 'PAYMENT_PROFILE_UNKNOWN'],
      ['', '10.00', 'PAYMENT_PROFILE_UNKNOWN'],
      [card.paymentProfileToken, '0', 'VALIDATION_FAILED'],
      [card.paymentProfileToken, '-5', 'VALIDATION_FAILED'],
      [card.paymentProfileToken, 'ten', 'VALIDATION_FAILED'],
      [card.paymentProfileToken, '', 'VALIDATION_FAILED'],
    ]) {
      const refused = await submitHostedPayment(url, paymentProfileToken!, amount!);
      expect(refused.status, `${paymentProfileToken} ${amount}`).toBe(303);
      expect(refused.headers.get('location')).toBe(`http://localhost:3002/fail?reason=${reason}`);
    }
    expect(await chargeStatusesOf(enrollmentId)).toEqual([]);
  });

  it('labels a saved bank account, and after a declined card takes the deposit with another card on the same page', async () => {
    const { enrollmentId } = await enrollment('520');
    const declining = await savedCard('0010');
    const bank = await asCustomer('POST', '/payments/payment-profile', {
      id_customer: customerId,
      id_payment_type: 2,
      routing_number: '021000021',
      account_number: '000123456789',
      account_type: 'checking',
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    const url = (await linkFor(enrollmentId, 'http://localhost:3002/ok', 'http://localhost:3002/fail')).body
      .data as string;
    const declined = await submitHostedPayment(url, declining.paymentProfileToken, '150.00');
    expect(declined.headers.get('location')).toBe('http://localhost:3002/fail?reason=PAYMENT_DECLINED');
    const html = await (await fetch(url)).text();
    expect(html).toContain('Amount due: <strong>$150.00</strong>');
    expect(html).toContain('Bank account ending 6789');
    expect(html).toContain('Visa ending 0010');
    // The same card again replays its decline; another card on the same page is a new attempt, charged once.
    expect(
      (await submitHostedPayment(url, declining.paymentProfileToken, '150.00')).headers.get('location'),
    ).toBe('http://localhost:3002/fail?reason=PAYMENT_DECLINED');
    const card = await savedCard('1111');
    const paid = await submitHostedPayment(url, card.paymentProfileToken, '150.00');
    expect(paid.headers.get('location')).toMatch(
      /^http:\/\/localhost:3002\/ok\?transactionId=\d+&amount=150\.00$/,
    );
    expect((await submitHostedPayment(url, card.paymentProfileToken, '150.00')).headers.get('location')).toBe(
      paid.headers.get('location'),
    );
    expect(await (await fetch(url)).text()).not.toContain('Amount due');
    expect(await chargeStatusesOf(enrollmentId)).toEqual(['declined', 'approved']);
  });

  it('refuses a signed link to an enrollment that does not exist, and one without its return URLs, naming them', async () => {
    const missing = signPath(
      api.app.voltin.keys.urlSigning,
      '/api/v1/payments/hosted-payment/987654321?success=http%3A%2F%2Flocalhost%3A3002%2Fok&error=http%3A%2F%2Flocalhost%3A3002%2Ffail',
      Math.floor(Date.now() / 1000) + 120,
    );
    const page = await fetch(`${api.baseUrl}${missing}`);
    expect(page.status).toBe(403);
    expect((await page.json()).code).toBe('PAYMENT_LINK_INVALID');
    const { enrollmentId } = await enrollment();
    for (const [query, parameter] of [
      ['error=http%3A%2F%2Flocalhost%3A3002%2Ffail', 'callbackSuccessURL'],
      ['success=http%3A%2F%2Flocalhost%3A3002%2Fok', 'callbackErrorURL'],
    ]) {
      const bare = signPath(
        api.app.voltin.keys.urlSigning,
        `/api/v1/payments/hosted-payment/${enrollmentId}?${query}`,
        Math.floor(Date.now() / 1000) + 120,
      );
      const refused = await fetch(`${api.baseUrl}${bare}`);
      expect(refused.status).toBe(400);
      const body = await refused.json();
      expect(body.code).toBe('RETURN_URL_NOT_ALLOWED');
      expect(body.errors).toEqual([expect.stringContaining(parameter!)]);
    }
  });

  it('a forged Host header does not move the links: they start with PUBLIC_BASE_URL', async () => {
    const { enrollmentId } = await enrollment();
    const ldc = (await api.call('GET', `/enrollments/${enrollmentId}`, { token })).body.data.service_address
      .ldc_account;
    const headers = {
      host: 'evil.example',
      authorization: `Bearer ${token}`,
      'x-customer-hash': customerHash,
    };
    const link = await api.app.inject({
      method: 'GET',
      url: `/api/v1/payments/redirect-payment-uri/${enrollmentId}`,
      query: {
        ldcNumber: ldc,
        callbackSuccessURL: 'http://localhost:3002/ok',
        callbackErrorURL: 'http://localhost:3002/x',
      },
      headers,
    });
    expect(link.json().data).toMatch(new RegExp(`^${api.baseUrl}/api/v1/payments/hosted-payment/`));
    const documents = await api.app.inject({
      method: 'GET',
      url: `/api/v1/plans/docs/${fixed12}`,
      headers: { ...headers, 'x-forwarded-host': 'evil.example' },
    });
    const urls = JSON.stringify(documents.json().data);
    expect(urls).not.toContain('evil.example');
    expect(urls).toContain(`${api.baseUrl}/api/v1/`);
  });
});
