import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../../../src/security/secret-box.js';
import { type AuthorizeNetFake, startAuthorizeNetFake } from '../../fixtures/authorize-net-fake.js';
import { editGatewayAccount, withCompanySettings } from '../../fixtures/operator.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import {
  type CustomerLogin,
  everyRowAsText,
  liveGatewayTenant,
  loginNewCustomer,
  paymentProfileCalls,
} from './helpers.js';

/** A retail company on Authorize.Net: the API talks to the local fake over its real JSON protocol. */
const api = useTestApi();
/** Every response body of this file, to prove no full number is ever answered. */
const answered: string[] = [];
const callApi = api.call;
api.call = async (method, path, options) => {
  const response = await callApi(method, path, options);
  answered.push(JSON.stringify(response.body));
  return response;
};
let fake: AuthorizeNetFake;
let anet: CustomerLogin & { companyId: number };

const { as, save } = paymentProfileCalls(api);
const visa = { id_payment_type: 1, card_number: '4111111111111111', card_expiration_date: '2031-09' };
const rows = async (table: 'payment_profiles' | 'payment_customer_profiles') =>
  api.db.kysely.selectFrom(table).selectAll().execute();
const setAccount = (values: { transaction_key_sealed?: string; gateway?: string; timeout_ms?: number }) =>
  editGatewayAccount(api.db.kysely, anet.companyId, values);

beforeAll(async () => {
  fake = await startAuthorizeNetFake();
  anet = await liveGatewayTenant(api, 'anet-power', {
    gateway: 'AuthorizeNET',
    endpoint: fake.url,
    apiLoginId: fake.apiLoginId,
    transactionKey: fake.transactionKey,
  });
});
afterAll(async () => fake?.close());

