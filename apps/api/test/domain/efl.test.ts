import { describe, expect, it } from 'vitest';
import { deliveryCost, effectiveEnergyRate, eflAveragePrices } from '../../src/domain/efl.js';
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

describe('the usage shape', () => {
  it('has shares summing to one in each season and season weights summing to one', () => {
    for (const season of ['Summer', 'NonSummer'] as const) {
      expect(HOURLY_SHARE[season]).toHaveLength(24);
      expect(HOURLY_SHARE[season].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
    expect(SEASON_WEIGHT.Summer + SEASON_WEIGHT.NonSummer).toBeCloseTo(1, 12);
  });
});
