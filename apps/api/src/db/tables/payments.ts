import type { ColumnType, Generated } from 'kysely';
import type { PaymentType } from '../../domain/charges.js';
import type { Flag } from '../columns.js';

/**
 * A retail company's live payment gateway account. A company without a row uses the in-process sandbox gateway.
 * Secrets are sealed with the secret box; `api_login_id` is Authorize.Net's API login id or iCheckGateway's SiteID.
 */
export interface PaymentGatewayAccountsTable {
  id: Generated<number>;
  company_id: number;
  /** AuthorizeNET or iCheckGateway; must equal company_settings.payment_gateway. */
  gateway: string;
  api_login_id: string;
  /** Authorize.Net transaction key, or iCheckGateway SiteKey, sealed. */
  transaction_key_sealed: string;
  /** iCheckGateway APIKey, sealed (unused by Authorize.Net). */
  api_key_sealed: string | null;
  /** The gateway's API endpoint; null means the default endpoint of the environment. */
  endpoint: string | null;
  /** sandbox or production. */
  environment: string;
  /** Per-call timeout in milliseconds; null means 15 000. */
  timeout_ms: number | null;
  active: Flag;
  created_at: string;
}

/** The gateway's customer profile of one customer: created on first use, one per customer and gateway. */
export interface PaymentCustomerProfilesTable {
  id: Generated<number>;
  company_id: number;
  customer_id: number;
  /** AuthorizeNET, iCheckGateway or Sandbox. */
  gateway: string;
  customer_profile_token: string;
  created_at: string;
}

/** A card or bank account kept by the gateway: only its token, type, last digits and expiry are stored here. */
export interface PaymentProfilesTable {
  id: Generated<number>;
  company_id: number;
  customer_id: number;
  gateway: string;
  customer_profile_token: string;
  payment_profile_token: string;
  /** 1 credit card, 2 bank account (the spec's id_payment_type / paymentTypeId). */
  id_payment_type: number;
  card_type: string | null;
  /** Last four digits of the card or bank account number. */
  last4: string;
  /** YYYY-MM, cards only. */
  expiration_date: string | null;
  account_type: string | null;
  routing_last4: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** The in-process sandbox gateway's own state, in the database so it survives restarts and serves many nodes. */
export interface SandboxGatewayCustomerProfilesTable {
  token: string;
  company_id: number;
  merchant_customer_id: string;
  email: string | null;
  description: string;
  created_at: string;
}

export interface SandboxGatewayPaymentProfilesTable {
  token: string;
  company_id: number;
  customer_profile_token: string;
  type: string;
  card_type: string | null;
  last4: string;
  expiration_date: string | null;
  account_type: string | null;
  routing_last4: string | null;
  /** What charges on this profile do, decided from the number when it was saved (see sandbox.ts). */
  behaviour: string;
  created_at: string;
  deleted_at: string | null;
}

export interface SandboxGatewayTransactionsTable {
  transaction_id: string;
  company_id: number;
  /** charge or refund. */
  kind: string;
  reference: string;
  customer_profile_token: string;
  payment_profile_token: string;
  amount_cents: number;
  /** approved or declined. */
  status: string;
  auth_code: string | null;
  reason_code: string | null;
  reason_text: string | null;
  refunded_transaction_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

/** A token of the sandbox gateway's hosted form and the settings it was issued with (see sandbox-hosted-form.ts). */
export interface SandboxGatewayHostedFormsTable {
  /** SHA-256 of the token, hex: the token itself is never stored. */
  token_hash: string;
  company_id: number;
  customer_profile_token: string;
  payment_type: PaymentType;
  save_button_text: string;
  /** The embedding site's iFrameCommunicatorUrl; null when the form was asked for without one. */
  communicator_url: string | null;
  created_at: string;
  expires_at: string;
}

export interface PaymentTables {
  payment_gateway_accounts: PaymentGatewayAccountsTable;
  payment_customer_profiles: PaymentCustomerProfilesTable;
  payment_profiles: PaymentProfilesTable;
  sandbox_gateway_customer_profiles: SandboxGatewayCustomerProfilesTable;
  sandbox_gateway_payment_profiles: SandboxGatewayPaymentProfilesTable;
  sandbox_gateway_transactions: SandboxGatewayTransactionsTable;
  sandbox_gateway_hosted_forms: SandboxGatewayHostedFormsTable;
}
