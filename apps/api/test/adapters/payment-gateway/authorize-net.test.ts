import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAuthorizeNetGateway,
  invoiceNumberFor,
} from '../../../src/adapters/payment-gateway/authorize-net.js';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type PaymentGateway,
} from '../../../src/adapters/payment-gateway/port.js';
import { type AuthorizeNetFake, startAuthorizeNetFake } from '../../fixtures/authorize-net-fake.js';

let fake: AuthorizeNetFake;
let gateway: PaymentGateway;
const gatewayWith = (overrides: Partial<Parameters<typeof createAuthorizeNetGateway>[0]> = {}) =>
  createAuthorizeNetGateway({
    apiLoginId: fake.apiLoginId,
    transactionKey: fake.transactionKey,
    environment: 'sandbox',
    endpoint: fake.url,
    ...overrides,
  });
const visa = { type: 'CreditCard', cardNumber: '4111111111111111', expirationDate: '2031-08' } as const;
const checking = {
  type: 'BankAccount',
  routingNumber: '111000025',
  accountNumber: '123456789',
  accountType: 'checking',
  nameOnAccount: 'Demo Customer',
} as const;

async function newCustomer(id: string) {
  return (
    await gateway.createCustomerProfile({
      merchantCustomerId: id,
      email: `${id}@example.com`,
      description: 'Test',
    })
  ).customerProfileToken;
}

beforeAll(async () => {
  fake = await startAuthorizeNetFake();
  gateway = gatewayWith();
});
afterAll(async () => fake.close());