describe('payment profiles on Authorize.Net', () => {
  it('gives up cleanly when Authorize.Net stalls: 503, nothing written here', async () => {
    const before = {
      profiles: await rows('payment_profiles'),
      customers: await rows('payment_customer_profiles'),
    };
    await setAccount({ timeout_ms: 200 });
    fake.stall();
    try {
      expectFailure(await save(anet, visa), 503, 'UPSTREAM_UNAVAILABLE');
    } finally {
      fake.release();
      await setAccount({ timeout_ms: 2_000 });
    }
    expect(await rows('payment_profiles')).toEqual(before.profiles);
    expect(await rows('payment_customer_profiles')).toEqual(before.customers);
  });

  it('creates the customer profile and the payment profile at Authorize.Net and keeps only tokens', async () => {
    const response = await save(anet, visa);
    expect(response.status).toBe(200);
    const profile = response.body.data;
    expect(profile).toMatchObject({
      cardType: 'Visa',
      cardNumber: 'XXXX1111',
      cardExpirationDate: '2031-09',
      paymentTypeId: 1,
    });
    expect(
      fake.profiles.get(profile.customerProfileToken)?.paymentProfiles.has(profile.paymentProfileToken),
    ).toBe(true);
    const merchantIds = [...fake.profiles.values()].map((p) => p.merchantCustomerId);
    expect(merchantIds).toContain(`V${anet.companyId}-${anet.customerId}`);
    expect(await rows('payment_customer_profiles')).toEqual([
      expect.objectContaining({
        gateway: 'AuthorizeNET',
        customer_profile_token: profile.customerProfileToken,
      }),
    ]);
  });

  it('saves a bank account and lists both from the gateway', async () => {
    expect((await save(anet, visa)).status).toBe(200);
    const bank = await save(anet, {
      id_payment_type: 2,
      routing_number: '021000021',
      account_number: '44443333',
      account_type: 'savings',
    });
    expect(bank.status).toBe(200);
    const sent = fake.requests.at(-1)!.createCustomerPaymentProfileRequest.paymentProfile.payment.bankAccount;
    expect(sent).toMatchObject({
      accountType: 'savings',
      routingNumber: '021000021',
      nameOnAccount: 'Other Tenant',
    });
    const listed = await api.call(
      'GET',
      `/payments/payment-profile/by-customer/${anet.customerId}`,
      as(anet),
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ paymentTypeId: 1, cardNumber: 'XXXX1111' }),
        expect.objectContaining({
          paymentTypeId: 2,
          accountNumber: 'XXXX3333',
          routingNumber: 'XXXX0021',
          accountType: 'savings',
        }),
      ]),
    );
  });

  it('picks up a method added on the hosted form, and drops one deleted at the gateway', async () => {
    expect((await save(anet, visa)).status).toBe(200);
    const [customerProfileId, profile] = [...fake.profiles.entries()].find(
      ([, p]) => p.paymentProfiles.size > 0,
    )!;
    profile.paymentProfiles.set('777001', {
      id: '777001',
      kind: 'card',
      number: '6011000000000012',
      expirationDate: '2030-10',
      cardType: 'Discover',
      routingNumber: null,
      accountType: null,
    });
    const listed = await api.call(
      'GET',
      `/payments/payment-profile/by-customer/${anet.customerId}`,
      as(anet),
    );
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({
        customerProfileToken: customerProfileId,
        paymentProfileToken: '777001',
        cardType: 'Discover',
      }),
    );
    profile.paymentProfiles.delete('777001');
    const again = await api.call('GET', `/payments/payment-profile/by-customer/${anet.customerId}`, as(anet));
    expect(again.body.data.map((p: { paymentProfileToken: string }) => p.paymentProfileToken)).not.toContain(
      '777001',
    );
    const row = await api.db.kysely
      .selectFrom('payment_profiles')
      .select('deleted_at')
      .where('payment_profile_token', '=', '777001')
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });

  it('maps a declined validation (card ending 0002, E00027) to 422 PAYMENT_DECLINED', async () => {
    const before = (await rows('payment_profiles')).length;
    expectFailure(await save(anet, { ...visa, card_number: '4000000000000002' }), 422, 'PAYMENT_DECLINED');
    expect((await rows('payment_profiles')).length).toBe(before);
  });

  it('maps refused credentials (E00007) to 422 PAYMENT_GATEWAY_REJECTED naming the code', async () => {
    await setAccount({ transaction_key_sealed: seal(api.app.voltin.keys.secretBox, 'wrong-key') });
    try {
      const body = expectFailure(await save(anet, visa), 422, 'PAYMENT_GATEWAY_REJECTED');
      expect(body.message).toContain('E00007');
      expect(JSON.stringify(body)).not.toContain('wrong-key');
    } finally {
      await setAccount({ transaction_key_sealed: seal(api.app.voltin.keys.secretBox, fake.transactionKey) });
    }
  });

  it('answers 503 when connections are dropped', async () => {
    // A customer with a profile at the gateway, so that listing has to ask it.
    expect((await save(anet, visa)).status).toBe(200);
    fake.dropConnections();
    try {
      expectFailure(
        await api.call('GET', `/payments/payment-profile/by-customer/${anet.customerId}`, as(anet)),
        503,
        'UPSTREAM_UNAVAILABLE',
      );
    } finally {
      fake.dropConnections(false);
    }
  });

  it('opens the hosted form with the Authorize.Net settings and form URLs', async () => {
    const response = await api.call(
      'POST',
      `/payments/payment-profile/hosted-profile-page-token/${anet.customerId}`,
      as(anet, {
        body: {
          iFrameCommunicatorUrl: 'https://my.anet-power.example/iframe-communicator.html',
          saveButtonText: 'Save my card',
          transactionType: 'DEPOSIT',
          paymentType: 'CreditCard',
        },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      token: expect.stringMatching(/^hosted-/),
      addUrl: 'https://test.authorize.net/customer/addPayment',
      editUrl: 'https://test.authorize.net/customer/editPayment',
    });
    const settings = fake.requests.at(-1)!.getHostedProfilePageRequest.hostedProfileSettings.setting;
    expect(settings).toContainEqual({
      settingName: 'hostedProfileSaveButtonText',
      settingValue: 'Save my card',
    });
    const withoutText = await api.call(
      'POST',
      `/payments/payment-profile/hosted-profile-page-token/${anet.customerId}`,
      as(anet, {
        body: {
          iFrameCommunicatorUrl: 'https://my.anet-power.example/iframe-communicator.html',
          transactionType: 'DEPOSIT',
          paymentType: 'CreditCard',
        },
      }),
    );
    expect(withoutText.status).toBe(200);
    expect(fake.requests.at(-1)!.getHostedProfilePageRequest.hostedProfileSettings.setting).toContainEqual({
      settingName: 'hostedProfileSaveButtonText',
      settingValue: 'Save',
    });
    const uri = await api.call(
      'GET',
      `/payments/payment-iframe-uri/by-customer/${anet.customerId}`,
      as(anet),
    );
    expect(uri.body.data).toMatch(/^https:\/\/test\.authorize\.net\/customer\/addPayment\?token=hosted-/);
  });

  it('refuses a communicator page on http://localhost, which only the sandbox gateway takes', async () => {
    const asked = fake.requests.length;
    expectFailure(
      await api.call(
        'POST',
        `/payments/payment-profile/hosted-profile-page-token/${anet.customerId}`,
        as(anet, {
          body: {
            iFrameCommunicatorUrl: 'http://localhost:3002/payment-communicator.html',
            transactionType: 'DEPOSIT',
            paymentType: 'CreditCard',
          },
        }),
      ),
      400,
      'VALIDATION_FAILED',
    );
    expect(fake.requests.length).toBe(asked);
  });

  it('deletes at Authorize.Net and here; a token already gone at the gateway is still removed here', async () => {
    const created = (await save(anet, { ...visa, card_number: '5424000000000015' })).body.data;
    const deleted = await api.call(
      'DELETE',
      `/payments/payment-profile/${created.paymentProfileToken}`,
      as(anet),
    );
    expect(deleted.status).toBe(200);
    expect(
      fake.profiles.get(created.customerProfileToken)?.paymentProfiles.has(created.paymentProfileToken),
    ).toBe(false);

    const gone = (
      await save(anet, { ...visa, card_number: '378282246310005', card_expiration_date: '2030-01' })
    ).body.data;
    fake.profiles.get(gone.customerProfileToken)!.paymentProfiles.delete(gone.paymentProfileToken);
    expect(
      (await api.call('DELETE', `/payments/payment-profile/${gone.paymentProfileToken}`, as(anet))).status,
    ).toBe(200);
  });

  it('answers 404 when the gateway no longer has the profile being updated (E00040)', async () => {
    const created = (await save(anet, visa)).body.data;
    fake.profiles.get(created.customerProfileToken)!.paymentProfiles.delete(created.paymentProfileToken);
    const body = expectFailure(
      await save(anet, { ...visa, payment_profile_token: created.paymentProfileToken }),
      404,
      'NOT_FOUND',
    );
    expect(body.message).toContain('E00040');
  });

  it("refuses to delete another customer's profile", async () => {
    const created = (await save(anet, visa)).body.data;
    const second = await loginNewCustomer(api, anet.token, 'anet.second');
    expectFailure(
      await api.call('DELETE', `/payments/payment-profile/${created.paymentProfileToken}`, as(second)),
      403,
      'CUSTOMER_FORBIDDEN',
    );
  });

  it('refuses a broken gateway set-up with a sentence saying what is wrong', async () => {
    await setAccount({ gateway: 'Stripe' });
    try {
      const body = expectFailure(await save(anet, visa), 503, 'PAYMENT_GATEWAY_NOT_CONFIGURED');
      expect(body.message).toContain('unknown gateway "Stripe"');
    } finally {
      await setAccount({ gateway: 'AuthorizeNET' });
    }
    await withCompanySettings(
      api.db.kysely,
      { payment_gateway: 'iCheckGateway' },
      async () => {
        const body = expectFailure(await save(anet, visa), 503, 'PAYMENT_GATEWAY_NOT_CONFIGURED');
        expect(body.message).toContain(
          'names the iCheckGateway payment gateway but its live account is for AuthorizeNET',
        );
      },
      anet.companyId,
    );
  });

  it('stores and answers no full card or account number, and keeps the transaction key only sealed', async () => {
    // Every number goes through the gateway here, whatever ran before: saved, declined, updated, or added at the
    // gateway and listed from it.
    const saved = (await save(anet, visa)).body.data;
    expectFailure(await save(anet, { ...visa, card_number: '4000000000000002' }), 422, 'PAYMENT_DECLINED');
    expect((await save(anet, { ...visa, card_number: '5424000000000015' })).status).toBe(200);
    const updated = await save(anet, {
      ...visa,
      card_number: '378282246310005',
      card_expiration_date: '2030-01',
      payment_profile_token: saved.paymentProfileToken,
    });
    expect(updated.status).toBe(200);
    const bank = { id_payment_type: 2, routing_number: '021000021', account_number: '44443333' };
    expect((await save(anet, { ...bank, account_type: 'checking' })).status).toBe(200);
    fake.profiles.get(saved.customerProfileToken)!.paymentProfiles.set('777002', {
      id: '777002',
      kind: 'card',
      number: '6011000000000012',
      expirationDate: '2030-10',
      cardType: 'Discover',
      routingNumber: null,
      accountType: null,
    });
    const listed = await api.call(
      'GET',
      `/payments/payment-profile/by-customer/${anet.customerId}`,
      as(anet),
    );
    expect(JSON.stringify(listed.body)).toContain('XXXX0012');
    const everything = await everyRowAsText(api.db);
    expect(everything).toContain(saved.paymentProfileToken);
    for (const number of [
      '4111111111111111',
      '4000000000000002',
      '5424000000000015',
      '378282246310005',
      '44443333',
      '6011000000000012',
    ]) {
      expect(everything).not.toContain(number);
      expect(answered.join('\n')).not.toContain(number);
    }
    expect(everything).not.toContain(fake.transactionKey);
  });
});
