import { describe, expect, it } from 'vitest';
import {
  billAtUsage,
  deliveryCost,
  effectiveEnergyRate,
  eflAveragePrices,
  eflDerivation,
  usageShares,
} from '../../src/domain/efl.js';
import { HOURLY_SHARE, SEASON_WEIGHT } from '../../src/domain/load-shape.js';

const ONCOR = [
  { type: 'monthly', charge: 4.23, uom_from: null, uom_to: null },
  { type: 'per_kwh', charge: 0.051893, uom_from: null, uom_to: null },
];
const fixed = {
  commodity: 'Electric',
  rate: 9.4,
  monthly_fee: 9.95,
  decimal_places_to_show: 1,
  timeOfUse: [],
};

describe('Electricity Facts Label average prices', () => {
  it('match the hand-computed example: 9.4¢/kWh, $9.95 a month, Oncor delivery', () => {
    // 500 kWh:   47.00 + 9.95 + 4.23 +  25.9465 =  87.1265 -> 17.43¢
    // 1000 kWh:  94.00 + 9.95 + 4.23 +  51.893  = 160.073  -> 16.01¢
    // 2000 kWh: 188.00 + 9.95 + 4.23 + 103.786  = 305.966  -> 15.30¢
    expect(eflAveragePrices(fixed, ONCOR)).toEqual({ rate500: 17.4, rate1000: 16, rate2000: 15.3 });
    expect(eflAveragePrices({ ...fixed, decimal_places_to_show: 3 }, ONCOR)).toEqual({
      rate500: 17.425,
      rate1000: 16.007,
      rate2000: 15.298,
    });
  });

  it('match a second, CenterPoint-style example: 11.2¢/kWh, no base charge', () => {
    const centerPoint = [
      { name: 'Customer charge', type: 'monthly', charge: 4.39, uom_from: null, uom_to: null },
      { name: 'Delivery', type: 'per_kwh', charge: 0.040512, uom_from: null, uom_to: null },
    ];
    // 500 kWh:   56.00 + 0 + 4.39 +  20.256 =  80.646 -> 16.13¢
    // 1000 kWh: 112.00 + 0 + 4.39 +  40.512 = 156.902 -> 15.69¢
    // 2000 kWh: 224.00 + 0 + 4.39 +  81.024 = 309.414 -> 15.47¢
    expect(eflAveragePrices({ ...fixed, rate: 11.2, monthly_fee: 0 }, centerPoint)).toEqual({
      rate500: 16.1,
      rate1000: 15.7,
      rate2000: 15.5,
    });
  });

  it('match a third, time-of-use example: free weekends, 14¢/kWh on weekdays', () => {
    // Weekends are 2 days of 7 whatever the season or hour: 2/7 of the usage is free, 5/7 at 14¢ = 10¢ a kWh.
    const freeWeekends = {
      ...fixed,
      rate: 14,
      timeOfUse: [
        { name: 'Free weekends', season: 'All', start_hour: 0, end_hour: 24, days: 'Weekend', rate: 0 },
      ],
    };
    const aep = [
      { name: 'Customer charge', type: 'monthly', charge: 4.79, uom_from: null, uom_to: null },
      { name: 'Delivery', type: 'per_kwh', charge: 0.048, uom_from: null, uom_to: null },
    ];
    // 500 kWh:   50.00 + 9.95 + 4.79 + 24.00 =  88.74 -> 17.75¢
    // 1000 kWh: 100.00 + 9.95 + 4.79 + 48.00 = 162.74 -> 16.27¢
    // 2000 kWh: 200.00 + 9.95 + 4.79 + 96.00 = 310.74 -> 15.54¢
    expect(effectiveEnergyRate(freeWeekends)).toBeCloseTo(10, 10);
    expect(eflAveragePrices(freeWeekends, aep)).toEqual({ rate500: 17.7, rate1000: 16.3, rate2000: 15.5 });
    const shares = usageShares(freeWeekends);
    expect(shares.map((s) => s.window)).toEqual(['Free weekends', null]);
    expect(shares[0]!.share).toBeCloseTo(2 / 7, 10);
    expect(shares[1]).toMatchObject({ rate: 14 });
  });

  it('are derived line by line: energy per window, base charge, each delivery charge, summing to the average', () => {
    const aep = [
      { name: 'Customer charge', type: 'monthly', charge: 4.79, uom_from: null, uom_to: null },
      { name: 'Delivery', type: 'per_kwh', charge: 0.048, uom_from: null, uom_to: null },
    ];
    const tiers = eflDerivation(fixed, aep)!;
    expect(tiers.map((t) => t.kwh)).toEqual([500, 1000, 2000]);
    const [at1000] = tiers.filter((t) => t.kwh === 1000);
    expect(at1000!.lines).toEqual([
      { kind: 'energy', name: null, kwh: 1000, centsPerKwh: 9.4, dollars: 94 },
      { kind: 'base', name: null, kwh: null, centsPerKwh: null, dollars: 9.95 },
      { kind: 'delivery', name: 'Customer charge', kwh: null, centsPerKwh: null, dollars: 4.79 },
      { kind: 'delivery', name: 'Delivery', kwh: 1000, centsPerKwh: 4.8, dollars: 48 },
    ]);
    expect(at1000!.totalDollars).toBeCloseTo(156.74, 10);
    expect(at1000!.averageCents).toBeCloseTo(15.674, 10);
    expect(at1000!.shownCents).toBe(15.7);
    expect(eflDerivation({ ...fixed, commodity: 'Gas' }, aep)).toBeNull();
  });

  it('are null for gas plans, which carry no EFL', () => {
    expect(eflAveragePrices({ ...fixed, commodity: 'Gas' }, ONCOR)).toEqual({
      rate500: null,
      rate1000: null,
      rate2000: null,
    });
  });

  it('weigh time-of-use rates by the documented usage shape', () => {
    const freeNights = {
      ...fixed,
      timeOfUse: [
        { name: 'Free nights', season: 'All', start_hour: 21, end_hour: 6, days: 'All', rate: 0 },
        { name: 'Day', season: 'All', start_hour: 6, end_hour: 21, days: 'All', rate: 20 },
      ],
    };
    const dayShare = (['Summer', 'NonSummer'] as const).reduce(
      (sum, season) =>
        sum + SEASON_WEIGHT[season] * HOURLY_SHARE[season].slice(6, 21).reduce((a, b) => a + b, 0),
      0,
    );
    expect(effectiveEnergyRate(freeNights)).toBeCloseTo(20 * dayShare, 10);
    expect(dayShare).toBeGreaterThan(0.6);
    expect(dayShare).toBeLessThan(0.85);
  });

  it('use the plan rate for hours no window covers', () => {
    const summerPeakOnly = {
      ...fixed,
      timeOfUse: [
        { name: 'Summer peak', season: 'Summer', start_hour: 14, end_hour: 19, days: 'Weekday', rate: 30 },
      ],
    };
    const rate = effectiveEnergyRate(summerPeakOnly);
    expect(rate).toBeGreaterThan(fixed.rate);
    expect(rate).toBeLessThan(30);
  });

  it('apply per-kWh delivery charges by usage tier', () => {
    const tiered = [
      { type: 'per_kwh', charge: 0.05, uom_from: null, uom_to: 1000 },
      { type: 'per_kwh', charge: 0.07, uom_from: 1000, uom_to: null },
      { type: 'monthly', charge: 5, uom_from: null, uom_to: null },
    ];
    expect(deliveryCost(tiered, 500)).toBeCloseTo(5 + 25, 10);
    expect(deliveryCost(tiered, 2000)).toBeCloseTo(5 + 50 + 70, 10);
  });
});