describe('Authorize.Net adapter against the local fake', () => {
  it('sends merchantAuthentication first and reads the BOM-prefixed answers', async () => {
    const token = await newCustomer('C1');
    expect(token).toMatch(/^\d+$/);
    const sent = fake.requests.at(-1)!;
    expect(Object.keys(sent)).toEqual(['createCustomerProfileRequest']);
    expect(Object.keys(sent.createCustomerProfileRequest)[0]).toBe('merchantAuthentication');
    expect(sent.createCustomerProfileRequest.merchantAuthentication).toEqual({
      name: 'fake-login',
      transactionKey: 'fake-transaction-key',
    });
  });

  it('uses the existing customer profile on E00039 (duplicate record)', async () => {
    const first = await newCustomer('C2');
    expect(await newCustomer('C2')).toBe(first);
  });

  it('creates card and bank payment profiles and lists them masked', async () => {
    const customer = await newCustomer('C3');
    const card = await gateway.createPaymentProfile(customer, visa);
    expect(card).toMatchObject({
      type: 'CreditCard',
      cardType: 'Visa',
      last4: '1111',
      expirationDate: '2031-08',
    });
    const bank = await gateway.createPaymentProfile(customer, checking);
    expect(bank).toMatchObject({
      type: 'BankAccount',
      last4: '6789',
      routingLast4: '0025',
      accountType: 'checking',
    });
    const sent = fake.requests.at(-1)!.createCustomerPaymentProfileRequest;
    expect(sent.validationMode).toBe('liveMode');
    expect(sent.paymentProfile.payment.bankAccount.echeckType).toBe('WEB');

    const listed = await gateway.listPaymentProfiles(customer);
    expect(listed).toEqual(
      expect.arrayContaining([expect.objectContaining(card), expect.objectContaining(bank)]),
    );
    expect(JSON.stringify(listed)).not.toContain('4111111111111111');
    expect(fake.requests.at(-1)!.getCustomerProfileRequest.unmaskExpirationDate).toBe(true);
  });

  it('answers a duplicate payment profile (E00039) with the one on file', async () => {
    const customer = await newCustomer('C4');
    const first = await gateway.createPaymentProfile(customer, visa);
    const again = await gateway.createPaymentProfile(customer, visa);
    expect(again.paymentProfileToken).toBe(first.paymentProfileToken);
  });

  it('updates and deletes a payment profile', async () => {
    const customer = await newCustomer('C5');
    const card = await gateway.createPaymentProfile(customer, visa);
    const updated = await gateway.updatePaymentProfile(customer, card.paymentProfileToken, {
      type: 'CreditCard',
      cardNumber: '5424000000000015',
      expirationDate: '2032-01',
    });
    expect(updated).toMatchObject({
      paymentProfileToken: card.paymentProfileToken,
      cardType: 'MasterCard',
      last4: '0015',
    });
    const sent = fake.requests.find(
      (r) => r.updateCustomerPaymentProfileRequest,
    )!.updateCustomerPaymentProfileRequest;
    expect(Object.keys(sent.paymentProfile)).toEqual(['payment', 'customerPaymentProfileId']);
    await gateway.deletePaymentProfile(customer, card.paymentProfileToken);
    expect(await gateway.listPaymentProfiles(customer)).toEqual([]);
  });

  it('maps a declined validation to GatewayRejectedError E00027', async () => {
    const customer = await newCustomer('C6');
    const error = await gateway
      .createPaymentProfile(customer, { ...visa, cardNumber: '4000000000000002' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(GatewayRejectedError);
    expect(error.gatewayCode).toBe('E00027');
  });

  it('maps bad credentials to E00007 and an unknown profile to E00040', async () => {
    const wrong = gatewayWith({ transactionKey: 'not-the-key' });
    const error = await wrong.listPaymentProfiles('1').catch((e) => e);
    expect(error).toBeInstanceOf(GatewayRejectedError);
    expect(error.gatewayCode).toBe('E00007');
    expect(error.message).not.toContain('not-the-key');
    const missing = await gateway.listPaymentProfiles('999999999').catch((e) => e);
    expect(missing.gatewayCode).toBe('E00040');
  });

  it('returns a hosted profile page token with the settings and the sandbox form URLs', async () => {
    const customer = await newCustomer('C7');
    const page = await gateway.hostedProfilePage({
      customerProfileToken: customer,
      iFrameCommunicatorUrl: 'https://shop.example/communicator.html',
      saveButtonText: 'Save card',
      paymentType: 'CreditCard',
    });
    expect(page.token).toMatch(/^hosted-/);
    expect(page.addUrl).toBe('https://test.authorize.net/customer/addPayment');
    expect(page.editUrl).toBe('https://test.authorize.net/customer/editPayment');
    const settings = fake.requests.at(-1)!.getHostedProfilePageRequest.hostedProfileSettings.setting;
    expect(settings).toEqual(
      expect.arrayContaining([
        {
          settingName: 'hostedProfileIFrameCommunicatorUrl',
          settingValue: 'https://shop.example/communicator.html',
        },
        { settingName: 'hostedProfileSaveButtonText', settingValue: 'Save card' },
        { settingName: 'hostedProfilePageBorderVisible', settingValue: 'false' },
        { settingName: 'hostedProfilePaymentOptions', settingValue: 'showCreditCard' },
      ]),
    );
  });

  it('charges a customer profile (approved), declines a card ending 0002, reports a held charge as not captured, and refunds', async () => {
    const customer = await newCustomer('C8');
    const card = await gateway.createPaymentProfile(customer, visa);
    const charge = await gateway.charge({
      customerProfileToken: customer,
      paymentProfileToken: card.paymentProfileToken,
      amountCents: 12_345,
      reference: 'dep-1',
      description: 'Deposit',
    });
    expect(charge).toMatchObject({ status: 'approved', authCode: expect.any(String) });
    const sent = fake.requests.at(-1)!.createTransactionRequest.transactionRequest;
    expect(sent).toMatchObject({
      transactionType: 'authCaptureTransaction',
      amount: '123.45',
      profile: {
        customerProfileId: customer,
        paymentProfile: { paymentProfileId: card.paymentProfileToken },
      },
      order: { invoiceNumber: 'dep-1' },
    });
    expect(Object.keys(sent)).toEqual(['transactionType', 'amount', 'profile', 'order']);

    const noValidation = gatewayWith({ validationMode: 'none' });
    const declining = await noValidation.createPaymentProfile(customer, {
      ...visa,
      cardNumber: '4000000000000002',
    });
    const declined = await gateway.charge({
      customerProfileToken: customer,
      paymentProfileToken: declining.paymentProfileToken,
      amountCents: 500,
      reference: 'dep-2',
      description: 'Deposit',
    });
    expect(declined).toMatchObject({ status: 'declined', reasonCode: '2' });

    const reviewed = await noValidation.createPaymentProfile(customer, {
      ...visa,
      cardNumber: '4000000000000044',
    });
    const held = await gateway.charge({
      customerProfileToken: customer,
      paymentProfileToken: reviewed.paymentProfileToken,
      amountCents: 600,
      reference: 'dep-3',
      description: 'Deposit',
    });
    expect(held).toMatchObject({ status: 'declined', reasonCode: 'held:253' });

    const refund = await gateway.refund({
      transactionId: charge.transactionId!,
      amountCents: 12_345,
      customerProfileToken: customer,
      paymentProfileToken: card.paymentProfileToken,
      reference: 'refund-1',
    });
    expect(refund.status).toBe('approved');
    expect(fake.requests.at(-1)!.createTransactionRequest.transactionRequest).toMatchObject({
      transactionType: 'refundTransaction',
      refTransId: charge.transactionId,
    });
  });

  it('answers a retry inside the duplicate window with the first charge', async () => {
    const customer = await newCustomer('C9');
    const card = await gateway.createPaymentProfile(customer, visa);
    const request = {
      customerProfileToken: customer,
      paymentProfileToken: card.paymentProfileToken,
      amountCents: 2_000,
      reference: 'pay-dup-1',
      description: 'Payment',
    };
    const first = await gateway.charge(request);
    const retry = await gateway.charge(request);
    expect(retry).toEqual(first);
    expect(fake.transactions.filter((t) => t.invoiceNumber === 'pay-dup-1')).toHaveLength(1);
  });

  it('times out into GatewayUnavailableError, and findCharge then finds the charge by reference', async () => {
    const customer = await newCustomer('C10');
    const card = await gateway.createPaymentProfile(customer, visa);
    const quick = gatewayWith({ timeoutMs: 200 });
    fake.stallAfterCharge();
    const reference = 'enrollment-4242-deposit-attempt-1';
    const error = await quick
      .charge({
        customerProfileToken: customer,
        paymentProfileToken: card.paymentProfileToken,
        amountCents: 7_500,
        reference,
        description: 'Deposit',
      })
      .catch((e) => e);
    fake.release();
    expect(error).toBeInstanceOf(GatewayUnavailableError);
    expect(fake.transactions.at(-1)!.invoiceNumber).toBe(invoiceNumberFor(reference));
    expect(invoiceNumberFor(reference)).toHaveLength(20);
    const found = await gateway.findCharge(reference);
    expect(found).toMatchObject({ status: 'approved', transactionId: fake.transactions.at(-1)!.transId });
    expect(await gateway.findCharge('never-charged')).toBeNull();
  });

  it('maps a stalled gateway and dropped connections to GatewayUnavailableError', async () => {
    const quick = gatewayWith({ timeoutMs: 150 });
    fake.stall();
    const stalled = await quick
      .createCustomerProfile({ merchantCustomerId: 'C11', email: null, description: 'x' })
      .catch((e) => e);
    fake.release();
    expect(stalled).toBeInstanceOf(GatewayUnavailableError);
    expect(stalled.message).toContain('did not answer');

    fake.dropConnections();
    const dropped = await gateway.listPaymentProfiles('1').catch((e) => e);
    fake.dropConnections(false);
    expect(dropped).toBeInstanceOf(GatewayUnavailableError);

    const unreachable = createAuthorizeNetGateway({
      apiLoginId: 'x',
      transactionKey: 'y',
      environment: 'sandbox',
      endpoint: 'http://127.0.0.1:9/xml/v1/request.api',
    });
    expect(await unreachable.listPaymentProfiles('1').catch((e) => e)).toBeInstanceOf(
      GatewayUnavailableError,
    );
  });

  it('tells a transaction as getTransactionDetailsRequest does: captured, authorized only, declined or unknown', async () => {
    const customer = await newCustomer('C-details');
    const card = await gateway.createPaymentProfile(customer, visa);
    const charged = await gateway.charge({
      customerProfileToken: customer,
      paymentProfileToken: card.paymentProfileToken,
      amountCents: 15_000,
      reference: 'details-1',
      description: 'Deposit',
    });
    if (charged.status !== 'approved') throw new Error('expected an approval');
    expect(await gateway.transactionDetails(charged.transactionId)).toEqual({
      transactionId: charged.transactionId,
      kind: 'charge',
      state: 'captured',
      amountCents: 15_000,
      customerProfileToken: customer,
      paymentProfileToken: card.paymentProfileToken,
      reference: invoiceNumberFor('details-1'),
    });
    const authorizedOnly = {
      ...fake.transactions.at(-1)!,
      transId: '49000000001',
      type: 'authOnlyTransaction',
    };
    const declined = {
      ...authorizedOnly,
      transId: '49000000002',
      type: 'authCaptureTransaction',
      responseCode: '2' as const,
    };
    fake.transactions.push(authorizedOnly, declined);
    expect(await gateway.transactionDetails('49000000001')).toMatchObject({
      state: 'authorized',
      amountCents: 15_000,
    });
    expect(await gateway.transactionDetails('49000000002')).toMatchObject({ state: 'declined' });
    expect(await gateway.transactionDetails('48999999999')).toBeNull();
    const sent = fake.requests.at(-1)!;
    expect(sent.getTransactionDetailsRequest).toMatchObject({ transId: '48999999999' });
  });
});
