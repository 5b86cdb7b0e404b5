import { DAY_TYPE_WEIGHT, type DayType, HOURLY_SHARE, SEASON_WEIGHT, type Season } from './load-shape.js';

export const EFL_USAGE_TIERS = [500, 1000, 2000] as const;

export interface DeliveryCharge {
  type: string;
  charge: number;
  uom_from: number | null;
  uom_to: number | null;
}

export interface TimeOfUseWindow {
  name: string;
  season: string;
  start_hour: number;
  end_hour: number;
  days: string;
  rate: number;
}

export interface PricedPlan {
  commodity: string;
  /** Cents per kWh. */
  rate: number;
  /** Dollars per month. */
  monthly_fee: number;
  decimal_places_to_show: number;
  timeOfUse: TimeOfUseWindow[];
}

function coversHour(window: TimeOfUseWindow, hour: number): boolean {
  return window.start_hour <= window.end_hour
    ? hour >= window.start_hour && hour < window.end_hour
    : hour >= window.start_hour || hour < window.end_hour; // wraps midnight, e.g. 21 to 6
}

function windowRate(plan: PricedPlan, season: Season, day: DayType, hour: number): number {
  const window = plan.timeOfUse.find(
    (w) =>
      (w.season === 'All' || w.season === season) &&
      (w.days === 'All' || w.days === day) &&
      coversHour(w, hour),
  );
  return window?.rate ?? plan.rate;
}

/** The energy charge in cents per kWh: the plan rate, or for time of use the rates weighted by the usage shape. */
export function effectiveEnergyRate(plan: PricedPlan): number {
  if (plan.timeOfUse.length === 0) return plan.rate;
  let rate = 0;
  for (const season of ['Summer', 'NonSummer'] as const) {
    for (const day of ['Weekday', 'Weekend'] as const) {
      HOURLY_SHARE[season].forEach((share, hour) => {
        rate += SEASON_WEIGHT[season] * DAY_TYPE_WEIGHT[day] * share * windowRate(plan, season, day, hour);
      });
    }
  }
  return rate;
}

/** Dollars the utility charges for delivering `kwh` in a month: monthly charges plus per-kWh charges by tier. */
export function deliveryCost(charges: DeliveryCharge[], kwh: number): number {
  return charges.reduce((total, c) => {
    if (c.type === 'monthly') return total + c.charge;
    if (c.type !== 'per_kwh') return total;
    const inTier = Math.max(0, Math.min(kwh, c.uom_to ?? Number.POSITIVE_INFINITY) - (c.uom_from ?? 0));
    return total + c.charge * inTier;
  }, 0);
}

const roundTo = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * Electricity Facts Label average prices: the whole monthly bill at 500, 1,000 and 2,000 kWh (energy, the plan's
 * monthly fee and the utility's delivery charges) divided by the usage, in cents per kWh, rounded to the plan's
 * decimal places. Gas plans have no EFL: null.
 */
export function eflAveragePrices(plan: PricedPlan, charges: DeliveryCharge[]) {
  if (plan.commodity !== 'Electric') return { rate500: null, rate1000: null, rate2000: null };
  const energyRate = effectiveEnergyRate(plan);
  const average = (kwh: number) => {
    const dollars = (energyRate / 100) * kwh + plan.monthly_fee + deliveryCost(charges, kwh);
    return roundTo((dollars / kwh) * 100, plan.decimal_places_to_show);
  };
  return { rate500: average(500), rate1000: average(1000), rate2000: average(2000) };
}
