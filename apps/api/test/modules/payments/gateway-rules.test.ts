import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayConfigurationError } from '../../../src/adapters/payment-gateway/index.js';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type PaymentGateway,
} from '../../../src/adapters/payment-gateway/port.js';
import {
  creditCheck,
  enrollmentBody,
  nameOf,
  planId,
  requiredOptions,
  sandboxGateway,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { withCompanySettings } from '../../fixtures/operator.js';
import { sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type CustomerLogin, loginNewBusiness, loginNewCustomer, paymentProfileCalls } from './helpers.js';

/** Switches of the sandbox gateway a test turns on: a failure for the next gateway call, and what was asked. */
const gatewaySwitches = {
  /** The next call to one of the profile operations fails with this. */
  fault: null as Error | null,
  hostedPages: [] as Array<Parameters<PaymentGateway['hostedProfilePage']>[0]>,
  /** The methods sent to the gateway to be saved. */
  savedMethods: [] as Array<Parameters<PaymentGateway['createPaymentProfile']>[1]>,
  /** The merchant customer ids the gateway was asked to make a customer profile for. */
  customerProfilesAsked: [] as string[],
};
const failing =
  <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    const fault = gatewaySwitches.fault;
    gatewaySwitches.fault = null;
    if (fault) throw fault;
    return call(...args);
  };
const api = useTestApi(
  {},
  {
    gateway: (gateway: PaymentGateway): PaymentGateway => ({
      ...gateway,
      createCustomerProfile: failing(async (input) => {
        gatewaySwitches.customerProfilesAsked.push(input.merchantCustomerId);
        return gateway.createCustomerProfile(input);
      }),
      createPaymentProfile: failing(async (customerProfileToken, method) => {
        gatewaySwitches.savedMethods.push(method);
        return gateway.createPaymentProfile(customerProfileToken, method);
      }),
      updatePaymentProfile: failing(gateway.updatePaymentProfile),
      listPaymentProfiles: failing(gateway.listPaymentProfiles),
      deletePaymentProfile: failing(gateway.deletePaymentProfile),
      hostedProfilePage: failing(async (request) => {
        gatewaySwitches.hostedPages.push(request);
        return gateway.hostedProfilePage(request);
      }),
    }),
  },
);
afterEach(() => {
  gatewaySwitches.fault = null;
  gatewaySwitches.hostedPages.length = 0;
  gatewaySwitches.savedMethods.length = 0;
  gatewaySwitches.customerProfilesAsked.length = 0;
});

let demo: CustomerLogin;
let companyId: number;
let customerCount = 0;
const { as, save, list } = paymentProfileCalls(api);
const visa = { id_payment_type: 1, card_number: '4111111111111111', card_expiration_date: '2031-09' };
const bank = (account: string, routing = '111000025') => ({
  id_payment_type: 2,
  routing_number: routing,
  account_number: account,
  account_type: 'savings',
});
const newCustomer = () =>
  loginNewCustomer(api, demo.token, `rules.customer.${++customerCount}.${Date.now()}`);
const newBusiness = (firmName: string) =>
  loginNewBusiness(api, demo.token, firmName, `rules.business.${++customerCount}.${Date.now()}`);
const localRows = (customerId: number) =>
  api.db.kysely.selectFrom('payment_profiles').selectAll().where('customer_id', '=', customerId).execute();

beforeAll(async () => {
  const token = await api.sandboxToken();
  demo = { token, ...(await api.sandboxCustomerHash()) };
  companyId = await sandboxCompanyId(api.db.kysely);
});

describe("the gateway's failures, as the API answers them (nothing is saved)", () => {
  const cases: Array<[string, Error, number, string, string[] | null]> = [
    [
      'no record (E00040)',
      new GatewayRejectedError('E00040', 'The record cannot be found.'),
      404,
      'NOT_FOUND',
      null,
    ],
    ['no record at iCheck', new GatewayRejectedError('ICG-NOT_FOUND', 'Not found.'), 404, 'NOT_FOUND', null],
    [
      'a decline (E00027)',
      new GatewayRejectedError('E00027', 'The transaction was unsuccessful.'),
      422,
      'PAYMENT_DECLINED',
      null,
    ],
    [
      'another error code',
      new GatewayRejectedError('E00007', 'User authentication failed.'),
      422,
      'PAYMENT_GATEWAY_REJECTED',
      ['E00007: User authentication failed.'],
    ],
    [
      'a broken set-up',
      new GatewayConfigurationError('No API login id.'),
      503,
      'PAYMENT_GATEWAY_NOT_CONFIGURED',
      null,
    ],
    ['no answer', new GatewayUnavailableError('timeout'), 503, 'UPSTREAM_UNAVAILABLE', null],
    ['any other failure', new Error('the adapter broke'), 500, 'INTERNAL_ERROR', null],
  ];
  for (const [what, error, status, code, details] of cases) {
    it(`${what}: ${status} ${code}`, async () => {
      const customer = await newCustomer();
      // The customer profile is made first; the payment profile's creation fails.
      expect((await save(customer, visa)).status).toBe(200);
      const before = await localRows(customer.customerId);
      gatewaySwitches.fault = error;
      const refused = expectFailure(await save(customer, visa), status, code);
      if (details) expect(refused.errors).toEqual(details);
      expect(await localRows(customer.customerId)).toEqual(before);
    });
  }
});

