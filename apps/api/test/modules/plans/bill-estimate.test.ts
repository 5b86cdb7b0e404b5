import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { planId, utilityId } from '../../fixtures/enrollments.js';
import { setUtility } from '../../fixtures/operator.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { signedIn } from '../../helpers/console.js';

/**
 * Plan shopping's estimate of the month's bill at the customer's usage (GET /plans/bill-estimate): the bill the EFL
 * averages are made of, for the plans the wizard lists and no others.
 */
// Inside the sandbox campaign HOMEFALL26's window (September 2026 to the new year).
const clock = manualClock('2026-11-27T15:00:00.000Z');
const api = useTestApi({}, {}, { clock });

interface WizardPlan {
  id_plan: number;
  name: string;
  rate: number;
  monthly_fee: number;
  rate500: number | null;
  rate1000: number | null;
  rate2000: number | null;
  decimal_places_to_show: number;
  is_time_of_use: boolean;
  delivery_charges: { type: string; charge: number; uom_from: number | null; uom_to: number | null }[];
}
interface Estimate {
  id_plan: number;
  usage: number;
  unit: string;
  average_price: number;
  monthly_bill: number;
}

const wizard = async (utility: string, promoCode?: string) =>
  (
    await api.call('GET', '/plans/for-wizard', {
      token: await api.sandboxToken(),
      query: {
        ids_utilities: await utilityId(api, utility),
        customer_type: 1,
        ...(promoCode ? { promo_code: promoCode } : {}),
      },
    })
  ).body.data as WizardPlan[];

const estimate = async (ids: number[] | string, usage: number | string, promoCode?: string) =>
  api.call('GET', '/plans/bill-estimate', {
    token: await api.sandboxToken(),
    query: { ids_plans: ids, usage, ...(promoCode ? { promo_code: promoCode } : {}) },
  });

const estimates = async (ids: number[], usage: number, promoCode?: string) => {
  const response = await estimate(ids, usage, promoCode);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as Estimate[];
};

/** A single-rate plan's bill, worked out by hand from what the wizard shows of it. */
const byHand = (plan: WizardPlan, usage: number) =>
  (plan.rate * usage) / 100 +
  plan.monthly_fee +
  plan.delivery_charges.reduce((sum, c) => sum + (c.type === 'monthly' ? c.charge : c.charge * usage), 0);

let oncorPlans: WizardPlan[];

beforeAll(async () => {
  oncorPlans = await wizard('ONCOR');
});

