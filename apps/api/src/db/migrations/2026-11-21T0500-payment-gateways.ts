import type { Kysely } from 'kysely';
import { flag, references, withId } from '../migration-helpers.js';

/**
 * Payment gateways: each company's live gateway account (secrets sealed), the gateway customer profiles and
 * payment profiles of customers (tokens and last digits only, never a card or account number), and the
 * in-process sandbox gateway's own tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await withId(db, s.createTable('payment_gateway_accounts'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('api_login_id', 'text', (c) => c.notNull())
    .addColumn('transaction_key_sealed', 'text', (c) => c.notNull())
    .addColumn('api_key_sealed', 'text')
    .addColumn('endpoint', 'text')
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('timeout_ms', 'integer')
    .addColumn('active', 'integer', flag(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payment_gateway_accounts_company', ['company_id'])
    .execute();

  await withId(db, s.createTable('payment_customer_profiles'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('customer_id', 'integer', references('customers.id'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('customer_profile_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payment_customer_profiles_customer', ['company_id', 'gateway', 'customer_id'])
    .addUniqueConstraint('payment_customer_profiles_token', [
      'company_id',
      'gateway',
      'customer_profile_token',
    ])
    .execute();

  await withId(db, s.createTable('payment_profiles'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('customer_id', 'integer', references('customers.id'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('customer_profile_token', 'text', (c) => c.notNull())
    .addColumn('payment_profile_token', 'text', (c) => c.notNull())
    .addColumn('id_payment_type', 'integer', (c) => c.notNull())
    .addColumn('card_type', 'text')
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('expiration_date', 'text')
    .addColumn('account_type', 'text')
    .addColumn('routing_last4', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addUniqueConstraint('payment_profiles_token', ['company_id', 'gateway', 'payment_profile_token'])
    .execute();
  await s
    .createIndex('payment_profiles_customer')
    .on('payment_profiles')
    .columns(['company_id', 'customer_id'])
    .execute();

  await s
    .createTable('sandbox_gateway_customer_profiles')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('merchant_customer_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('sandbox_gateway_customer_profiles_merchant_id', [
      'company_id',
      'merchant_customer_id',
    ])
    .execute();
  await s
    .createTable('sandbox_gateway_payment_profiles')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('customer_profile_token', 'text', (c) =>
      c.notNull().references('sandbox_gateway_customer_profiles.token').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('card_type', 'text')
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('expiration_date', 'text')
    .addColumn('account_type', 'text')
    .addColumn('routing_last4', 'text')
    .addColumn('behaviour', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await s
    .createTable('sandbox_gateway_transactions')
    .addColumn('transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('customer_profile_token', 'text', (c) => c.notNull())
    .addColumn('payment_profile_token', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('auth_code', 'text')
    .addColumn('reason_code', 'text')
    .addColumn('reason_text', 'text')
    .addColumn('refunded_transaction_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('sandbox_gateway_transactions_reference', ['company_id', 'kind', 'reference'])
    .execute();
}
