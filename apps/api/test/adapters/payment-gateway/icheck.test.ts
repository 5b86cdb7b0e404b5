import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createICheckGateway, ICHECK_DECLINED } from '../../../src/adapters/payment-gateway/icheck.js';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type PaymentGateway,
} from '../../../src/adapters/payment-gateway/port.js';
import { type ICheckFake, startICheckFake } from '../../fixtures/icheck-fake.js';

let fake: ICheckFake;
let gateway: PaymentGateway;
const gatewayWith = (overrides: Partial<Parameters<typeof createICheckGateway>[0]> = {}) =>
  createICheckGateway({
    siteId: fake.siteId,
    siteKey: fake.siteKey,
    apiKey: fake.apiKey,
    endpoint: fake.url,
    live: false,
    ...overrides,
  });

beforeAll(async () => {
  fake = await startICheckFake();
  gateway = gatewayWith();
});
afterAll(async () => fake.close());

describe('iCheckGateway adapter against its local fake', () => {
  it('sends SiteID, SiteKey, APIKey, GatewayLiveMode and APIMethod with every call', async () => {
    const { customerProfileToken } = await gateway.createCustomerProfile({
      merchantCustomerId: 'V1-1',
      email: null,
      description: 'A',
    });
    expect(customerProfileToken).toMatch(/^ICUST/);
    expect(fake.requests.at(-1)).toMatchObject({
      SiteID: 'SITE42',
      SiteKey: 'site-key-secret',
      APIKey: 'api-key-secret',
      GatewayLiveMode: '0',
      APIMethod: 'AddCustomer',
      MerchantCustomerID: 'V1-1',
    });
  });

  it('saves, lists, updates and deletes cards and bank accounts', async () => {
    const { customerProfileToken: customer } = await gateway.createCustomerProfile({
      merchantCustomerId: 'V1-2',
      email: null,
      description: 'B',
    });
    const card = await gateway.createPaymentProfile(customer, {
      type: 'CreditCard',
      cardNumber: '4111111111111111',
      expirationDate: '2030-02',
    });
    expect(card).toMatchObject({
      type: 'CreditCard',
      cardType: 'Visa',
      last4: '1111',
      expirationDate: '2030-02',
    });
    const bank = await gateway.createPaymentProfile(customer, {
      type: 'BankAccount',
      routingNumber: '021000021',
      accountNumber: '12345678',
      accountType: 'businessChecking',
      nameOnAccount: 'Acme',
    });
    expect(bank).toMatchObject({
      type: 'BankAccount',
      last4: '5678',
      routingLast4: '0021',
      accountType: 'businessChecking',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      APIMethod: 'AddPaymentMethod',
      AccountType: 'BC',
      EntryClassCode: 'CCD',
    });
    expect(await gateway.listPaymentProfiles(customer)).toHaveLength(2);
    const updated = await gateway.updatePaymentProfile(customer, card.paymentProfileToken, {
      type: 'CreditCard',
      cardNumber: '5424000000000015',
      expirationDate: '2031-03',
    });
    expect(updated).toMatchObject({ paymentProfileToken: card.paymentProfileToken, last4: '0015' });
    await gateway.deletePaymentProfile(customer, bank.paymentProfileToken);
    expect(await gateway.listPaymentProfiles(customer)).toEqual([updated]);
  });

  it('maps DECLINED to ICG-DECLINED and ERROR to its response code', async () => {
    const { customerProfileToken: customer } = await gateway.createCustomerProfile({
      merchantCustomerId: 'V1-3',
      email: null,
      description: 'C',
    });
    const declined = await gateway
      .createPaymentProfile(customer, {
        type: 'CreditCard',
        cardNumber: '4000000000000002',
        expirationDate: '2030-02',
      })
      .catch((e) => e);
    expect(declined).toBeInstanceOf(GatewayRejectedError);
    expect(declined.gatewayCode).toBe(ICHECK_DECLINED);
    const wrong = await gatewayWith({ apiKey: 'nope' })
      .listPaymentProfiles(customer)
      .catch((e) => e);
    expect(wrong.gatewayCode).toBe('ICG-AUTH');
    expect(wrong.message).not.toContain('nope');
  });

  it('charges with ProcessCard or ProcessCheck, declines, refunds and finds a charge by reference', async () => {
    const { customerProfileToken: customer } = await gateway.createCustomerProfile({
      merchantCustomerId: 'V1-4',
      email: null,
      description: 'D',
    });
    const bank = await gateway.createPaymentProfile(customer, {
      type: 'BankAccount',
      routingNumber: '021000021',
      accountNumber: '99990000',
      accountType: 'checking',
      nameOnAccount: 'Holder',
    });
    const charge = await gateway.charge({
      customerProfileToken: customer,
      paymentProfileToken: bank.paymentProfileToken,
      amountCents: 4_250,
      reference: 'ic-1',
      description: 'Deposit',
    });
    expect(charge).toMatchObject({ status: 'approved', authCode: 'IC1234' });
    expect(fake.requests.at(-1)).toMatchObject({
      APIMethod: 'ProcessCheck',
      Amount: '42.50',
      Reference: 'ic-1',
    });
    expect(await gateway.findCharge('ic-1')).toEqual(charge);
    expect(await gateway.findCharge('ic-none')).toBeNull();

    const poor = await gateway.createPaymentProfile(customer, {
      type: 'CreditCard',
      cardNumber: '4000000000000010',
      expirationDate: '2030-02',
    });
    const declined = await gateway.charge({
      customerProfileToken: customer,
      paymentProfileToken: poor.paymentProfileToken,
      amountCents: 100,
      reference: 'ic-2',
      description: 'Payment',
    });
    expect(declined).toMatchObject({
      status: 'declined',
      reasonCode: 'R01',
      reasonText: 'Insufficient funds',
    });
    expect(fake.requests.at(-1)!.APIMethod).toBe('ProcessCard');

    const refund = await gateway.refund({
      transactionId: charge.transactionId!,
      amountCents: 4_250,
      customerProfileToken: customer,
      paymentProfileToken: bank.paymentProfileToken,
      reference: 'ic-refund-1',
    });
    expect(refund.status).toBe('approved');
  });

  it('returns the hosted page token and URLs', async () => {
    const { customerProfileToken } = await gateway.createCustomerProfile({
      merchantCustomerId: 'V1-5',
      email: null,
      description: 'E',
    });
    const page = await gateway.hostedProfilePage({
      customerProfileToken,
      iFrameCommunicatorUrl: 'https://shop.example/c.html',
      saveButtonText: 'Save',
      paymentType: 'BankAccount',
    });
    expect(page).toEqual({
      token: expect.stringMatching(/^IHOST/),
      addUrl: 'https://portal.icheckgateway.example/vault/add',
      editUrl: 'https://portal.icheckgateway.example/vault/edit',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      PaymentTypes: 'Check',
      CommunicatorURL: 'https://shop.example/c.html',
    });
  });

  it('times out into GatewayUnavailableError', async () => {
    fake.stall();
    const error = await gatewayWith({ timeoutMs: 150 })
      .createCustomerProfile({ merchantCustomerId: 'V1-6', email: null, description: 'F' })
      .catch((e) => e);
    fake.release();
    expect(error).toBeInstanceOf(GatewayUnavailableError);
  });

  it('tells a transaction by its confirmation number: captured, declined or unknown', async () => {
    const { customerProfileToken: customer } = await gateway.createCustomerProfile({
      merchantCustomerId: 'V1-details',
      email: null,
      description: 'D',
    });
    const card = await gateway.createPaymentProfile(customer, {
      type: 'CreditCard',
      cardNumber: '4111111111111111',
      expirationDate: '2031-01',
    });
    const charge = await gateway.charge({
      customerProfileToken: customer,
      paymentProfileToken: card.paymentProfileToken,
      amountCents: 7_500,
      reference: 'ic-details',
      description: 'Payment',
    });
    if (charge.status !== 'approved') throw new Error('expected an approval');
    expect(await gateway.transactionDetails(charge.transactionId)).toEqual({
      transactionId: charge.transactionId,
      kind: 'charge',
      state: 'captured',
      amountCents: 7_500,
      customerProfileToken: customer,
      paymentProfileToken: card.paymentProfileToken,
      reference: 'ic-details',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      APIMethod: 'FindTransaction',
      ConfirmationNumber: charge.transactionId,
    });
    expect(await gateway.transactionDetails('ICONF-none')).toBeNull();
  });
});
