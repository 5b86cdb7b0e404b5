import type { ColumnType, Generated } from 'kysely';
import type { Flag } from '../columns.js';

/** Uploaded documents of any owner (prospects, enrollments' letters of credit, …), kept in the database. */
export interface StoredFilesTable {
  id: Generated<number>;
  company_id: number;
  owner_type: string;
  owner_id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  content: Buffer;
  created_at: string;
}

/**
 * Uploaded documents' files and bytes per holder, for the upload quotas: `company` (the whole retail company),
 * `customer:<id>` or `prospect:<id>`.
 */
export interface UploadUsageTable {
  company_id: number;
  holder: string;
  files: ColumnType<number, number | undefined, number>;
  bytes: ColumnType<number, number | undefined, number>;
}

export interface AffiliatesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  active: Flag;
  created_at: string;
}

/** A web service account linked to one affiliate creates and sees only that affiliate's prospects. */
export interface AffiliateAccountsTable {
  account_id: number;
  affiliate_id: number;
}

/** One row per company; the lists are JSON text. */
/** A sales rep of an affiliate; `reference` is what the affiliate's system sends as a prospect's repReferenceId. */
export interface AffiliateRepsTable {
  id: Generated<number>;
  company_id: number;
  affiliate_id: number;
  reference: string;
  name: string;
  email: string | null;
  phone: string | null;
  active: Flag;
  created_at: string;
}

/** One sales status move of a prospect: by whom (`trigger` says through what) and when. */
export interface ProspectStatusChangesTable {
  id: Generated<number>;
  company_id: number;
  prospect_id: number;
  from_status: string;
  to_status: string;
  trigger: string;
  actor: string;
  at: string;
}

export interface ProspectSettingsTable {
  company_id: number;
  available_customer_types: string;
  terms_available_for_use: string;
  recommended_pricing_matrix_terms: string;
  tenor_limit_for_prices: number;
}

export interface ProspectPackagesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: string;
  active: Flag;
}

export interface ProspectPackageCustomerTypesTable {
  package_id: number;
  customer_type_id: number;
}

export interface ProspectPackageMarketsTable {
  package_id: number;
  market_id: number;
}

export interface ProspectPackageUtilitiesTable {
  package_id: number;
  utility_id: number;
}

export interface ProspectPackageDocumentsTable {
  id: Generated<number>;
  package_id: number;
  name: string;
  document_type: string;
  url: string;
  sort_order: number;
}

/**
 * A pricing matrix file as uploaded: `pending` until staff activate or discard it; one import per company is
 * `active` (the matrix in force, a partial unique index says so); an active one another replaces is `replaced`
 * and may be restored while its prices are kept.
 */
export interface PricingMatrixImportsTable {
  id: Generated<number>;
  company_id: number;
  file_name: string;
  sha256: string;
  row_count: number;
  price_file_date: string;
  imported_by: string;
  imported_at: string;
  status: ColumnType<PricingMatrixStatus, PricingMatrixStatus | undefined, PricingMatrixStatus>;
  /** When and by whom it was last activated or discarded. */
  decided_at: string | null;
  decided_by: string | null;
}

export type PricingMatrixStatus = 'pending' | 'active' | 'replaced' | 'discarded';

/**
 * The prices of one import. Prices are millionths of a dollar per kWh (electric) or per therm (gas), so they stay
 * whole numbers.
 */
export interface PricingMatrixImportPricesTable {
  id: Generated<number>;
  company_id: number;
  import_id: number;
  utility_code: string;
  zone: string;
  rate_code: string;
  term_months: number;
  usage_tier: string;
  start_month: string;
  price_micros: number;
  price_file_date: string;
}

