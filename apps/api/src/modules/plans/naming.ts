/**
 * The one rule that names every plan, described on the docs page "Price Plan Name Generation":
 * brand, term, type, commodity, then the promo code for campaign plans.
 *   Bluebonnet Energy 12-Month Fixed Electric
 *   Bluebonnet Energy Month-to-Month Variable Electric
 *   Bluebonnet Energy 24-Month Time of Use Electric
 *   Bluebonnet Energy 12-Month Fixed Electric HOMEFALL26
 */
export const PLAN_TYPES = { 1: 'Fixed', 2: 'Variable', 4: 'Daily Rate' } as const;
export type PlanTypeId = keyof typeof PLAN_TYPES;
/** A plan type's id by its name. */
export const PLAN_TYPE_IDS = { Fixed: 1, Variable: 2, 'Daily Rate': 4 } as const satisfies Record<
  string,
  PlanTypeId
>;

export interface NamedPlan {
  brandName: string;
  term: number;
  planType: PlanTypeId;
  timeOfUse: boolean;
  commodity: 'Electric' | 'Gas';
  promoCode?: string | null;
}

export function termLabel(term: number): string {
  return term <= 1 ? 'Month-to-Month' : `${term}-Month`;
}

export function typeLabel(planType: PlanTypeId, timeOfUse: boolean): string {
  return timeOfUse ? 'Time of Use' : PLAN_TYPES[planType];
}

export function planName(plan: NamedPlan): string {
  const parts = [
    plan.brandName,
    termLabel(plan.term),
    typeLabel(plan.planType, plan.timeOfUse),
    plan.commodity,
  ];
  if (plan.promoCode) parts.push(plan.promoCode);
  return parts.join(' ');
}

/** What a plan's energy charge is priced per: kWh for electricity, therms in Georgia and Ccf elsewhere for gas. */
export const rateUnit = (commodity: string, stateCode: string) =>
  commodity === 'Electric' ? 'kWh' : stateCode === 'GA' ? 'therm' : 'Ccf';
