import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPaymentGateways,
  GatewayConfigurationError,
  type PaymentGateways,
} from '../../../src/adapters/payment-gateway/index.js';
import type { Db } from '../../../src/db/client.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import type { PaymentGatewayAccountsTable } from '../../../src/db/tables/payments.js';
import { deriveKeys } from '../../../src/security/keys.js';
import { seal } from '../../../src/security/secret-box.js';
import { configuredGatewayOf } from '../../fixtures/tenants.js';
import { openTestDatabase } from '../../helpers/app.js';

let db: Db;
let drop: () => Promise<void>;
let gateways: PaymentGateways;
const key = deriveKeys(randomBytes(32)).secretBox;
let next = 0;

type AccountValues = Partial<
  Omit<Insertable<PaymentGatewayAccountsTable>, 'id' | 'company_id' | 'created_at'>
>;

/** A company whose settings name `configured`, with a live account when `account` is given. */
async function company(configured: string, account?: AccountValues): Promise<number> {
  next += 1;
  const { id } = await db.kysely
    .insertInto('retail_companies')
    .values({ name: `Co ${next}`, slug: `co-${next}`, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('company_settings')
    .values({
      company_id: id,
      payment_gateway: configured,
      deposit_payment_types: 'Both',
      one_time_payment_types: 'Both',
      recurring_billing_payment_types: 'Both',
      support_phone: '',
      support_email: '',
      support_hours: '',
    })
    .execute();
  if (account) {
    await db.kysely
      .insertInto('payment_gateway_accounts')
      .values({
        company_id: id,
        gateway: configured,
        api_login_id: 'login',
        transaction_key_sealed: seal(key, 'transaction-key'),
        api_key_sealed: null,
        endpoint: 'http://127.0.0.1:9/api',
        environment: 'sandbox',
        timeout_ms: null,
        created_at: new Date().toISOString(),
        ...account,
      })
      .execute();
  }
  return id;
}

const refusal = (companyId: number, from = gateways) =>
  from.gatewayFor(companyId).then(
    () => 'accepted',
    (error) => {
      expect(error).toBeInstanceOf(GatewayConfigurationError);
      return (error as Error).message;
    },
  );

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrateToLatest(db.kysely);
  gateways = createPaymentGateways({
    db: db.kysely,
    secretBoxKey: key,
    configuredGateway: configuredGatewayOf(db.kysely),
  });
});
afterAll(async () => drop());

describe('gatewayFor(companyId)', () => {
  it('gives a company without a live account the sandbox gateway, only where the sandbox is allowed', async () => {
    const id = await company('AuthorizeNET');
    expect((await gateways.gatewayFor(id)).name).toBe('Sandbox');
    const production = createPaymentGateways({
      db: db.kysely,
      secretBoxKey: key,
      configuredGateway: configuredGatewayOf(db.kysely),
      sandboxAllowed: false,
    });
    expect(await refusal(id, production)).toBe(
      'This retail company has no live payment gateway account; the sandbox gateway runs only in sandbox mode.',
    );
  });

  it('gives the configured live gateway', async () => {
    expect((await gateways.gatewayFor(await company('AuthorizeNET', {}))).name).toBe('AuthorizeNET');
    const icheck = await company('iCheckGateway', { api_key_sealed: seal(key, 'api-key') });
    expect((await gateways.gatewayFor(icheck)).name).toBe('iCheckGateway');
    const inactive = await company('AuthorizeNET', { active: 0 });
    expect((await gateways.gatewayFor(inactive)).name).toBe('Sandbox');
  });

  it('refuses a broken set-up with a sentence that says what to fix', async () => {
    expect(await refusal(await company('PayPal', {}))).toBe(
      'The payment gateway account names the unknown gateway "PayPal"; use AuthorizeNET or iCheckGateway.',
    );
    const mismatch = await company('AuthorizeNET', {});
    await db.kysely
      .updateTable('company_settings')
      .set({ payment_gateway: 'iCheckGateway' })
      .where('company_id', '=', mismatch)
      .execute();
    expect(await refusal(mismatch)).toBe(
      "The company's configuration names the iCheckGateway payment gateway but its live account is for AuthorizeNET.",
    );
    expect(await refusal(await company('AuthorizeNET', { api_login_id: ' ' }))).toBe(
      'The AuthorizeNET account has no API login id or transaction key.',
    );
    expect(await refusal(await company('AuthorizeNET', { environment: 'staging' }))).toBe(
      'The payment gateway account\'s environment "staging" is neither sandbox nor production.',
    );
    expect(
      await refusal(
        await company('AuthorizeNET', {
          transaction_key_sealed: seal(deriveKeys(randomBytes(32)).secretBox, 'x'),
        }),
      ),
    ).toBe('The AuthorizeNET transaction key cannot be read; it was sealed with another master key.');
    expect(await refusal(await company('iCheckGateway', {}))).toBe(
      'The iCheckGateway account needs its APIKey and its endpoint.',
    );
  });
});
