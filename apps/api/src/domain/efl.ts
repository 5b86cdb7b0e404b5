import { DAY_TYPE_WEIGHT, type DayType, HOURLY_SHARE, SEASON_WEIGHT, type Season } from './load-shape.js';

export const EFL_USAGE_TIERS = [500, 1000, 2000] as const;

export interface DeliveryCharge {
  /** How the utility names it ("Customer charge"); the EFL's derivation shows it. */
  name?: string;
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
  /** Cents per kWh (for gas, per the plan's unit: Ccf or therm). */
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

/** The window that prices an hour of a day type in a season: the first that covers it, or none (the plan rate). */
function windowAt(plan: PricedPlan, season: Season, day: DayType, hour: number): number {
  return plan.timeOfUse.findIndex(
    (w) =>
      (w.season === 'All' || w.season === season) &&
      (w.days === 'All' || w.days === day) &&
      coversHour(w, hour),
  );
}

/** A share of a month's usage and the rate it is billed at. */
export interface UsageShare {
  /** The time-of-use window's name, or null for the hours no window covers (billed at the plan rate). */
  window: string | null;
  /** Of the usage, 0 to 1, by the usage shape (domain/load-shape.ts). */
  share: number;
  /** Cents per kWh. */
  rate: number;
}

/**
 * How a month's usage splits over the plan's energy rates: all of it at the plan rate, or for time of use each
 * window's share of the usage shape (seasons weighted by their months, weekdays and weekends by their days).
 */
export function usageShares(plan: PricedPlan): UsageShare[] {
  if (plan.timeOfUse.length === 0) return [{ window: null, share: 1, rate: plan.rate }];
  const shares = new Map<number, number>();
  for (const season of ['Summer', 'NonSummer'] as const) {
    for (const day of ['Weekday', 'Weekend'] as const) {
      HOURLY_SHARE[season].forEach((share, hour) => {
        const window = windowAt(plan, season, day, hour);
        shares.set(window, (shares.get(window) ?? 0) + SEASON_WEIGHT[season] * DAY_TYPE_WEIGHT[day] * share);
      });
    }
  }
  return [...shares]
    .sort(([a], [b]) => (a === -1 ? 1 : b === -1 ? -1 : a - b))
    .map(([index, share]) => {
      const window = plan.timeOfUse[index];
      return { window: window?.name ?? null, share, rate: window?.rate ?? plan.rate };
    });
}

/** The energy charge in cents per kWh: the plan rate, or for time of use the rates weighted by the usage shape. */
export function effectiveEnergyRate(plan: PricedPlan): number {
  return usageShares(plan).reduce((rate, part) => rate + part.share * part.rate, 0);
}

/**
 * Dollars the utility charges for delivering `kwh` in a month: monthly charges plus per-unit charges by tier (per kWh;
 * a gas utility's per Ccf or per therm, its own unit, count the same way).
 */
export function deliveryCost(charges: DeliveryCharge[], kwh: number): number {
  return deliveryLines(charges, kwh).reduce((total, line) => total + line.dollars, 0);
}

const roundTo = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** One line of an EFL's bill at a usage: what is charged, on how many kWh at what price, and the dollars. */
export interface EflLine {
  kind: 'energy' | 'base' | 'delivery';
  /** The time-of-use window or the utility's charge; null for the plan's own energy rate and base charge. */
  name: string | null;
  /** kWh priced on this line; null for a monthly charge. */
  kwh: number | null;
  /** Cents per kWh; null for a monthly charge. */
  centsPerKwh: number | null;
  dollars: number;
}

/** The bill at a usage (one of the EFL's, or a customer's), line by line, and the average price it makes. */
export interface EflTier {
  kwh: number;
  lines: EflLine[];
  totalDollars: number;
  /** totalDollars ÷ kWh, in cents, unrounded. */
  averageCents: number;
  /** The average as the label shows it: rounded to the plan's decimal places. */
  shownCents: number;
}

/**
 * The utility's charges for delivering `kwh`, one line each: monthly charges, and per-unit charges (`per_kwh`, or a
 * gas utility's `per_ccf` or `per_therm`, always in the utility's own unit) on their tier.
 */
function deliveryLines(charges: DeliveryCharge[], kwh: number): EflLine[] {
  return charges.flatMap((c): EflLine[] => {
    if (c.type === 'monthly')
      return [{ kind: 'delivery', name: c.name ?? null, kwh: null, centsPerKwh: null, dollars: c.charge }];
    if (!c.type.startsWith('per_')) return [];
    const inTier = Math.max(0, Math.min(kwh, c.uom_to ?? Number.POSITIVE_INFINITY) - (c.uom_from ?? 0));
    return [
      {
        kind: 'delivery',
        name: c.name ?? null,
        kwh: inTier,
        centsPerKwh: c.charge * 100,
        dollars: c.charge * inTier,
      },
    ];
  });
}

/**
 * The month's whole bill at `usage`, line by line, and the average price it makes: energy (each time-of-use window's
 * share of the usage at its rate), the plan's base charge and the utility's delivery charges passed through, divided
 * by the usage, in cents, rounded to the plan's decimal places. Taxes and one-time fees are not in it. The EFL is this
 * bill at 500, 1,000 and 2,000 kWh (`eflDerivation`); plan shopping's estimate is it at the customer's own usage. A gas
 * plan's bill is made the same way in the plan's unit (Ccf or therm): `kwh` and `centsPerKwh` then count that unit.
 */
export function billAtUsage(plan: PricedPlan, charges: DeliveryCharge[], usage: number): EflTier {
  const lines: EflLine[] = [
    ...usageShares(plan).map(
      (part): EflLine => ({
        kind: 'energy',
        name: part.window,
        kwh: usage * part.share,
        centsPerKwh: part.rate,
        dollars: (usage * part.share * part.rate) / 100,
      }),
    ),
    { kind: 'base', name: null, kwh: null, centsPerKwh: null, dollars: plan.monthly_fee },
    ...deliveryLines(charges, usage),
  ];
  const totalDollars = lines.reduce((sum, line) => sum + line.dollars, 0);
  const averageCents = (totalDollars / usage) * 100;
  return {
    kwh: usage,
    lines,
    totalDollars,
    averageCents,
    shownCents: roundTo(averageCents, plan.decimal_places_to_show),
  };
}

/**
 * The Electricity Facts Label's average prices, derived line by line the way the Texas rule (PUCT §25.475) asks: the
 * month's bill (`billAtUsage`) at 500, 1,000 and 2,000 kWh. Gas plans have no EFL: null.
 */
export function eflDerivation(plan: PricedPlan, charges: DeliveryCharge[]): EflTier[] | null {
  if (plan.commodity !== 'Electric') return null;
  return EFL_USAGE_TIERS.map((kwh) => billAtUsage(plan, charges, kwh));
}

/** The label's three average prices, from the derivation: `rate500`, `rate1000`, `rate2000` of the plan answers. */
export function eflAveragePrices(plan: PricedPlan, charges: DeliveryCharge[]) {
  const tiers = eflDerivation(plan, charges);
  if (!tiers) return { rate500: null, rate1000: null, rate2000: null };
  const [at500, at1000, at2000] = tiers.map((tier) => tier.shownCents);
  return { rate500: at500!, rate1000: at1000!, rate2000: at2000! };
}
