import type { Updateable } from 'kysely';
import type { Static } from 'typebox';
import type { FlagValue } from '../../db/columns.js';
import type { PlansTable } from '../../db/tables/plans.js';
import { ApiError } from '../../http/errors.js';
import { findCampaignByCode } from './campaign-store.js';
import type { PlanClone, PlanSettings, PlanSettingsChange } from './ops-schemas.js';
import type { PlanRow, PriceAuthor, PricingContext } from './pricing-context.js';
import { normalPromoCode } from './promo-codes.js';
import * as store from './store.js';

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
  };
}

/** The plans table's columns of settings. */
function columnsOf(settings: Static<typeof PlanSettings>): Updateable<PlansTable> {
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
  };
}

/** A plan's settings apart from its prices, a copy of a plan as a draft, and retiring a plan. */
export function createPlanSettings({ db, momentNow, planRowOf }: PricingContext) {
  return {
    /** Changes a plan's settings (not its prices); the plan's settings before and after, for the audit log. */
    async changeSettings(companyId: number, planId: number, change: Static<typeof PlanSettingsChange>) {
      const before = settingsOf(await planRowOf(companyId, planId));
      const after = { ...before, ...change };
      const errors: string[] = [];
      if (after.availableUntil !== null && after.availableUntil < after.availableFrom)
        errors.push('availableUntil: is before availableFrom');
      if (
        after.depositDenyServiceUnderScore > 0 &&
        after.depositDenyServiceUnderScore > after.depositRequiredUnderScore
      )
        errors.push('depositDenyServiceUnderScore: is above depositRequiredUnderScore');
      if (
        after.promoCode !== null &&
        !(await findCampaignByCode(db, companyId, normalPromoCode(after.promoCode)))
      )
        errors.push(`promoCode: no campaign has the code ${after.promoCode}`);
      if (errors.length > 0)
        throw new ApiError('VALIDATION_FAILED', 'The plan settings are invalid.', errors);
      await store.updatePlan(db, companyId, planId, columnsOf(after));
      return { before, after: settingsOf(await planRowOf(companyId, planId)) };
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