describe('the customer profile at the gateway', () => {
  it("is made once, under the company and customer ids, with the customer's e-mail and name", async () => {
    const customer = await newCustomer();
    expect((await save(customer, visa)).status).toBe(200);
    expect((await save(customer, visa)).status).toBe(200);
    // The second save reuses the recorded customer profile: the gateway is not asked for another.
    expect(gatewaySwitches.customerProfilesAsked).toEqual([`V${companyId}-${customer.customerId}`]);
    const atGateway = await api.db.kysely
      .selectFrom('sandbox_gateway_customer_profiles')
      .selectAll()
      .where('merchant_customer_id', '=', `V${companyId}-${customer.customerId}`)
      .execute();
    expect(atGateway).toMatchObject([
      { description: 'Second Customer', email: expect.stringMatching(/@example\.com$/) },
    ]);
    const recorded = await api.db.kysely
      .selectFrom('payment_customer_profiles')
      .selectAll()
      .where('customer_id', '=', customer.customerId)
      .execute();
    expect(recorded).toMatchObject([{ customer_profile_token: atGateway[0]!.token, gateway: 'Sandbox' }]);
  });

  it('a bank account is in the name of the customer, or of the firm', async () => {
    const person = await newCustomer();
    const single = await newCustomer();
    // A customer known by one name only (an imported record): every customer type asks for a last name or a
    // firm, and a credit check for both names, so no API call makes one.
    await api.db.kysely
      .updateTable('customers')
      .set({ last_name: '' })
      .where('id', '=', single.customerId)
      .execute();
    const firm = await newBusiness('Elm Bakery');
    for (const who of [person, single, firm]) expect((await save(who, bank('12345678'))).status).toBe(200);
    expect(
      gatewaySwitches.savedMethods.map((m) => (m.type === 'BankAccount' ? m.nameOnAccount : null)),
    ).toEqual(['Second Customer', 'Second', 'Elm Bakery']);
    const described = await api.db.kysely
      .selectFrom('sandbox_gateway_customer_profiles')
      .select('description')
      .where('merchant_customer_id', '=', `V${companyId}-${single.customerId}`)
      .executeTakeFirstOrThrow();
    expect(described.description).toBe('Second');
  });

  it('of a business is named for the firm', async () => {
    const customer = await newBusiness('Elm Bakery');
    expect((await save(customer, bank('12345678'))).status).toBe(200);
    const atGateway = await api.db.kysely
      .selectFrom('sandbox_gateway_customer_profiles')
      .select('description')
      .where('merchant_customer_id', '=', `V${companyId}-${customer.customerId}`)
      .executeTakeFirstOrThrow();
    expect(atGateway.description).toBe('Elm Bakery');
  });

  it('when the gateway cannot make it, nothing is recorded', async () => {
    const customer = await newCustomer();
    gatewaySwitches.fault = new GatewayUnavailableError('timeout');
    expectFailure(await save(customer, visa), 503, 'UPSTREAM_UNAVAILABLE');
    expect(
      await api.db.kysely
        .selectFrom('payment_customer_profiles')
        .select('id')
        .where('customer_id', '=', customer.customerId)
        .execute(),
    ).toEqual([]);
  });
});

