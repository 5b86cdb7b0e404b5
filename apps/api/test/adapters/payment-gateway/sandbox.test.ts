import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passesLuhn } from '../../../src/adapters/payment-gateway/numbers.js';
import { GatewayRejectedError, GatewayUnavailableError } from '../../../src/adapters/payment-gateway/port.js';
import {
  createSandboxGateway,
  SANDBOX_GATEWAY_TEST_VALUES,
} from '../../../src/adapters/payment-gateway/sandbox.js';
import type { Db } from '../../../src/db/client.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { openTestDatabase } from '../../helpers/app.js';

let db: Db;
let drop: () => Promise<void>;
let companyId: number;

const card = (cardNumber: string, expirationDate = '2031-06') => ({
  type: 'CreditCard' as const,
  cardNumber,
  expirationDate,
});
const account = (accountNumber: string, routingNumber = '021000021') => ({
  type: 'BankAccount' as const,
  routingNumber,
  accountNumber,
  accountType: 'savings' as const,
  nameOnAccount: 'Test Holder',
});

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrateToLatest(db.kysely);
  ({ id: companyId } = await db.kysely
    .insertInto('retail_companies')
    .values({ name: 'Sandbox Test Co', slug: 'sandbox-test-co', created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterAll(async () => drop());

async function profileWith(
  method: ReturnType<typeof card> | ReturnType<typeof account>,
  merchantCustomerId = 'M1',
) {
  const gateway = createSandboxGateway(db.kysely, companyId);
  const { customerProfileToken } = await gateway.createCustomerProfile({
    merchantCustomerId,
    email: null,
    description: 'Test',
  });
  const saved = await gateway.createPaymentProfile(customerProfileToken, method);
  return { gateway, customerProfileToken, paymentProfileToken: saved.paymentProfileToken, saved };
}

const chargeOf = (p: Awaited<ReturnType<typeof profileWith>>, reference: string, amountCents = 10_000) => ({
  customerProfileToken: p.customerProfileToken,
  paymentProfileToken: p.paymentProfileToken,
  amountCents,
  reference,
  description: 'Test charge',
});

describe('sandbox gateway', () => {
  it('documents test values whose example cards are valid numbers with the stated ending', () => {
    expect(SANDBOX_GATEWAY_TEST_VALUES.map((v) => v.ending)).toEqual([
      '0002',
      '0010',
      '0019',
      '0027',
      '0035',
    ]);
    for (const value of SANDBOX_GATEWAY_TEST_VALUES) {
      expect(passesLuhn(value.exampleCard)).toBe(true);
      expect(value.exampleCard.endsWith(value.ending)).toBe(true);
    }
  });

  it('keeps one customer profile per merchant customer id', async () => {
    const gateway = createSandboxGateway(db.kysely, companyId);
    const first = await gateway.createCustomerProfile({
      merchantCustomerId: 'same',
      email: null,
      description: 'A',
    });
    const again = await gateway.createCustomerProfile({
      merchantCustomerId: 'same',
      email: null,
      description: 'A',
    });
    expect(again).toEqual(first);
  });

  it('saves cards and bank accounts with brand, last four digits, expiry; never the number', async () => {
    const { saved } = await profileWith(card('4111111111111111'));
    expect(saved).toMatchObject({
      type: 'CreditCard',
      cardType: 'Visa',
      last4: '1111',
      expirationDate: '2031-06',
    });
    const bank = await profileWith(account('55554444'));
    expect(bank.saved).toMatchObject({
      type: 'BankAccount',
      last4: '4444',
      routingLast4: '0021',
      accountType: 'savings',
    });
    const rows = JSON.stringify(
      await db.kysely.selectFrom('sandbox_gateway_payment_profiles').selectAll().execute(),
    );
    expect(rows).not.toContain('4111111111111111');
    expect(rows).not.toContain('55554444');
  });

  it('refuses invalid numbers with E00013, expired cards and declines (…0002) with E00027', async () => {
    const gateway = createSandboxGateway(db.kysely, companyId);
    const { customerProfileToken } = await gateway.createCustomerProfile({
      merchantCustomerId: 'M2',
      email: null,
      description: 'x',
    });
    const code = (promise: Promise<unknown>) =>
      promise.then(
        () => 'saved',
        (e) => (e instanceof GatewayRejectedError ? e.gatewayCode : e.name),
      );
    expect(await code(gateway.createPaymentProfile(customerProfileToken, card('4111111111111112')))).toBe(
      'E00013',
    );
    expect(
      await code(gateway.createPaymentProfile(customerProfileToken, card('4111111111111111', '2019-01'))),
    ).toBe('E00027');
    expect(await code(gateway.createPaymentProfile(customerProfileToken, card('4000000000000002')))).toBe(
      'E00027',
    );
    expect(await code(gateway.createPaymentProfile(customerProfileToken, account('123450002')))).toBe(
      'E00027',
    );
    expect(
      await code(gateway.createPaymentProfile(customerProfileToken, account('12345678', '021000022'))),
    ).toBe('E00013');
    expect(await code(gateway.createPaymentProfile(customerProfileToken, card('4000000000010035')))).toBe(
      'GatewayUnavailableError',
    );
    expect(await code(gateway.createPaymentProfile('sbx_cus_missing', card('4111111111111111')))).toBe(
      'E00040',
    );
    expect(await gateway.listPaymentProfiles(customerProfileToken)).toEqual([]);
  });

  it('approves charges, and a retry with the same reference answers the first charge', async () => {
    const p = await profileWith(card('4111111111111111'), 'M3');
    const first = await p.gateway.charge(chargeOf(p, 'ref-approve'));
    expect(first).toMatchObject({ status: 'approved', transactionId: expect.stringMatching(/^\d+$/) });
    expect(await p.gateway.charge(chargeOf(p, 'ref-approve'))).toEqual(first);
    const count = await db.kysely
      .selectFrom('sandbox_gateway_transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('reference', '=', 'ref-approve')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('declines every charge on a profile ending 0010', async () => {
    const p = await profileWith(card('4000000000000010'), 'M4');
    expect(await p.gateway.charge(chargeOf(p, 'ref-decline'))).toMatchObject({
      status: 'declined',
      reasonCode: '2',
    });
  });

  it('0019: records the charge then times out; findCharge (from another process) finds it', async () => {
    const p = await profileWith(card('4000000000010019'), 'M5');
    await expect(p.gateway.charge(chargeOf(p, 'ref-timeout'))).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
    const otherProcess = createSandboxGateway(db.kysely, companyId);
    expect(await otherProcess.findCharge('ref-timeout')).toMatchObject({ status: 'approved' });
  });

  it('0027: fails with a connection error before charging; findCharge finds nothing', async () => {
    const p = await profileWith(account('77770027'), 'M6');
    await expect(p.gateway.charge(chargeOf(p, 'ref-connection'))).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
    expect(await p.gateway.findCharge('ref-connection')).toBeNull();
  });

  it('refunds an approved charge up to its amount', async () => {
    const p = await profileWith(card('5424000000000015'), 'M7');
    const charge = await p.gateway.charge(chargeOf(p, 'ref-to-refund', 5_000));
    const refund = { ...chargeOf(p, 'refund-1', 5_000), transactionId: charge.transactionId! };
    expect(await p.gateway.refund(refund)).toMatchObject({ status: 'approved' });
    expect(await p.gateway.refund({ ...refund, reference: 'refund-2', amountCents: 9_000 })).toMatchObject({
      status: 'declined',
      reasonCode: '55',
    });
    expect(await p.gateway.refund({ ...refund, reference: 'refund-3', transactionId: '1' })).toMatchObject({
      status: 'declined',
      reasonCode: '54',
    });
  });

  it('updates, lists and deletes payment profiles; another company sees none of them', async () => {
    const p = await profileWith(card('4111111111111111'), 'M8');
    const updated = await p.gateway.updatePaymentProfile(
      p.customerProfileToken,
      p.paymentProfileToken,
      account('99998888'),
    );
    expect(updated).toMatchObject({
      paymentProfileToken: p.paymentProfileToken,
      type: 'BankAccount',
      last4: '8888',
    });
    expect(await p.gateway.listPaymentProfiles(p.customerProfileToken)).toEqual([updated]);
    const stranger = createSandboxGateway(db.kysely, companyId + 1000);
    await expect(stranger.listPaymentProfiles(p.customerProfileToken)).rejects.toMatchObject({
      gatewayCode: 'E00040',
    });
    await p.gateway.deletePaymentProfile(p.customerProfileToken, p.paymentProfileToken);
    expect(await p.gateway.listPaymentProfiles(p.customerProfileToken)).toEqual([]);
    await expect(
      p.gateway.deletePaymentProfile(p.customerProfileToken, p.paymentProfileToken),
    ).rejects.toMatchObject({
      gatewayCode: 'E00040',
    });
  });
});
