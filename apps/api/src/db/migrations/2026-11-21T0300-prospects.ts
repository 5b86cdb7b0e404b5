import type { Kysely } from 'kysely';
import { flag, isPostgres, references, withId } from '../migration-helpers.js';

/**
 * Prospects for affiliates' sales systems, their pricing matrix and packages, stored files (shared by every
 * module that keeps uploaded documents), document-signing envelopes and webhooks, and phone verifications.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await withId(db, s.createTable('stored_files'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('stored_files_owner')
    .on('stored_files')
    .columns(['company_id', 'owner_type', 'owner_id'])
    .execute();

  await withId(db, s.createTable('affiliates'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', flag(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('affiliates_company_name', ['company_id', 'name'])
    .execute();
  await s
    .createTable('affiliate_accounts')
    .addColumn('account_id', 'integer', (c) =>
      c.primaryKey().references('web_service_accounts.id').onDelete('cascade'),
    )
    .addColumn('affiliate_id', 'integer', references('affiliates.id'))
    .execute();

  await s
    .createTable('prospect_settings')
    .addColumn('company_id', 'integer', (c) =>
      c.primaryKey().references('retail_companies.id').onDelete('cascade'),
    )
    .addColumn('available_customer_types', 'text', (c) => c.notNull())
    .addColumn('terms_available_for_use', 'text', (c) => c.notNull())
    .addColumn('recommended_pricing_matrix_terms', 'text', (c) => c.notNull())
    .addColumn('tenor_limit_for_prices', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('prospect_packages'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', flag(1))
    .addUniqueConstraint('prospect_packages_company_name', ['company_id', 'name'])
    .execute();
  await s
    .createTable('prospect_package_customer_types')
    .addColumn('package_id', 'integer', references('prospect_packages.id'))
    .addColumn('customer_type_id', 'integer', references('customer_types.id'))
    .addPrimaryKeyConstraint('prospect_package_customer_types_pk', ['package_id', 'customer_type_id'])
    .execute();
  await s
    .createTable('prospect_package_markets')
    .addColumn('package_id', 'integer', references('prospect_packages.id'))
    .addColumn('market_id', 'integer', references('markets.id'))
    .addPrimaryKeyConstraint('prospect_package_markets_pk', ['package_id', 'market_id'])
    .execute();
  await s
    .createTable('prospect_package_utilities')
    .addColumn('package_id', 'integer', references('prospect_packages.id'))
    .addColumn('utility_id', 'integer', references('utilities.id'))
    .addPrimaryKeyConstraint('prospect_package_utilities_pk', ['package_id', 'utility_id'])
    .execute();
  await withId(db, s.createTable('prospect_package_documents'))
    .addColumn('package_id', 'integer', references('prospect_packages.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('pricing_matrix_imports'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('price_file_date', 'text', (c) => c.notNull())
    .addColumn('imported_by', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db, s.createTable('pricing_matrix_prices'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('import_id', 'integer', references('pricing_matrix_imports.id'))
    .addColumn('utility_code', 'text', (c) => c.notNull())
    .addColumn('zone', 'text', (c) => c.notNull())
    .addColumn('rate_code', 'text', (c) => c.notNull())
    .addColumn('term_months', 'integer', (c) => c.notNull())
    .addColumn('usage_tier', 'text', (c) => c.notNull())
    .addColumn('start_month', 'text', (c) => c.notNull())
    .addColumn('price_micros', 'integer', (c) => c.notNull())
    .addColumn('price_file_date', 'text', (c) => c.notNull())
    .addUniqueConstraint('pricing_matrix_prices_key', [
      'company_id',
      'utility_code',
      'zone',
      'rate_code',
      'term_months',
      'usage_tier',
      'start_month',
    ])
    .execute();

  await withId(db, s.createTable('prospects'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('affiliate_id', 'integer', (c) => c.references('affiliates.id').onDelete('set null'))
    .addColumn('created_by_account_id', 'integer', (c) =>
      c.references('web_service_accounts.id').onDelete('set null'),
    )
    .addColumn('customer', 'text', (c) => c.notNull())
    .addColumn('service_address', 'text', (c) => c.notNull())
    .addColumn('billing_address', 'text')
    .addColumn('ldc', 'text', (c) => c.notNull())
    .addColumn('commodity_name', 'text', (c) => c.notNull())
    .addColumn('utility_id', 'integer', references('utilities.id'))
    .addColumn('price_provider_utility_code', 'text', (c) => c.notNull())
    .addColumn('price_file_date', 'text', (c) => c.notNull())
    .addColumn('zone', 'text', (c) => c.notNull())
    .addColumn('rate_code', 'text', (c) => c.notNull())
    .addColumn('term', 'integer', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('price_micros', 'integer', (c) => c.notNull())
    .addColumn('affiliate_commission_rate_micros', 'integer')
    .addColumn('usage_tier', 'text', (c) => c.notNull())
    .addColumn('customer_type_id', 'integer', references('customer_types.id'))
    .addColumn('agent_name', 'text')
    .addColumn('service_reference_id', 'text')
    .addColumn('annual_usage', 'double precision')
    .addColumn('affiliate_reference_id', 'text')
    .addColumn('rep_reference_id', 'text')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('signing_status', 'text')
    .addColumn('package_id', 'integer', references('prospect_packages.id'))
    .addColumn('expiration_date', 'text', (c) => c.notNull())
    .addColumn('rate_micros', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('modified_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('prospects_modified').on('prospects').columns(['company_id', 'modified_at']).execute();
  await s.createIndex('prospects_expiry').on('prospects').columns(['status', 'expiration_date']).execute();

  await withId(db, s.createTable('signing_accounts'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db, s.createTable('signing_connect_keys'))
    .addColumn('signing_account_id', 'integer', references('signing_accounts.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('key_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db, s.createTable('signing_envelopes'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('prospect_id', 'integer', references('prospects.id'))
    .addColumn('signing_account_id', 'integer', references('signing_accounts.id'))
    .addColumn('envelope_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await withId(db, s.createTable('signing_webhook_events'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('event_key', 'text', (c) => c.notNull().unique())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('envelope_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('tpv_verifications'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('verification_id', 'text', (c) => c.notNull().unique())
    .addColumn('enrollment_id', 'integer')
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .execute();
  await withId(db, s.createTable('tpv_verification_updates'))
    .addColumn('verification_pk', 'integer', references('tpv_verifications.id'))
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
}