describe('GET /plans/bill-estimate', () => {
  it('at 500, 1,000 and 2,000 kWh answers the EFL averages the wizard shows, time of use included', async () => {
    const plans = oncorPlans.slice(0, 10);
    expect(plans.some((p) => p.is_time_of_use)).toBe(true);
    for (const [usage, averageOf] of [
      [500, (p: WizardPlan) => p.rate500],
      [1000, (p: WizardPlan) => p.rate1000],
      [2000, (p: WizardPlan) => p.rate2000],
    ] as const) {
      const answered = await estimates(
        plans.map((p) => p.id_plan),
        usage,
      );
      expect(answered.map((e) => e.id_plan)).toEqual(plans.map((p) => p.id_plan));
      for (const [i, plan] of plans.entries()) {
        const shown = averageOf(plan)!;
        expect(answered[i]).toMatchObject({ usage, unit: 'kWh', average_price: shown });
        // The bill is the unrounded average times the usage: rate × usage, within the rounding of the shown rate.
        const rounding = (0.5 * 10 ** -plan.decimal_places_to_show * usage) / 100;
        expect(Math.abs(answered[i]!.monthly_bill - (shown * usage) / 100)).toBeLessThanOrEqual(
          rounding + 0.005,
        );
      }
    }
  });

  it("at the customer's own usage is energy, base charge and delivery, to the cent", async () => {
    const fixed = oncorPlans.find((p) => p.name === 'Bluebonnet Energy 12-Month Fixed Electric')!;
    const [bill] = await estimates([fixed.id_plan], 1234);
    // 115.996 + 9.95 + 4.23 + 64.035962 = 194.211962
    expect(bill).toEqual({
      id_plan: fixed.id_plan,
      usage: 1234,
      unit: 'kWh',
      average_price: 15.7,
      monthly_bill: 194.21,
    });
    expect(bill!.monthly_bill).toBeCloseTo(byHand(fixed, 1234), 2);
  });

  it("prices a gas plan per the plan's unit, with the utility's delivery charges", async () => {
    const [gas] = await wizard('COH');
    const [bill] = await estimates([gas!.id_plan], 80);
    expect(gas!.rate1000).toBeNull();
    expect(bill).toMatchObject({ id_plan: gas!.id_plan, usage: 80, unit: 'Ccf' });
    expect(bill!.monthly_bill).toBeCloseTo(byHand(gas!, 80), 2);
    const average = (byHand(gas!, 80) / 80) * 100;
    expect(Math.abs(bill!.average_price - average)).toBeLessThanOrEqual(
      0.5 * 10 ** -gas!.decimal_places_to_show + 1e-9,
    );
  });

  it('answers in the order asked, once a plan, taking the ids repeated or comma-separated', async () => {
    const ids = oncorPlans.slice(0, 3).map((p) => p.id_plan);
    const reversed = [...ids].reverse();
    expect((await estimates([...reversed, ids[0]!], 1000)).map((e) => e.id_plan)).toEqual(reversed);
    const commas = await estimate(reversed.join(','), 1000);
    expect(commas.body.data.map((e: Estimate) => e.id_plan)).toEqual(reversed);
  });

  it('leaves out the plans the wizard would not list: unknown, not on sale, of a utility not enrolling', async () => {
    const fixed = oncorPlans[0]!.id_plan;
    const draft = await planId(api, 'Bluebonnet Energy 6-Month Fixed Electric');
    const retired = await planId(api, 'Bluebonnet Energy 18-Month Fixed Electric');
    const tnmp = (await wizard('TNMP'))[0]!.id_plan;
    const ids = (await estimates([fixed, 999_999, draft, retired, tnmp], 1000)).map((e) => e.id_plan);
    expect(ids).toEqual([fixed, tnmp]);
    await setUtility(api.db.kysely, 'TNMP', { allow_enrollments: 0 });
    try {
      expect((await estimates([fixed, tnmp], 1000)).map((e) => e.id_plan)).toEqual([fixed]);
    } finally {
      await setUtility(api.db.kysely, 'TNMP', { allow_enrollments: 1 });
    }
  });

  it('estimates a campaign plan with its valid promo code only, as the wizard lists it', async () => {
    const campaign = (await wizard('ONCOR', 'homefall26')).find((p) => p.name.endsWith('HOMEFALL26'))!;
    expect(await estimates([campaign.id_plan], 1000)).toEqual([]);
    const [bill] = await estimates([campaign.id_plan], 1000, 'homefall26');
    expect(bill).toMatchObject({ id_plan: campaign.id_plan, average_price: campaign.rate1000 });
    expectFailure(await estimate([campaign.id_plan], 1000, 'NOSUCHCODE'), 422, 'PROMO_CODE_INVALID');
    expectFailure(await estimate([campaign.id_plan], 1000, 'SUMMER25'), 422, 'PROMO_CODE_INVALID');
  });

  it('refuses a usage that is not a whole number from 1 to 100,000, and no plan or more than 10', async () => {
    const id = oncorPlans[0]!.id_plan;
    for (const usage of [0, -5, 1.5, 100_001, 'lots'])
      expectFailure(await estimate([id], usage), 400, 'VALIDATION_FAILED');
    expect(await estimates([id], 100_000)).toHaveLength(1);
    expectFailure(await estimate([], 1000), 400, 'VALIDATION_FAILED');
    expectFailure(
      await estimate(
        Array.from({ length: 11 }, (_, i) => id + i),
        1000,
      ),
      400,
      'VALIDATION_FAILED',
    );
  });

  it("follows the utility's delivery charges in force now, tier by tier", async () => {
    const pricing = SANDBOX_STAFF.find((member) => member.role === 'Pricing')!;
    const staff = await signedIn(api.consoleUrl, pricing.email, pricing.password);
    const [plan] = await wizard('AEP_TNC');
    const before = (await estimates([plan!.id_plan], 1500))[0]!;
    const saved = await staff.call('POST', `/utilities/${await utilityId(api, 'AEP_TNC')}/delivery-charges`, {
      body: {
        charges: [
          { name: 'Customer charge', nameEs: '', type: 'monthly', charge: 5, uomFrom: null, uomTo: null },
          { name: 'First 1,000 kWh', nameEs: '', type: 'per_kwh', charge: 0.03, uomFrom: null, uomTo: 1000 },
          { name: 'Above 1,000 kWh', nameEs: '', type: 'per_kwh', charge: 0.08, uomFrom: 1000, uomTo: null },
        ],
        note: 'A tiered tariff, for the test',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const bill = async (usage: number) => (await estimates([plan!.id_plan], usage))[0]!.monthly_bill;
    const [at900, at1000, at1100] = [await bill(900), await bill(1000), await bill(1100)];
    // 100 kWh more costs the energy plus 3¢ a kWh of delivery under the tier's end, 8¢ above it: $5 apart.
    expect(at1100 - at1000 - (at1000 - at900)).toBeCloseTo(5, 2);
    expect(await bill(1500)).not.toBe(before.monthly_bill);
    const [shown] = (await wizard('AEP_TNC')).filter((p) => p.id_plan === plan!.id_plan);
    expect((await estimates([plan!.id_plan], 1000))[0]!.average_price).toBe(shown!.rate1000);
  });
});
