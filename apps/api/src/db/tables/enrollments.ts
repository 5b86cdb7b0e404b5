import type { ColumnType, Generated } from 'kysely';
import type { ChargeStatus, PaymentMethodType, TransactionType } from '../../domain/charges.js';
import type { Flag } from '../columns.js';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface EnrollmentsTable {
  id: Generated<number>;
  company_id: number;
  customer_id: number;
  plan_id: number;
  /** The plan version (its prices) the customer accepted. */
  plan_version_id: number;
  utility_id: number;
  customer_type_id: number;
  commodity: string;
  status: string;
  switch_type: string;
  priority: string;
  requested_start_date: string;
  contract_start_date: string | null;
  contract_end_date: string | null;
  name_key: string | null;
  billing_delivery_method: number;
  critical_care: Flag;
  service_address_1: string;
  service_address_2: string | null;
  service_city: string;
  service_county: string | null;
  service_state: string;
  service_zipcode: string;
  ldc_account: string;
  meter_number: string | null;
  billing_address_1: string;
  billing_address_2: string | null;
  billing_city: string;
  billing_state: string;
  billing_zipcode: string;
  /** JSON list of the accepted acceptance option ids. */
  accepted_options: string;
  credit_check_id: number | null;
  deposit_required: Flag;
  deposit_amount_cents: number;
  /** not_required, pending, paid, waived, failed, letter_of_credit. */
  deposit_status: string;
  autopay_required: Flag;
  autopay_active: Flag;
  /** The latest third-party verification result (TPV), when the sale has one. */
  verification_status: string | null;
  /** JSON list of why an agent must look at it. */
  manual_review_reasons: Defaulted<string>;
  billing_account_number: string | null;
  /** JSON list of the billing system's errors. */
  billing_errors: string | null;
  submission_attempts: Defaulted<number>;
  next_submission_at: number | null;
  previous_enrollment_id: number | null;
  drop_effective_date: string | null;
  drop_reason_code: number | null;
  remove_meter: Flag;
  /** Made under dual billing (the utility's `dual_billing`): the supplier bills this account itself. */
  dual_billed: Flag;
  /** The Idempotency-Key claim that created it (`idempotency-<claim id>`), so a retry after a 5xx finds it. */
  idempotency_key: string | null;
  /** 1: its ESIID was not in the ESIID data when accepted (`unknown_esiids` = verify_later); an agent verifies it. */
  meter_unverified: Flag;
  created_at: string;
  updated_at: string;
  /** When it entered its current status (the agents' queues show how long each item waited); set by the store. */
  status_since: ColumnType<string, string | undefined, string>;
}

export interface EnrollmentStatusHistoryTable {
  id: Generated<number>;
  enrollment_id: number;
  from_status: string | null;
  to_status: string;
  actor: string;
  reason: string;
  created_at: string;
}

export interface CreditChecksTable {
  id: Generated<number>;
  company_id: number;
  first_name: string;
  last_name: string;
  street_num: string;
  street_name: string;
  city: string;
  state: string;
  zip_code: string;
  ssn_sealed: string | null;
  ssn_last4: string | null;
  date_of_birth_sealed: string | null;
  score: number | null;
  no_score_reason: string | null;
  error_msg: string | null;
  deposit_required: Flag;
  deny_service: Flag;
  fraud_alert: Flag;
  reason_codes: string;
  fraud_alert_codes: string;
  plan_id: number | null;
  created_at: string;
}

export interface EtfInvoicesTable {
  id: Generated<number>;
  company_id: number;
  enrollment_id: number;
  amount_cents: number;
  /** queued, sent, waived. */
  status: string;
  reason: string;
  created_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
  /** Why it was waived (required then); null when sent, or resolved before reasons were kept. */
  resolution_note: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CreditLettersTable {
  id: Generated<number>;
  company_id: number;
  enrollment_id: number;
  file_id: number;
  file_name: string;
  /** 0 pending, 1 approved, 2 rejected, 3 discarded. */
  status: number;
  uploaded_at: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
  review_note: string | null;
}

/** Who changed a recorded charge's flags (has_been_captured, sent_to_billing_system), from what to what. */
export interface ChargeTransactionChangesTable {
  id: Generated<number>;
  company_id: number;
  charge_id: number;
  account_id: number;
  field: string;
  from_value: number;
  to_value: number;
  created_at: string;
}

export interface RecurringBillingsTable {
  id: Generated<number>;
  company_id: number;
  enrollment_id: number;
  customer_profile_token: string;
  payment_profile_token: string;
  date_from: string;
  /** active, finished. */
  status: string;
  created_at: string;
  finished_at: string | null;
}

export interface ChargeTransactionsTable {
  id: Generated<number>;
  company_id: number;
  enrollment_id: number;
  customer_id: number;
  transaction_type: TransactionType;
  amount_cents: number;
  /** Our reference sent to the gateway: the same reference never charges twice. */
  reference: string;
  gateway_transaction_id: string | null;
  payment_profile_token: string;
  payment_type: PaymentMethodType;
  status: ChargeStatus;
  decline_reason: string | null;
  has_been_captured: Flag;
  sent_to_billing_system: Flag;
  idempotency_key: string | null;
  /** Of a payment: how much of it has been refunded, or is reserved by a refund waiting for the gateway. */
  refunded_cents: Generated<number>;
  /** Of a REFUND: the payment it gives back. */
  refund_of_charge_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

export interface EnrollmentTables {
  charge_transactions: ChargeTransactionsTable;
  enrollments: EnrollmentsTable;
  enrollment_status_history: EnrollmentStatusHistoryTable;
  credit_checks: CreditChecksTable;
  etf_invoices: EtfInvoicesTable;
  credit_letters: CreditLettersTable;
  recurring_billings: RecurringBillingsTable;
  charge_transaction_changes: ChargeTransactionChangesTable;
}
