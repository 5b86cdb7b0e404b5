import { beforeAll, describe, expect, it } from 'vitest';
import { createPaymentGateways } from '../../../src/adapters/payment-gateway/index.js';
import { systemClock } from '../../../src/domain/clock.js';
import { activeAutopayTokens } from '../../../src/modules/enrollments/index.js';
import { createPaymentsService } from '../../../src/modules/payments/service.js';
import { withCompanySettings } from '../../fixtures/operator.js';
import { configuredGatewayOf, sandboxCompanyId, withoutCompanySettings } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type CustomerLogin, everyRowAsText, loginNewCustomer, paymentProfileCalls } from './helpers.js';

/** The sandbox company has no live gateway account: these run on the in-process sandbox gateway. */
const api = useTestApi();
/** Every response body of this file, to prove no full number is ever answered. */
const answered: string[] = [];
const callApi = api.call;
api.call = async (method, path, options) => {
  const response = await callApi(method, path, options);
  answered.push(JSON.stringify(response.body));
  return response;
};
let demo: CustomerLogin;
let other: CustomerLogin;

const { as, save, list } = paymentProfileCalls(api);
const card = (number: string, expiry = '12/2031') => ({
  id_payment_type: 1,
  card_number: number,
  card_expiration_date: expiry,
});
const bank = (account: string, routing = '111000025') => ({
  id_payment_type: 2,
  routing_number: routing,
  account_number: account,
  account_type: 'checking',
});
const count = async (
  table: 'payment_profiles' | 'payment_customer_profiles' | 'sandbox_gateway_payment_profiles',
) =>
  Number(
    (
      await api.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const NUMBERS_USED = [
  '4111111111111111',
  '5424000000000015',
  '4000000000000002',
  '4000000000010035',
  '4111111111111112',
  '987654321',
  '123450002',
];

beforeAll(async () => {
  const token = await api.sandboxToken();
  demo = { token, ...(await api.sandboxCustomerHash()) };
  other = await loginNewCustomer(api, token, 'second.customer');
});

describe('POST /payments/payment-profile (sandbox gateway)', () => {
  it('saves a card at the gateway and keeps only its token, brand, last four digits and expiry', async () => {
    const response = await save(demo, { ...card('4111 1111 1111 1111', '08/31'), card_type: 'Visa' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      customerProfileToken: expect.stringMatching(/^sbx_cus_/),
      paymentProfileToken: expect.stringMatching(/^sbx_pp_/),
      cardType: 'Visa',
      cardNumber: 'XXXX1111',
      cardExpirationDate: '2031-08',
      paymentTypeId: 1,
      routingNumber: null,
      accountNumber: null,
      accountType: null,
      autoPayMethod: false,
    });
    const row = await api.db.kysely
      .selectFrom('payment_profiles')
      .selectAll()
      .where('payment_profile_token', '=', response.body.data.paymentProfileToken)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      gateway: 'Sandbox',
      last4: '1111',
      card_type: 'Visa',
      expiration_date: '2031-08',
    });
  });

  it('saves a bank account with masked routing and account numbers', async () => {
    const response = await save(demo, bank('987654321'));
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      paymentTypeId: 2,
      routingNumber: 'XXXX0025',
      accountNumber: 'XXXX4321',
      accountType: 'checking',
      cardNumber: null,
      cardType: null,
    });
  });

  it('infers the payment type from the numbers sent', async () => {
    const response = await save(demo, { card_number: '5424000000000015', card_expiration_date: '2032-01' });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      paymentTypeId: 1,
      cardType: 'MasterCard',
      cardNumber: 'XXXX0015',
    });
  });

  it('refuses declined cards and bank accounts (test numbers ending 0002) with PAYMENT_DECLINED', async () => {
    const before = await count('payment_profiles');
    expectFailure(await save(demo, card('4000000000000002')), 422, 'PAYMENT_DECLINED');
    expectFailure(await save(demo, bank('123450002')), 422, 'PAYMENT_DECLINED');
    expect(await count('payment_profiles')).toBe(before);
  });

  it('refuses an invalid card number (Luhn), an expired card and a bad routing number before any gateway call', async () => {
    const before = await count('sandbox_gateway_payment_profiles');
    expectFailure(await save(demo, card('4111111111111112')), 422, 'PAYMENT_CARD_INVALID');
    expectFailure(await save(demo, card('4111111111111111', '01/2020')), 422, 'PAYMENT_CARD_EXPIRED');
    expectFailure(await save(demo, card('4111111111111111', '13/2030')), 422, 'PAYMENT_CARD_INVALID');
    expectFailure(await save(demo, bank('987654321', '111000026')), 422, 'PAYMENT_BANK_ACCOUNT_INVALID');
    expectFailure(await save(demo, bank('12')), 422, 'PAYMENT_BANK_ACCOUNT_INVALID');
    expect(await count('sandbox_gateway_payment_profiles')).toBe(before);
  });

  it('names the missing fields of a card or bank account', async () => {
    const cardBody = expectFailure(
      await save(demo, { id_payment_type: 1, card_number: '4111111111111111' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(cardBody.errors).toEqual(['card_expiration_date is required for a card']);
    const bankBody = expectFailure(
      await save(demo, { id_payment_type: 2, account_number: '987654321' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(bankBody.errors).toEqual([
      'routing_number is required for a bank account',
      'account_type is required for a bank account',
    ]);
    expectFailure(await save(demo, {}), 400, 'VALIDATION_FAILED');
  });

  it('answers 503 and writes nothing when the gateway does not answer (sandbox value ending 0035)', async () => {
    const fresh = await loginNewCustomer(api, demo.token, 'offline.customer');
    const before = [await count('payment_profiles'), await count('payment_customer_profiles')];
    expectFailure(await save(fresh, card('4000000000010035')), 503, 'UPSTREAM_UNAVAILABLE');
    expect([await count('payment_profiles'), await count('payment_customer_profiles')]).toEqual(before);
  });

  it('updates a payment profile when payment_profile_token is sent', async () => {
    const created = (await save(demo, card('4111111111111111', '2030-05'))).body.data;
    const updated = await save(demo, {
      ...card('5424000000000015', '2033-02'),
      customer_profile_token: created.customerProfileToken,
      payment_profile_token: created.paymentProfileToken,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      paymentProfileToken: created.paymentProfileToken,
      cardType: 'MasterCard',
      cardNumber: 'XXXX0015',
      cardExpirationDate: '2033-02',
    });
  });

  it("refuses another customer's id, customer profile token or payment profile token", async () => {
    const mine = (await save(demo, card('4111111111111111'))).body.data;
    expectFailure(
      await api.call(
        'POST',
        '/payments/payment-profile',
        as(other, { body: { id_customer: demo.customerId, ...card('4111111111111111') } }),
      ),
      403,
      'CUSTOMER_FORBIDDEN',
    );
    // The other customer has a gateway profile of their own: a foreign token must not be read as theirs either.
    await save(other, card('4111111111111111'));
    const before = await Promise.all([count('payment_profiles'), count('sandbox_gateway_payment_profiles')]);
    expectFailure(
      await save(other, { ...card('4111111111111111'), customer_profile_token: mine.customerProfileToken }),
      404,
      'NOT_FOUND',
    );
    expect(await Promise.all([count('payment_profiles'), count('sandbox_gateway_payment_profiles')])).toEqual(
      before,
    );
    expectFailure(
      await save(other, { ...card('4111111111111111'), payment_profile_token: mine.paymentProfileToken }),
      403,
      'CUSTOMER_FORBIDDEN',
    );
    expectFailure(
      await save(other, { ...card('4111111111111111'), payment_profile_token: 'sbx_pp_unknown' }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('a customer that does not exist in the company (payments service)', () => {
  it('gets no payment profile and no hosted form: 404, and nothing is made at the gateway', async () => {
    const db = api.db.kysely;
    const payments = createPaymentsService({
      db,
      clock: systemClock,
      activeAutopayTokens,
      gateways: createPaymentGateways({
        db,
        secretBoxKey: api.app.voltin.keys.secretBox,
        configuredGateway: configuredGatewayOf(db),
      }),
    });
    const companyId = await sandboxCompanyId(db);
    const before = await Promise.all([
      count('payment_customer_profiles'),
      count('sandbox_gateway_payment_profiles'),
    ]);
    await expect(
      payments.saveProfile(companyId, 987_654_321, {
        ...card('4111111111111111'),
        id_payment_type: 1 as const,
        id_customer: 987_654_321,
      }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      payments.hostedProfilePageToken(companyId, 987_654_321, {
        iFrameCommunicatorUrl: 'https://my.bluebonnet.example/communicator.html',
        transactionType: 'ONE_TIME_PAYMENT',
        paymentType: 'CreditCard',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await Promise.all([count('payment_customer_profiles'), count('sandbox_gateway_payment_profiles')]),
    ).toEqual(before);
  });
});

describe('GET /payments/payment-profile/by-customer/{customerId}', () => {
  it("lists the customer's gateway profiles, masked", async () => {
    const savedCard = (await save(demo, card('4111111111111111'))).body.data;
    const savedBank = (await save(demo, bank('987654321'))).body.data;
    const response = await list(demo);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          paymentProfileToken: savedCard.paymentProfileToken,
          cardNumber: 'XXXX1111',
        }),
        expect.objectContaining({
          paymentProfileToken: savedBank.paymentProfileToken,
          accountNumber: 'XXXX4321',
        }),
      ]),
    );
    for (const profile of response.body.data) {
      expect(profile.customerProfileToken).toMatch(/^sbx_cus_/);
      if (profile.paymentTypeId === 1) expect(profile.cardNumber).toMatch(/^XXXX\d{4}$/);
      else expect(profile.accountNumber).toMatch(/^XXXX\d{4}$/);
    }
  });

  it('is empty for a customer without a gateway profile, and refuses another customer', async () => {
    const fresh = await loginNewCustomer(api, demo.token, 'empty.customer');
    expect((await list(fresh)).body.data).toEqual([]);
    expectFailure(
      await api.call('GET', `/payments/payment-profile/by-customer/${demo.customerId}`, as(other)),
      403,
      'CUSTOMER_FORBIDDEN',
    );
  });
});

describe('DELETE /payments/payment-profile/{paymentProfileToken}', () => {
  it('removes the profile at the gateway and here', async () => {
    const created = (await save(demo, card('4111111111111111'))).body.data;
    const response = await api.call(
      'DELETE',
      `/payments/payment-profile/${created.paymentProfileToken}`,
      as(demo),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ succeeded: true, data: null });
    const tokens = (await list(demo)).body.data.map(
      (p: { paymentProfileToken: string }) => p.paymentProfileToken,
    );
    expect(tokens).not.toContain(created.paymentProfileToken);
    const gatewayRow = await api.db.kysely
      .selectFrom('sandbox_gateway_payment_profiles')
      .select('deleted_at')
      .where('token', '=', created.paymentProfileToken)
      .executeTakeFirstOrThrow();
    expect(gatewayRow.deleted_at).not.toBeNull();
    expectFailure(
      await api.call('DELETE', `/payments/payment-profile/${created.paymentProfileToken}`, as(demo)),
      404,
      'NOT_FOUND',
    );
  });

  it("refuses another customer's token (403) and an unknown one (404)", async () => {
    const created = (await save(demo, card('4111111111111111'))).body.data;
    expectFailure(
      await api.call('DELETE', `/payments/payment-profile/${created.paymentProfileToken}`, as(other)),
      403,
      'CUSTOMER_FORBIDDEN',
    );
    expectFailure(
      await api.call('DELETE', '/payments/payment-profile/sbx_pp_nothing', as(demo)),
      404,
      'NOT_FOUND',
    );
  });
});

describe('hosted form', () => {
  const hosted = (who: CustomerLogin, body: Record<string, unknown>) =>
    api.call(
      'POST',
      `/payments/payment-profile/hosted-profile-page-token/${who.customerId}`,
      as(who, { body }),
    );
  const request = {
    iFrameCommunicatorUrl: 'https://my.bluebonnet.example/communicator.html',
    saveButtonText: 'Save',
    transactionType: 'DEPOSIT',
    paymentType: 'Both',
  };

  it('returns a token with the add and edit pages, creating the customer profile on first use', async () => {
    const fresh = await loginNewCustomer(api, demo.token, 'hosted.customer');
    const response = await hosted(fresh, request);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      token: expect.stringMatching(/^sbx_hosted_/),
      addUrl: `${api.baseUrl}/sandbox-gateway/customer/addPayment`,
      editUrl: `${api.baseUrl}/sandbox-gateway/customer/editPayment`,
    });
    const profile = await api.db.kysely
      .selectFrom('payment_customer_profiles')
      .selectAll()
      .where('customer_id', '=', fresh.customerId)
      .executeTakeFirstOrThrow();
    expect(profile.gateway).toBe('Sandbox');
  });

  it('takes a communicator page on a developer machine (http://localhost) in the sandbox', async () => {
    for (const iFrameCommunicatorUrl of [
      'http://localhost:3002/payment-communicator.html',
      'http://127.0.0.1:5174/payment-communicator.html',
    ])
      expect((await hosted(demo, { ...request, iFrameCommunicatorUrl })).status).toBe(200);
    expectFailure(
      await hosted(demo, { ...request, iFrameCommunicatorUrl: 'http://localhost.evil.example/c.html' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('validates the body and refuses another customer', async () => {
    expectFailure(
      await hosted(demo, { ...request, iFrameCommunicatorUrl: 'http://insecure.example/c.html' }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(await hosted(demo, { ...request, transactionType: 'REFUND' }), 400, 'VALIDATION_FAILED');
    expectFailure(
      await api.call(
        'POST',
        `/payments/payment-profile/hosted-profile-page-token/${demo.customerId}`,
        as(other, { body: request }),
      ),
      403,
      'CUSTOMER_FORBIDDEN',
    );
  });

  it('refuses a payment type the company does not accept for the transaction type', async () => {
    await withCompanySettings(api.db.kysely, { deposit_payment_types: 'CreditCard' }, async () => {
      const refused = expectFailure(
        await hosted(demo, { ...request, paymentType: 'BankAccount' }),
        422,
        'PAYMENT_TYPE_NOT_ALLOWED',
      );
      expect(refused.message).toContain('CreditCard');
      expectFailure(await hosted(demo, request), 422, 'PAYMENT_TYPE_NOT_ALLOWED');
      expect((await hosted(demo, { ...request, paymentType: 'CreditCard' })).status).toBe(200);
      expect(
        (await hosted(demo, { ...request, transactionType: 'ONE_TIME_PAYMENT', paymentType: 'BankAccount' }))
          .status,
      ).toBe(200);
    });
  });

  it('lets a company without payment settings take either payment type', async () => {
    await withoutCompanySettings(api.db.kysely, async () => {
      expect((await hosted(demo, { ...request, paymentType: 'BankAccount' })).status).toBe(200);
      expect((await hosted(demo, { ...request, paymentType: 'CreditCard' })).status).toBe(200);
    });
  });

  it('GET /payments/payment-iframe-uri/by-customer/{customerId} returns the hosted page URL with a token', async () => {
    const response = await api.call(
      'GET',
      `/payments/payment-iframe-uri/by-customer/${demo.customerId}`,
      as(demo),
    );
    expect(response.status).toBe(200);
    const url = new URL(response.body.data);
    expect(`${url.origin}${url.pathname}`).toBe(`${api.baseUrl}/sandbox-gateway/customer/addPayment`);
    expect(url.searchParams.get('token')).toMatch(/^sbx_hosted_/);
    expectFailure(
      await api.call('GET', `/payments/payment-iframe-uri/by-customer/${demo.customerId}`, as(other)),
      403,
      'CUSTOMER_FORBIDDEN',
    );
  });
});

describe('card data is never stored', () => {
  it('no table and no response holds a full card or bank account number used in these tests', async () => {
    // Every number goes through the gateway here, whatever ran before: saved, declined, refused or updated.
    const saved = (await save(demo, card('4111111111111111'))).body.data;
    await save(demo, { ...card('5424000000000015'), payment_profile_token: saved.paymentProfileToken });
    await save(demo, card('4000000000000002'));
    await save(demo, card('4000000000010035'));
    await save(demo, card('4111111111111112'));
    await save(demo, bank('987654321'));
    await save(demo, bank('123450002'));
    await list(demo);
    const everything = await everyRowAsText(api.db);
    expect(everything).toContain('sbx_pp_');
    expect(everything).toContain('demo.customer');
    for (const number of NUMBERS_USED) expect(everything).not.toContain(number);
    expect(answered.join('\n')).toContain(saved.paymentProfileToken);
    for (const number of NUMBERS_USED) expect(answered.join('\n')).not.toContain(number);
  });
});