describe('reading a card or a bank account from the request', () => {
  it('answers a bank account with every card field empty', async () => {
    const customer = await newCustomer();
    const saved = await save(customer, bank('123456789'));
    expect(saved.body.data).toEqual({
      customerProfileToken: expect.stringMatching(/^sbx_cus_/),
      paymentProfileToken: expect.stringMatching(/^sbx_pp_/),
      cardType: null,
      cardNumber: null,
      cardExpirationDate: null,
      paymentTypeId: 2,
      routingNumber: 'XXXX0025',
      accountNumber: 'XXXX6789',
      accountType: 'savings',
      autoPayMethod: false,
    });
  });

  it('takes a routing or account number alone for a bank account, and names what is missing', async () => {
    const customer = await newCustomer();
    expect(
      expectFailure(await save(customer, { routing_number: '111000025' }), 400, 'VALIDATION_FAILED').errors,
    ).toEqual([
      'account_number is required for a bank account',
      'account_type is required for a bank account',
    ]);
    expect(
      expectFailure(await save(customer, { account_number: '12345678' }), 400, 'VALIDATION_FAILED').errors,
    ).toEqual([
      'routing_number is required for a bank account',
      'account_type is required for a bank account',
    ]);
    expect(
      expectFailure(await save(customer, { id_payment_type: 1 }), 400, 'VALIDATION_FAILED').errors,
    ).toEqual(['card_number is required for a card', 'card_expiration_date is required for a card']);
    expect(expectFailure(await save(customer, {}), 400, 'VALIDATION_FAILED').errors).toEqual([
      'id_payment_type: send 1 with card_number and card_expiration_date, or 2 with routing_number, account_number and account_type',
    ]);
    // The type sent wins over the numbers sent.
    expect(
      expectFailure(
        await save(customer, { id_payment_type: 2, card_number: '4111111111111111' }),
        400,
        'VALIDATION_FAILED',
      ).errors,
    ).toEqual([
      'routing_number is required for a bank account',
      'account_number is required for a bank account',
      'account_type is required for a bank account',
    ]);
  });

  it('takes bank account numbers of 4 to 17 digits', async () => {
    const customer = await newCustomer();
    expect((await save(customer, bank('1234'))).status).toBe(200);
    expect((await save(customer, bank('12345678901234567'))).status).toBe(200);
    expectFailure(await save(customer, bank('123')), 422, 'PAYMENT_BANK_ACCOUNT_INVALID');
    expectFailure(await save(customer, bank('123456789012345678')), 422, 'PAYMENT_BANK_ACCOUNT_INVALID');
  });

  it('refuses a Luhn-valid number of no known card brand, and takes MM/YY and MM/YYYY expiry dates', async () => {
    const customer = await newCustomer();
    expectFailure(
      await save(customer, {
        id_payment_type: 1,
        card_number: '9999999999999995',
        card_expiration_date: '2031-09',
      }),
      422,
      'PAYMENT_CARD_INVALID',
    );
    const dashed = await save(customer, { ...visa, card_number: '4111-1111-1111-1111' });
    expect(dashed.body.data).toMatchObject({ cardNumber: 'XXXX1111', cardType: 'Visa' });
    for (const [expiry, stored] of [
      ['09/31', '2031-09'],
      ['09/2031', '2031-09'],
      ['2031-09', '2031-09'],
    ]) {
      const saved = await save(customer, { ...visa, card_expiration_date: expiry });
      expect(saved.body.data?.cardExpirationDate, expiry).toBe(stored);
    }
  });
});