export interface ProspectsTable {
  id: Generated<number>;
  company_id: number;
  affiliate_id: number | null;
  created_by_account_id: number | null;
  /** JSON: the prospect's customer as sent. */
  customer: string;
  /** JSON addresses as sent. */
  service_address: string;
  billing_address: string | null;
  ldc: string;
  commodity_name: string;
  utility_id: number;
  price_provider_utility_code: string;
  price_file_date: string;
  zone: string;
  rate_code: string;
  term: number;
  start_date: string;
  price_micros: number;
  affiliate_commission_rate_micros: number | null;
  usage_tier: string;
  customer_type_id: number;
  agent_name: string | null;
  service_reference_id: string | null;
  annual_usage: number | null;
  affiliate_reference_id: string | null;
  rep_reference_id: string | null;
  user_name: string;
  status: string;
  signing_status: string | null;
  package_id: number;
  expiration_date: string;
  rate_micros: number;
  created_at: string;
  modified_at: string;
}

export interface SigningAccountsTable {
  id: Generated<number>;
  company_id: number;
  provider: string;
  /** The signing service's account id (DocuSign account GUID); webhooks name it in `data.accountId`. */
  account_id: string;
  created_at: string;
  /** A DocuSign template contracts are built from (its signer role gets the prospect); null: the prospect's documents. */
  template_id: string | null;
  /** The template's role the signer fills; 'Signer' when not set. */
  template_role: string | null;
}

export interface SigningConnectKeysTable {
  id: Generated<number>;
  signing_account_id: number;
  label: string;
  key_sealed: string;
  created_at: string;
}

export interface SigningEnvelopesTable {
  id: Generated<number>;
  company_id: number;
  prospect_id: number;
  signing_account_id: number;
  /** Null while the signing service is being asked to create the envelope. */
  envelope_id: string | null;
  /** Voltin's reference, sent to the signing service as the envelope custom field `voltinReference`. */
  reference: string;
  status: string;
  /** When the signing service generated the event that set `status` (Connect's generatedDateTime). */
  status_at: string | null;
  /** Remote (the signing service emails or texts the link) or InPerson (signed through a one-time signing view). */
  signing_method: string;
  /** The captive signer's DocuSign `clientUserId`, for an InPerson envelope; every signing view names it. */
  client_user_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface SigningWebhookEventsTable {
  id: Generated<number>;
  company_id: number;
  event_key: string;
  event: string;
  envelope_id: string;
  outcome: string;
  received_at: string;
  /** The signing status the event means (null: none); with generated_at, the envelope's status history. */
  signing_status: string | null;
  generated_at: string | null;
}

export interface TpvVerificationsTable {
  id: Generated<number>;
  company_id: number;
  verification_id: string;
  /** The enrollment the verification belongs to; no foreign key until enrollments exist. */
  enrollment_id: number | null;
  result: string;
  /** JSON list of { code, reason }. */
  reasons: string;
  created_at: string;
  updated_at: string;
  verified_at: string | null;
  dispatch_attempts: ColumnType<number, number | undefined, number>;
  /** Unix seconds: not sent again before then (another node is sending it, or the backoff after a failure). */
  next_dispatch_at: number | null;
  last_dispatch_error: string | null;
}

export interface TpvVerificationUpdatesTable {
  id: Generated<number>;
  verification_pk: number;
  result: string;
  reasons: string;
  at: string;
}

export interface ProspectTables {
  stored_files: StoredFilesTable;
  upload_usage: UploadUsageTable;
  affiliates: AffiliatesTable;
  affiliate_accounts: AffiliateAccountsTable;
  affiliate_reps: AffiliateRepsTable;
  prospect_status_changes: ProspectStatusChangesTable;
  prospect_settings: ProspectSettingsTable;
  prospect_packages: ProspectPackagesTable;
  prospect_package_customer_types: ProspectPackageCustomerTypesTable;
  prospect_package_markets: ProspectPackageMarketsTable;
  prospect_package_utilities: ProspectPackageUtilitiesTable;
  prospect_package_documents: ProspectPackageDocumentsTable;
  pricing_matrix_imports: PricingMatrixImportsTable;
  pricing_matrix_import_prices: PricingMatrixImportPricesTable;
  prospects: ProspectsTable;
  signing_accounts: SigningAccountsTable;
  signing_connect_keys: SigningConnectKeysTable;
  signing_envelopes: SigningEnvelopesTable;
  signing_webhook_events: SigningWebhookEventsTable;
  tpv_verifications: TpvVerificationsTable;
  tpv_verification_updates: TpvVerificationUpdatesTable;
}
