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
  version: number;
  /** Contract length in months (also the spec's id_term). */
  term: number;
  /** 1 fixed, 2 variable, 4 daily rate. */
  id_plan_type: number;
  is_time_of_use: Flag;
  /** Energy charge in cents per kWh (electric) or per therm (gas); the reference rate for variable and daily plans. */
  rate: number;
  monthly_fee: number;
  cancellation_fee: number;
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

export interface PlanTimeOfUseRatesTable {
  id: Generated<number>;
  plan_id: number;
  name: string;
  /** Summer (June to September), NonSummer, or All. */
  season: string;
  start_hour: number;
  end_hour: number;
  /** All, Weekday or Weekend. */
  days: string;
  rate: number;
}

export interface PlanAcceptanceOptionsTable {
  id: Generated<number>;
  plan_id: number;
  text: string;
  is_required: Flag;
  sort_order: number;
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

export interface CampaignsTable {
  id: Generated<number>;
  company_id: number;
  promo_code: string;
  name: string;
  description: string;
  valid_from: string;
  valid_until: string;
  active: Flag;
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
  plan_time_of_use_rates: PlanTimeOfUseRatesTable;
  plan_acceptance_options: PlanAcceptanceOptionsTable;
  plan_documents: PlanDocumentsTable;
  market_documents: MarketDocumentsTable;
  campaigns: CampaignsTable;
  plan_bundles: PlanBundlesTable;
}
