import type { Updateable } from 'kysely';
import type { Static } from 'typebox';
import type { FlagValue } from '../../db/columns.js';
import type { PlansTable } from '../../db/tables/plans.js';
import { ApiError } from '../../http/errors.js';
import { findFirstBrand } from '../company/index.js';
import { findCampaignByCode } from './campaign-store.js';
import { PLAN_TYPE_IDS, planName, rateUnit } from './naming.js';
import type {
  PlanChoices,
  PlanClone,
  PlanCreation,
  PlanSettings,
  PlanSettingsChange,
} from './ops-schemas.js';
import type { PlanRow, PriceAuthor, PricingContext } from './pricing-context.js';
import { normalPromoCode } from './promo-codes.js';
import { standardPlanDocuments } from './standard-documents.js';
import * as store from './store.js';
import { timeOfUseProblems } from './versions.js';

/** A plan's settings as staff read and change them. */
export function settingsOf(row: PlanRow): Static<typeof PlanSettings> {
  return {
    name: row.name,
    description: row.description,
    billingSystemPlanCode: row.billing_system_plan_code,
    published: row.published === 1,
    availableFrom: row.available_from_date,
    availableUntil: row.available_until_date,
    term: row.term,
    promoCode: row.promo_code,
    earlyTerminationText: row.early_termination_text,
    termsText: row.terms_text,
    thankYouText: row.thank_you_text,
    renewablePercent: row.renewable_percent,
    recurringBillingRequired: row.recurring_billing_required === 1,
    requiredCreditCheck: row.required_credit_check === 1,
    requiredDepositFee: row.required_deposit_fee,
    depositRequiredUnderScore: row.deposit_required_under_score,
    depositDenyServiceUnderScore: row.deposit_deny_service_under_score,
    minStartDateDelayDays: row.min_start_date_delay_days,
    allowBypassCreditCheck: row.allow_bypass_credit_check === 1,
    allowDateOfBirth: row.allow_use_date_of_birth === 1,
    askCriticalCare: row.show_critical_care === 1,
    verificationRequired: row.verification_required === 1,
    renewalsAllowed: row.not_able_renewals === 0,
    reenrollmentsAllowed: row.not_able_reenrolls === 0,
  };
}

/** The plans table's columns of settings. */
function columnsOf(settings: Static<typeof PlanSettings>) {
  const flag = (value: boolean) => (value ? 1 : 0) as FlagValue;
  return {
    name: settings.name.trim(),
    description: settings.description.trim(),
    billing_system_plan_code: settings.billingSystemPlanCode,
    published: flag(settings.published),
    available_from_date: settings.availableFrom,
    available_until_date: settings.availableUntil,
    term: settings.term,
    promo_code: settings.promoCode === null ? null : normalPromoCode(settings.promoCode),
    early_termination_text: settings.earlyTerminationText.trim(),
    terms_text: settings.termsText.trim(),
    thank_you_text: settings.thankYouText.trim(),
    renewable_percent: settings.renewablePercent,
    recurring_billing_required: flag(settings.recurringBillingRequired),
    required_credit_check: flag(settings.requiredCreditCheck),
    required_deposit_fee: settings.requiredDepositFee,
    deposit_required_under_score: settings.depositRequiredUnderScore,
    deposit_deny_service_under_score: settings.depositDenyServiceUnderScore,
    min_start_date_delay_days: settings.minStartDateDelayDays,
    allow_bypass_credit_check: flag(settings.allowBypassCreditCheck),
    allow_use_date_of_birth: flag(settings.allowDateOfBirth),
    show_critical_care: flag(settings.askCriticalCare),
    verification_required: flag(settings.verificationRequired),
    not_able_renewals: flag(!settings.renewalsAllowed),
    not_able_reenrolls: flag(!settings.reenrollmentsAllowed),
  } satisfies Updateable<PlansTable>;
}

