import type { ColumnType, Generated } from 'kysely';
import type { SiteLanguage } from '../domain/branding.js';
import type { Flag } from './columns.js';
import type { AuditTables } from './tables/audit.js';
import type { AutoresponderTables } from './tables/autoresponders.js';
import type { BillingTables } from './tables/billing.js';
import type { CustomerAccountTables } from './tables/customers.js';
import type { DocumentSigningTables } from './tables/document-signing.js';
import type { DocumentLibraryTables } from './tables/documents.js';
import type { EnrollmentTables } from './tables/enrollments.js';
import type { IdempotencyTables } from './tables/idempotency.js';
import type { JobTables } from './tables/jobs.js';
import type { PaymentTables } from './tables/payments.js';
import type { PlanTables } from './tables/plans.js';
import type { PremiseTables } from './tables/premises.js';
import type { ProspectTables } from './tables/prospects.js';
import type { StaffTables } from './tables/staff.js';

export interface RetailCompaniesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  created_at: string;
}

export interface CompanySettingsTable {
  company_id: number;
  payment_gateway: string;
  deposit_payment_types: string;
  one_time_payment_types: string;
  recurring_billing_payment_types: string;
  my_account_remove_drop_option: Flag;
  my_account_transfer_of_service: Flag;
  my_account_reenroll_option: Flag;
  my_account_reinstate_option: Flag;
  support_phone: string;
  support_email: string;
  support_hours: string;
  /** JSON list of origins the hosted payment page may send a browser back to; `http://localhost:*` is any port. */
  payment_return_origins: Generated<string>;
  /** The most one payment may charge, in cents. */
  max_single_payment_cents: Generated<number>;
  /** How many days a credit check may back an enrollment. */
  credit_check_valid_days: Generated<number>;
  /** Every sale of the company needs third-party (phone) verification. */
  verification_required: Flag;
  verification_provider_url: string | null;
  verification_provider_secret_sealed: string | null;
  /** A meter the ESIID data does not know: `refuse` it, or `verify_later` (accepted and flagged for an agent). */
  unknown_esiids: Generated<string>;
  /** Counts the changes of the row: a console edit names the version it read (optimistic concurrency). */
  version: Generated<number>;
}

export interface BrandsTable {
  id: Generated<number>;
  company_id: number;
  system_name: string;
  name: string;
  legal_name: string;
  url: string;
  my_account_url: string;
  phone: string;
  email: string;
  office_hours: string;
  license_number: string;
  wizard_welcome_text: string;
  wizard_thank_you_text: string;
  active: Flag;
  /** An absolute https URL, or a path under BRAND_LOGO_PATH the API serves; '' when none. */
  logo_url: Generated<string>;
  /** #rrggbb */
  primary_color: Generated<string>;
  /** #rrggbb */
  accent_color: Generated<string>;
  /** '' when not set. */
  terms_url: Generated<string>;
  /** '' when not set. */
  privacy_url: Generated<string>;
  default_language: Generated<SiteLanguage>;
  /** Counts the changes of the row: a console edit names the version it read (optimistic concurrency). */
  version: Generated<number>;
}

export interface MarketsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  active: Flag;
  state_code: string;
  handle_payments: Flag;
}

export interface WebServiceAccountsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  api_key: string;
  secret_sealed: string;
  role_groups: string;
  active: Flag;
  created_at: string;
  /** The secret before the last rotation, still accepted until `previous_secret_valid_until`. */
  previous_secret_sealed: string | null;
  previous_secret_valid_until: string | null;
  /** The last login or token refresh. */
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface AccountPermissionsTable {
  account_id: number;
  operation_id: string;
}

