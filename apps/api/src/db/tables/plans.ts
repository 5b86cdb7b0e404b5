import type { Generated } from 'kysely';
import type { Flag } from '../columns.js';

export interface PlansTable {
  id: Generated<number>;
  company_id: number;
  brand_id: number;
  utility_id: number;
  customer_type_id: number;
  name: string;
  description: string;
  published: Flag;
  deprecated: Flag;
  /** Contract length in months (also the spec's id_term). */
  term: number;
  /** 1 fixed, 2 variable, 4 daily rate. */
  id_plan_type: number;
  is_time_of_use: Flag;
  risk_free_trial_period: number;
  available_from_date: string;
  available_until_date: string | null;
  early_termination_text: string;
  promo_code: string | null;
  billing_system_plan_code: string;
  recurring_billing_required: Flag;
  /** Every sale of the plan needs a third-party phone verification. */
  verification_required: Flag;
  min_start_date_delay_days: number;
  initial_discount_percentage: number | null;
  initial_discount_period: number | null;
  initial_discount_rate: number | null;
  terms_text: string;
  renewable_percent: number;
  decimal_places_to_show: number;
  divide_montly_fee_by: number;
  present_divided_monthly_fee: Flag;
  not_able_renewals: Flag;
  not_able_reenrolls: Flag;
  thank_you_text: string;
  show_critical_care: Flag;
  required_credit_check: Flag;
  required_deposit_fee: number;
  deposit_required_under_score: number;
  deposit_deny_service_under_score: number;
  allow_bypass_credit_check: Flag;
  allow_use_date_of_birth: Flag;
  created_at: string;
}

/**
 * A plan's prices from a moment on. A price change adds a version and never edits one: an enrollment keeps the
 * version it accepted, and plan shopping answers the plan's latest version whose `effective_at` has come.
 */
export interface PlanVersionsTable {
  id: Generated<number>;
  plan_id: number;
  /** 1, 2, 3… per plan, in the order the versions were saved. */
  version: number;
  /** ISO 8601 UTC timestamp. */
  effective_at: string;
  /** Energy charge in cents per kWh (electric) or per therm (gas); the reference rate for variable and daily plans. */
  rate: number;
  /** Base charge in dollars per month. */
  monthly_fee: number;
  /** Early termination fee in dollars. */
  cancellation_fee: number;
  /** JSON array of the time-of-use windows (TimeOfUseWindow in domain/efl.ts); `[]` for a single rate. */
  time_of_use: string;
  /** Why the price changed, as its author wrote it. */
  note: string;
  /** The staff member's email, or `seed` / `migration`. */
  created_by: string;
  created_at: string;
  /** Set when a change is called off before its moment; a cancelled version never takes effect. */
  cancelled_at: string | null;
  cancelled_by: string | null;
}

export interface PlanAcceptanceOptionsTable {
  id: Generated<number>;
  plan_id: number;
  text: string;
  is_required: Flag;
  sort_order: number;
  /** When staff reworded or removed it; enrollments that accepted it keep its id. */
  retired_at: string | null;
}

export interface PlanDocumentsTable {
  id: Generated<number>;
  plan_id: number;
  doc_type: string;
  name: string;
  display_in_plan_listing: Flag;
  display_in_summary: Flag;
  display_in_thank_you_page: Flag;
  display_in_my_account: Flag;
}

export interface MarketDocumentsTable {
  id: Generated<number>;
  company_id: number;
  market_id: number;
  doc_type: string;
  name: string;
  display_in_my_account: Flag;
}

/** A marketing offer: plans carrying its promo code are sold only with the code, inside its window, up to its limit. */
export interface CampaignsTable {
  id: Generated<number>;
  company_id: number;
  /** Upper-case; unique per company. */
  promo_code: string;
  name: string;
  description: string;
  /** ISO 8601 UTC: the first moment the code works. */
  valid_from: string;
  /** ISO 8601 UTC: the moment the code stops working (exclusive). */
  valid_until: string;
  /** 0: paused by staff (the code is refused until resumed). */
  active: Flag;
  /** How many enrollments may use the code; null: unlimited. */
  usage_limit: number | null;
  /** Enrollments that used the code, counted in each enrollment's transaction while under the limit. */
  uses: Generated<number>;
  /** The sales affiliate the campaign belongs to. */
  affiliate_id: number | null;
  /** The staff member's email, or `seed` / `migration`. */
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
}

export interface PlanBundlesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: string;
  electric_plan_id: number;
  gas_plan_id: number;
  customer_type_id: number;
  market_id: number;
}

export interface PlanTables {
  plans: PlansTable;
  plan_versions: PlanVersionsTable;
  plan_acceptance_options: PlanAcceptanceOptionsTable;
  plan_documents: PlanDocumentsTable;
  market_documents: MarketDocumentsTable;
  campaigns: CampaignsTable;
  plan_bundles: PlanBundlesTable;
}
