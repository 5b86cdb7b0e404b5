import type { Kysely } from 'kysely';
import { flag, references, withId } from '../migration-helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;

  await s
    .createTable('system_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('retail_companies'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('company_settings')
    .addColumn('company_id', 'integer', (c) =>
      c.primaryKey().references('retail_companies.id').onDelete('cascade'),
    )
    .addColumn('payment_gateway', 'text', (c) => c.notNull())
    .addColumn('deposit_payment_types', 'text', (c) => c.notNull())
    .addColumn('one_time_payment_types', 'text', (c) => c.notNull())
    .addColumn('recurring_billing_payment_types', 'text', (c) => c.notNull())
    .addColumn('my_account_remove_drop_option', 'integer', flag(1))
    .addColumn('my_account_transfer_of_service', 'integer', flag(1))
    .addColumn('my_account_reenroll_option', 'integer', flag(1))
    .addColumn('my_account_reinstate_option', 'integer', flag(1))
    .addColumn('support_phone', 'text', (c) => c.notNull())
    .addColumn('support_email', 'text', (c) => c.notNull())
    .addColumn('support_hours', 'text', (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('brands'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('system_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('legal_name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('my_account_url', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('office_hours', 'text', (c) => c.notNull())
    .addColumn('license_number', 'text', (c) => c.notNull())
    .addColumn('wizard_welcome_text', 'text', (c) => c.notNull())
    .addColumn('wizard_thank_you_text', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', flag(1))
    .addUniqueConstraint('brands_company_system_name', ['company_id', 'system_name'])
    .execute();

  await withId(db, s.createTable('markets'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', flag(1))
    .addColumn('state_code', 'text', (c) => c.notNull())
    .addColumn('handle_payments', 'integer', flag(1))
    .execute();

  await withId(db, s.createTable('web_service_accounts'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('api_key', 'text', (c) => c.notNull().unique())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('role_groups', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', flag(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('account_permissions')
    .addColumn('account_id', 'integer', references('web_service_accounts.id'))
    .addColumn('operation_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_permissions_pk', ['account_id', 'operation_id'])
    .execute();

  await s
    .createTable('login_signatures')
    .addColumn('account_id', 'integer', references('web_service_accounts.id'))
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_signatures_pk', ['account_id', 'signature'])
    .execute();
  await s.createIndex('login_signatures_expiry').on('login_signatures').column('expires_at').execute();

  await withId(db, s.createTable('refresh_tokens'))
    .addColumn('account_id', 'integer', references('web_service_accounts.id'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

  await s
    .createTable('rate_limit_hits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'integer', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', ['bucket', 'window_start'])
    .execute();

  await withId(db, s.createTable('states'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await withId(db, s.createTable('counties'))
    .addColumn('state_id', 'integer', references('states.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('counties_state_name', ['state_id', 'name'])
    .execute();
  await withId(db, s.createTable('cities'))
    .addColumn('county_id', 'integer', references('counties.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('cities_county_name', ['county_id', 'name'])
    .execute();
  await withId(db, s.createTable('zipcodes'))
    .addColumn('zipcode', 'text', (c) => c.notNull().unique())
    .addColumn('city_id', 'integer', references('cities.id'))
    .execute();

  await withId(db, s.createTable('languages'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull().unique())
    .addColumn('is_default', 'integer', flag(0))
    .addColumn('active', 'integer', flag(1))
    .execute();

  await withId(db, s.createTable('contact_methods'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();

  let customerTypes = withId(db, s.createTable('customer_types'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull());
  for (const field of CUSTOMER_TYPE_REQUIRED_FLAGS)
    customerTypes = customerTypes.addColumn(field, 'integer', flag(0));
  await customerTypes
    .addColumn('send_etf_value', 'integer', flag(1))
    .addColumn('prospect_expiration_days', 'integer', (c) => c.notNull())
    .addUniqueConstraint('customer_types_company_code', ['company_id', 'code'])
    .execute();

  await withId(db, s.createTable('utilities'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('market_id', 'integer', references('markets.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('formal_name', 'text', (c) => c.notNull())
    .addColumn('commodity', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', flag(1))
    .addColumn('is_zone_required', 'integer', flag(0))
    .addColumn('ldc_label', 'text', (c) => c.notNull())
    .addColumn('ldc_prefix', 'text')
    .addColumn('ldc_length', 'integer', (c) => c.notNull())
    .addColumn('ldc_only_numbers', 'integer', flag(1))
    .addColumn('ldc_mask', 'text', (c) => c.notNull())
    .addColumn('sample_bill_label', 'text', (c) => c.notNull())
    .addColumn('min_credit_score', 'integer', (c) => c.notNull())
    .addColumn('id_credit_check_type', 'integer', (c) => c.notNull())
    .addColumn('etf_windows', 'integer', (c) => c.notNull())
    .addColumn('rescission_period', 'integer', (c) => c.notNull())
    .addColumn('renewal_alert', 'integer', (c) => c.notNull())
    .addColumn('renewal_alert_text', 'text', (c) => c.notNull())
    .addColumn('allow_weekend_start_dates', 'integer', flag(1))
    .addColumn('customer_name_key_required', 'integer', flag(0))
    .addColumn('customer_name_key_length', 'integer', (c) => c.notNull())
    .addColumn('charges_effective_date', 'text', (c) => c.notNull())
    .addColumn('charges_source', 'text', (c) => c.notNull())
    .addUniqueConstraint('utilities_company_code', ['company_id', 'code'])
    .execute();

  await s
    .createTable('utility_customer_types')
    .addColumn('utility_id', 'integer', references('utilities.id'))
    .addColumn('customer_type_id', 'integer', references('customer_types.id'))
    .addPrimaryKeyConstraint('utility_customer_types_pk', ['utility_id', 'customer_type_id'])
    .execute();
  await s
    .createTable('utility_zipcodes')
    .addColumn('utility_id', 'integer', references('utilities.id'))
    .addColumn('zipcode_id', 'integer', references('zipcodes.id'))
    .addPrimaryKeyConstraint('utility_zipcodes_pk', ['utility_id', 'zipcode_id'])
    .execute();
  await s.createIndex('utility_zipcodes_zipcode').on('utility_zipcodes').column('zipcode_id').execute();
  await withId(db, s.createTable('utility_delivery_charges'))
    .addColumn('utility_id', 'integer', references('utilities.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('charge', 'double precision', (c) => c.notNull())
    .addColumn('uom_from', 'double precision')
    .addColumn('uom_to', 'double precision')
    .execute();

  await withId(db, s.createTable('customers'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('user_name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('active', 'integer', flag(1))
    .addColumn('email', 'text')
    .addColumn('alternative_email', 'text')
    .addColumn('send_to_main_email', 'integer', flag(1))
    .addColumn('send_to_secondary_email', 'integer', flag(0))
    .addColumn('ssn_sealed', 'text')
    .addColumn('ssn_last4', 'text')
    .addColumn('date_of_birth_sealed', 'text')
    .addColumn('cell_number', 'text')
    .addColumn('employer_name', 'text')
    .addColumn('drivers_license_sealed', 'text')
    .addColumn('drivers_license_last4', 'text')
    .addColumn('drivers_license_state_code', 'text')
    .addColumn('fed_tax_id', 'text')
    .addColumn('fax_num', 'text')
    .addColumn('firm_name', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('business_name', 'text')
    .addColumn('other_phone', 'text')
    .addColumn('id_primary_phone_type', 'integer')
    .addColumn('id_other_phone_type', 'integer')
    .addColumn('id_prefered_language', 'integer', (c) => c.notNull())
    .addColumn('opted_marketing_coms', 'integer', flag(0))
    .addColumn('disabled_bank_accounts_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('customers_company_user_name', ['company_id', 'user_name'])
    .execute();

  await s
    .createTable('customer_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('customer_id', 'integer', references('customers.id'))
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export const CUSTOMER_TYPE_REQUIRED_FLAGS = [
  'required_ssn',
  'required_fedtaxidnum',
  'required_cellnumber',
  'required_primary_phone',
  'required_contact_name',
  'required_employer_name',
  'required_drivers_license_number',
  'required_drivers_license_state',
  'required_fax',
  'required_first_name',
  'required_last_name',
  'required_firm_name',
  'required_alternative_email',
  'required_other_phone',
  'required_date_of_birth',
  'required_recurring_billing',
  'required_external_contract_id',
] as const;