/** A plan's settings apart from its prices, a copy of a plan as a draft, and retiring a plan. */
export function createPlanSettings({
  db,
  momentNow,
  planRowOf,
  companyUtility,
  servesCustomerType,
  listUtilities,
}: PricingContext) {
  /** What is wrong with a plan's settings taken together. */
  async function settingsProblems(companyId: number, settings: Static<typeof PlanSettings>) {
    const errors: string[] = [];
    if (settings.availableUntil !== null && settings.availableUntil < settings.availableFrom)
      errors.push('availableUntil: is before availableFrom');
    if (
      settings.depositDenyServiceUnderScore > 0 &&
      settings.depositDenyServiceUnderScore > settings.depositRequiredUnderScore
    )
      errors.push('depositDenyServiceUnderScore: is above depositRequiredUnderScore');
    if (
      settings.promoCode !== null &&
      !(await findCampaignByCode(db, companyId, normalPromoCode(settings.promoCode)))
    )
      errors.push(`promoCode: no campaign has the code ${settings.promoCode}`);
    return errors;
  }

  return {
    /** Changes a plan's settings (not its prices); the plan's settings before and after, for the audit log. */
    async changeSettings(companyId: number, planId: number, change: Static<typeof PlanSettingsChange>) {
      const before = settingsOf(await planRowOf(companyId, planId));
      const after = { ...before, ...change };
      const errors = await settingsProblems(companyId, after);
      if (errors.length > 0)
        throw new ApiError('VALIDATION_FAILED', 'The plan settings are invalid.', errors);
      await store.updatePlan(db, companyId, planId, columnsOf(after));
      return { before, after: settingsOf(await planRowOf(companyId, planId)) };
    },

    /** What a new plan may be for: the company's active utilities, with the customer types each serves. */
    async choices(companyId: number): Promise<Static<typeof PlanChoices>> {
      const utilities = await listUtilities(companyId);
      return {
        utilities: utilities.map((u) => ({
          id: u.id_utility,
          code: u.code,
          name: u.name,
          commodity: u.commodity_name as 'Electric' | 'Gas',
          rateUnit: rateUnit(u.commodity_name, u.state_code),
          customerTypes: u.customer_types.map((t) => ({ id: t.id_customer_type, name: t.name })),
        })),
      };
    },

    /**
     * A new plan from nothing: its settings, its first version effective now, what the customer agrees to, and the
     * standard documents of its commodity (the EFL or gas disclosure, the terms of service); the new plan's id.
     */
    async create(companyId: number, creation: Static<typeof PlanCreation>, by: PriceAuthor) {
      const utility = await companyUtility(companyId, creation.utilityId);
      const commodity = utility.commodity as 'Electric' | 'Gas';
      const timeOfUse = creation.prices.timeOfUse.length > 0;
      const planType = PLAN_TYPE_IDS[creation.planType as keyof typeof PLAN_TYPE_IDS];
      const brand = await findFirstBrand(db, companyId);
      const name =
        creation.name ??
        planName({
          brandName: brand.name,
          term: creation.term,
          planType,
          timeOfUse,
          commodity,
          promoCode: creation.promoCode,
        });
      const settings = { ...creation, name };
      const errors = [
        ...(await settingsProblems(companyId, settings)),
        ...timeOfUseProblems(creation.prices.timeOfUse, timeOfUse),
      ];
      if (timeOfUse && commodity !== 'Electric')
        errors.push('prices.timeOfUse: only an electricity plan has windows');
      if (!(await servesCustomerType(companyId, creation.utilityId, creation.customerTypeId)))
        errors.push(`customerTypeId: ${utility.name} does not serve this customer type`);
      if (errors.length > 0) throw new ApiError('VALIDATION_FAILED', 'The plan is invalid.', errors);
      const at = momentNow();
      return store.insertPlan(db, {
        plan: {
          ...columnsOf(settings),
          company_id: companyId,
          brand_id: brand.id,
          utility_id: creation.utilityId,
          customer_type_id: creation.customerTypeId,
          id_plan_type: planType,
          is_time_of_use: timeOfUse ? 1 : 0,
          // Shown as the seeded plans are: prices to a tenth of a cent, the base charge undivided, no trial.
          risk_free_trial_period: 0,
          decimal_places_to_show: 1,
          divide_montly_fee_by: 1,
          created_at: at,
        },
        version: {
          rate: creation.prices.rate,
          monthly_fee: creation.prices.monthlyFee,
          cancellation_fee: creation.prices.cancellationFee,
          time_of_use: JSON.stringify(creation.prices.timeOfUse),
          effective_at: at,
          note: creation.note.trim(),
          created_by: by.email,
          created_at: at,
        },
        acceptanceOptions: creation.acceptanceOptions.map((option) => ({
          text: option.text.trim(),
          is_required: option.required ? 1 : 0,
        })),
        documents: standardPlanDocuments(commodity),
      });
    },

    /** Retires a plan (off sale for good, kept for its customers) or puts it back in the catalogue. */
    async setRetired(companyId: number, planId: number, retired: boolean) {
      await planRowOf(companyId, planId);
      await store.updatePlan(db, companyId, planId, { deprecated: retired ? 1 : 0 });
    },

    /** A draft copy of a plan with its prices in effect as its first version; the new plan's id. */
    async clone(companyId: number, planId: number, copy: Static<typeof PlanClone>, by: PriceAuthor) {
      const row = await planRowOf(companyId, planId);
      return store.clonePlan(
        db,
        { planId, versionId: row.plan_version_id },
        {
          name: copy.name.trim(),
          billingSystemPlanCode: copy.billingSystemPlanCode,
          at: momentNow(),
          by: by.email,
          note: copy.note.trim(),
        },
      );
    },
  };
}