describe('which payment profile is the autopay method', () => {
  it('the one an active recurring billing charges', async () => {
    const card = (await save(demo, visa)).body.data;
    const other = (await save(demo, visa)).body.data;
    const plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
    const check = await creditCheck(api, demo.token, {
      ...(await nameOf(api, { idCustomer: demo.customerId })),
      socialSecurityNumber: ssnEnding('720'),
      planId: plan,
    });
    const created = await api.call('POST', '/enrollments/create', {
      token: demo.token,
      body: enrollmentBody(plan, await requiredOptions(api, demo.token, plan), {
        customer: { idCustomer: demo.customerId },
        payment: {
          creditCheckId: check.id_credit_check,
          acceptRecurringBilling: true,
          customerProfileToken: card.customerProfileToken,
          recurringBillingToken: card.paymentProfileToken,
        },
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const listed = (await list(demo)).body.data as Array<{
      paymentProfileToken: string;
      autoPayMethod: boolean;
    }>;
    const flag = (token: string) => listed.find((p) => p.paymentProfileToken === token)?.autoPayMethod;
    expect(flag(card.paymentProfileToken)).toBe(true);
    expect(flag(other.paymentProfileToken)).toBe(false);
    const updated = await save(demo, {
      ...visa,
      card_expiration_date: '2032-01',
      payment_profile_token: card.paymentProfileToken,
    });
    expect(updated.body.data).toMatchObject({ autoPayMethod: true, cardExpirationDate: '2032-01' });
  });
});

describe('listing follows the gateway', () => {
  it('drops a local profile the gateway no longer has, and keeps the others', async () => {
    const customer = await newCustomer();
    const kept = (await save(customer, visa)).body.data;
    const gone = (await save(customer, visa)).body.data;
    // Deleted at the gateway (in its own console), not through Voltin.
    await (await sandboxGateway(api)).deletePaymentProfile(
      gone.customerProfileToken,
      gone.paymentProfileToken,
    );
    const listed = await list(customer);
    expect(listed.body.data.map((p: { paymentProfileToken: string }) => p.paymentProfileToken)).toEqual([
      kept.paymentProfileToken,
    ]);
    const rows = await localRows(customer.customerId);
    expect(rows.find((r) => r.payment_profile_token === gone.paymentProfileToken)?.deleted_at).not.toBeNull();
    expect(rows.find((r) => r.payment_profile_token === kept.paymentProfileToken)?.deleted_at).toBeNull();
  });
});

describe('deleting a payment profile', () => {
  it("one recorded under another gateway than the company's is removed here only", async () => {
    const customer = await newCustomer();
    const saved = (await save(customer, visa)).body.data;
    // As saved before the company moved to the sandbox gateway: reaching that through the API would take a live
    // gateway account for the company first.
    await api.db.kysely
      .updateTable('payment_profiles')
      .set({ gateway: 'AuthorizeNET' })
      .where('payment_profile_token', '=', saved.paymentProfileToken)
      .execute();
    gatewaySwitches.fault = new Error('the gateway must not be asked');
    const deleted = await api.call(
      'DELETE',
      `/payments/payment-profile/${saved.paymentProfileToken}`,
      as(customer),
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const atGateway = await api.db.kysely
      .selectFrom('sandbox_gateway_payment_profiles')
      .select('deleted_at')
      .where('token', '=', saved.paymentProfileToken)
      .executeTakeFirstOrThrow();
    expect(atGateway.deleted_at).toBeNull();
    expect((await localRows(customer.customerId))[0]!.deleted_at).not.toBeNull();
  });

  it('one already gone at the gateway (E00040) is still removed here; another refusal keeps it', async () => {
    const customer = await newCustomer();
    const first = (await save(customer, visa)).body.data;
    gatewaySwitches.fault = new GatewayRejectedError('E00040', 'The record cannot be found.');
    expect(
      (await api.call('DELETE', `/payments/payment-profile/${first.paymentProfileToken}`, as(customer)))
        .status,
    ).toBe(200);
    const second = (await save(customer, visa)).body.data;
    gatewaySwitches.fault = new GatewayRejectedError('E00007', 'User authentication failed.');
    expectFailure(
      await api.call('DELETE', `/payments/payment-profile/${second.paymentProfileToken}`, as(customer)),
      422,
      'PAYMENT_GATEWAY_REJECTED',
    );
    const rows = await localRows(customer.customerId);
    expect(
      rows.find((r) => r.payment_profile_token === first.paymentProfileToken)?.deleted_at,
    ).not.toBeNull();
    expect(rows.find((r) => r.payment_profile_token === second.paymentProfileToken)?.deleted_at).toBeNull();
  });
});

describe('the hosted form is opened with what the request and the company ask', () => {
  it('the save button reads Save unless the request says otherwise', async () => {
    const customer = await newCustomer();
    const hosted = (body: Record<string, unknown>) =>
      api.call(
        'POST',
        `/payments/payment-profile/hosted-profile-page-token/${customer.customerId}`,
        as(customer, {
          body: {
            iFrameCommunicatorUrl: 'https://my.bluebonnet.example/communicator.html',
            transactionType: 'ONE_TIME_PAYMENT',
            paymentType: 'CreditCard',
            ...body,
          },
        }),
      );
    expect((await hosted({})).status).toBe(200);
    expect((await hosted({ saveButtonText: 'Keep this card' })).status).toBe(200);
    expect(gatewaySwitches.hostedPages).toEqual([
      {
        customerProfileToken: expect.stringMatching(/^sbx_cus_/),
        iFrameCommunicatorUrl: 'https://my.bluebonnet.example/communicator.html',
        saveButtonText: 'Save',
        paymentType: 'CreditCard',
      },
      expect.objectContaining({ saveButtonText: 'Keep this card' }),
    ]);
  });

  it("the payment iframe offers the company's one-time payment types", async () => {
    const customer = await newCustomer();
    await withCompanySettings(api.db.kysely, { one_time_payment_types: 'BankAccount' }, async () => {
      const response = await api.call(
        'GET',
        `/payments/payment-iframe-uri/by-customer/${customer.customerId}`,
        as(customer),
      );
      expect(response.status).toBe(200);
      expect(new URL(response.body.data).searchParams.get('token')).toMatch(/^sbx_hosted_/);
    });
    expect(gatewaySwitches.hostedPages).toEqual([
      {
        customerProfileToken: expect.stringMatching(/^sbx_cus_/),
        iFrameCommunicatorUrl: '',
        saveButtonText: 'Save',
        paymentType: 'BankAccount',
      },
    ]);
  });
});