describe("a month's bill at a usage", () => {
  it('is the bill the label averages are made of at 500, 1,000 and 2,000 kWh', () => {
    const tiers = eflDerivation(fixed, ONCOR)!;
    for (const tier of tiers) expect(billAtUsage(fixed, ONCOR, tier.kwh)).toEqual(tier);
    // 1,234 kWh: 115.996 + 9.95 + 4.23 + 64.035962 = 194.211962 -> 15.74¢
    const bill = billAtUsage(fixed, ONCOR, 1234);
    expect(bill.totalDollars).toBeCloseTo(194.211962, 9);
    expect(bill.shownCents).toBe(15.7);
  });

  it("counts a gas utility's per-Ccf or per-therm charges on the plan's unit", () => {
    const gas = { ...fixed, commodity: 'Gas', rate: 55, monthly_fee: 5 };
    const columbia = [
      { type: 'monthly', charge: 43.3, uom_from: null, uom_to: null },
      { type: 'per_ccf', charge: 0.06297, uom_from: null, uom_to: null },
    ];
    // 80 Ccf: 44.00 + 5 + 43.30 + 5.0376 = 97.3376 -> 121.7¢ a Ccf
    const bill = billAtUsage(gas, columbia, 80);
    expect(bill.totalDollars).toBeCloseTo(97.3376, 9);
    expect(bill.shownCents).toBe(121.7);
    expect(deliveryCost([{ type: 'per_therm', charge: 0.5, uom_from: null, uom_to: null }], 10)).toBe(5);
  });
});

describe('the usage shape', () => {
  it('has shares summing to one in each season and season weights summing to one', () => {
    for (const season of ['Summer', 'NonSummer'] as const) {
      expect(HOURLY_SHARE[season]).toHaveLength(24);
      expect(HOURLY_SHARE[season].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
    expect(SEASON_WEIGHT.Summer + SEASON_WEIGHT.NonSummer).toBeCloseTo(1, 12);
  });
});