export interface LoginSignaturesTable {
  account_id: number;
  signature: string;
  expires_at: number;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  account_id: number;
  family_id: string;
  token_hash: string;
  expires_at: number;
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface RateLimitHitsTable {
  bucket: string;
  window_start: number;
  hits: number;
}

export interface LoginStreaksTable {
  key: string;
  failures: number;
  next_attempt_at: number;
  last_attempt_at: number;
  known_until: number | null;
}

export interface CustomersTable {
  id: Generated<number>;
  company_id: number;
  user_name: string | null;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  active: Flag;
  email: string | null;
  alternative_email: string | null;
  send_to_main_email: Flag;
  send_to_secondary_email: Flag;
  ssn_sealed: string | null;
  ssn_last4: string | null;
  date_of_birth_sealed: string | null;
  cell_number: string | null;
  employer_name: string | null;
  drivers_license_sealed: string | null;
  drivers_license_last4: string | null;
  drivers_license_state_code: string | null;
  /** The federal tax id's digits, sealed; in clear only between the migration and the start-up step that seals it. */
  fed_tax_id_sealed: string | null;
  fax_num: string | null;
  firm_name: string | null;
  contact_name: string | null;
  business_name: string | null;
  other_phone: string | null;
  id_primary_phone_type: number | null;
  id_other_phone_type: number | null;
  id_prefered_language: number;
  opted_marketing_coms: Flag;
  disabled_bank_accounts_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface CustomerSessionsTable {
  token_hash: string;
  company_id: number;
  customer_id: number;
  expires_at: number;
  created_at: string;
}

export interface StatesTable {
  id: Generated<number>;
  code: string;
  name: string;
}

export interface CountiesTable {
  id: Generated<number>;
  state_id: number;
  name: string;
}

export interface CitiesTable {
  id: Generated<number>;
  county_id: number;
  name: string;
}

export interface ZipcodesTable {
  id: Generated<number>;
  zipcode: string;
  city_id: number;
}

export interface LanguagesTable {
  id: Generated<number>;
  name: string;
  short_name: string;
  is_default: Flag;
  active: Flag;
}

export interface ContactMethodsTable {
  id: Generated<number>;
  name: string;
  description: string;
}

export interface CustomerTypesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  code: string;
  required_ssn: Flag;
  required_fedtaxidnum: Flag;
  required_cellnumber: Flag;
  required_primary_phone: Flag;
  required_contact_name: Flag;
  required_employer_name: Flag;
  required_drivers_license_number: Flag;
  required_drivers_license_state: Flag;
  required_fax: Flag;
  required_first_name: Flag;
  required_last_name: Flag;
  required_firm_name: Flag;
  required_alternative_email: Flag;
  required_other_phone: Flag;
  required_date_of_birth: Flag;
  required_recurring_billing: Flag;
  required_external_contract_id: Flag;
  send_etf_value: Flag;
  prospect_expiration_days: number;
}

export interface UtilitiesTable {
  id: Generated<number>;
  company_id: number;
  market_id: number;
  code: string;
  name: string;
  formal_name: string;
  commodity: string;
  logo: string;
  active: Flag;
  is_zone_required: Flag;
  ldc_label: string;
  ldc_prefix: string | null;
  ldc_length: number;
  ldc_only_numbers: Flag;
  ldc_mask: string;
  sample_bill_label: string;
  min_credit_score: number;
  id_credit_check_type: number;
  etf_windows: number;
  rescission_period: number;
  renewal_alert: number;
  renewal_alert_text: string;
  allow_weekend_start_dates: Flag;
  customer_name_key_required: Flag;
  customer_name_key_length: number;
  charges_effective_date: string;
  charges_source: string;
  allow_enrollments: Flag;
  /** JSON list: Switch, Move-In. */
  switch_types: ColumnType<string, string | undefined, string>;
  /** JSON list of billing delivery method ids (1 mail, 2 letter, 3 email and letter). */
  delivery_methods: ColumnType<string, string | undefined, string>;
  sample_path: ColumnType<string, string | undefined, string>;
  /** The supplier sends its own bill beside the utility's here (dual billing), though the utility bills. */
  dual_billing: Flag;
}

export interface UtilityCustomerTypesTable {
  utility_id: number;
  customer_type_id: number;
}

export interface UtilityZipcodesTable {
  utility_id: number;
  zipcode_id: number;
}

export interface UtilityDeliveryChargesTable {
  id: Generated<number>;
  utility_id: number;
  name: string;
  name_es: ColumnType<string, string | undefined, string>;
  type: string;
  charge: number;
  uom_from: number | null;
  uom_to: number | null;
  /** ISO 8601 UTC: the utility's set of charges with the latest moment not after now is the one in effect. */
  effective_from: ColumnType<string, string | undefined, string>;
}

export interface SystemSettingsTable {
  key: string;
  value: string;
}

/** Counters of writes, kept by triggers (db/change-stamps.ts); bigint, which PostgreSQL returns as a string. */
export interface ChangeStampsTable {
  scope: string;
  version: number | string;
}

/** The platform core's tables; each domain adds its own interface in db/tables/ and joins it below. */
export interface CoreTables {
  retail_companies: RetailCompaniesTable;
  company_settings: CompanySettingsTable;
  brands: BrandsTable;
  markets: MarketsTable;
  web_service_accounts: WebServiceAccountsTable;
  account_permissions: AccountPermissionsTable;
  login_signatures: LoginSignaturesTable;
  refresh_tokens: RefreshTokensTable;
  rate_limit_hits: RateLimitHitsTable;
  login_streaks: LoginStreaksTable;
  customers: CustomersTable;
  customer_sessions: CustomerSessionsTable;
  states: StatesTable;
  counties: CountiesTable;
  cities: CitiesTable;
  zipcodes: ZipcodesTable;
  languages: LanguagesTable;
  contact_methods: ContactMethodsTable;
  customer_types: CustomerTypesTable;
  utilities: UtilitiesTable;
  utility_customer_types: UtilityCustomerTypesTable;
  utility_zipcodes: UtilityZipcodesTable;
  utility_delivery_charges: UtilityDeliveryChargesTable;
  system_settings: SystemSettingsTable;
  change_stamps: ChangeStampsTable;
}

/** Every table the API can query: the core plus one interface per domain (db/tables/<domain>.ts). */
export interface Database
  extends CoreTables,
    JobTables,
    PlanTables,
    ProspectTables,
    DocumentSigningTables,
    PremiseTables,
    PaymentTables,
    EnrollmentTables,
    CustomerAccountTables,
    BillingTables,
    AutoresponderTables,
    IdempotencyTables,
    StaffTables,
    AuditTables,
    DocumentLibraryTables {}
