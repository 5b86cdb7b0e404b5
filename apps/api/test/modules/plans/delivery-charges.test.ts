import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { planId, utilityId } from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * A utility's delivery charges change twice a year in Texas. Pricing staff save the new tariff ahead, see every plan
 * whose EFL averages it moves, and plan shopping switches to it by itself at its moment.
 */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let pricing: StaffBrowser;
let oncor: number;
let fixed: number;

const TARIFF = [
  {
    name: 'Customer and metering charges',
    nameEs: 'Cargos de cliente y medición',
    type: 'monthly',
    charge: 4.5,
    uomFrom: null,
    uomTo: null,
  },
  { name: 'Delivery charges', nameEs: '', type: 'per_kwh', charge: 0.0575, uomFrom: null, uomTo: null },
];

const inHours = (hours: number) => new Date(clock.now().getTime() + hours * 3_600_000).toISOString();
const sold = async () =>
  (await api.call('GET', `/plans/${fixed}`, { token: await api.sandboxToken() })).body.data as {
    rate1000: number;
  };

beforeAll(async () => {
  pricing = await signIn('Pricing');
  oncor = await utilityId(api, 'ONCOR');
  fixed = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
});

describe("a utility's delivery charges", () => {
  it('are listed as sets, the one in effect first', async () => {
    const listed = (await pricing.call('GET', `/utilities/${oncor}/delivery-charges`)).body.data;
    expect(listed.utility.code).toBe('ONCOR');
    expect(listed.sets).toHaveLength(1);
    expect(listed.sets[0]).toMatchObject({ state: 'in effect' });
    expect(listed.sets[0].charges.map((c: { type: string }) => c.type)).toEqual(['monthly', 'per_kwh']);
  });

  it('previewed, show every plan of the utility with its EFL averages before and after, saving nothing', async () => {
    const preview = await pricing.call('POST', `/utilities/${oncor}/delivery-charges/preview`, {
      body: { charges: TARIFF },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const plans = preview.body.data.plans as {
      id: number;
      before: { at1000: number };
      after: { at1000: number };
    }[];
    const plan = plans.find((p) => p.id === fixed)!;
    // 1,000 kWh: $4.50 + $57.50 against $4.23 + $51.893 today: $5.877 more, 0.5877¢ a kWh.
    expect(plan.after.at1000 - plan.before.at1000).toBeCloseTo(0.6, 5);
    expect(plans.every((p) => p.after.at1000 > p.before.at1000)).toBe(true);
    expect((await pricing.call('GET', `/utilities/${oncor}/delivery-charges`)).body.data.sets).toHaveLength(
      1,
    );
  });

  it('saved for later, take over plan shopping by themselves at their moment', async () => {
    const before = await sold();
    const at = inHours(6);
    const saved = await pricing.call('POST', `/utilities/${oncor}/delivery-charges`, {
      body: { effectiveFrom: at, charges: TARIFF, note: 'PUCT tariff filing, March update' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.effectiveFrom).toBe(at);
    const sets = (await pricing.call('GET', `/utilities/${oncor}/delivery-charges`)).body.data.sets;
    expect(sets.map((s: { state: string }) => s.state)).toEqual(['scheduled', 'in effect']);
    expect(await sold()).toEqual(before);

    clock.advance(6 * 3600);
    expect((await sold()).rate1000).toBeCloseTo(before.rate1000 + 0.6, 5);
    pricing = await signIn('Pricing');
    const now = (await pricing.call('GET', `/utilities/${oncor}/delivery-charges`)).body.data.sets;
    expect(now.map((s: { state: string }) => s.state)).toEqual(['in effect', 'past']);
  });

  it('are refused whole when the moment is past or taken, or a tier ends before it starts', async () => {
    const past = await pricing.call('POST', `/utilities/${oncor}/delivery-charges`, {
      body: {
        effectiveFrom: inHours(-1),
        charges: [{ ...TARIFF[1], uomFrom: 1000, uomTo: 500 }],
        note: 'Wrong on purpose',
      },
    });
    expectFailure(past, 400, 'VALIDATION_FAILED');
    expect(past.body.errors).toEqual([
      'effectiveFrom: is in the past; a change takes effect now or later',
      'charges[0].uomTo: must be above uomFrom',
    ]);
    const at = inHours(48);
    const first = await pricing.call('POST', `/utilities/${oncor}/delivery-charges`, {
      body: { effectiveFrom: at, charges: TARIFF, note: 'September update' },
    });
    expect(first.status).toBe(200);
    const again = await pricing.call('POST', `/utilities/${oncor}/delivery-charges`, {
      body: { effectiveFrom: at, charges: TARIFF, note: 'Saved twice' },
    });
    expectFailure(again, 400, 'VALIDATION_FAILED');
    expect(again.body.errors).toEqual([
      'effectiveFrom: a set of charges already takes effect at this moment',
    ]);
  });

  it('are changed by Pricing and Administrators only, for their own utilities', async () => {
    const agent = await signIn('Operations agent');
    expect((await agent.call('GET', `/utilities/${oncor}/delivery-charges`)).status).toBe(200);
    expectFailure(
      await agent.call('POST', `/utilities/${oncor}/delivery-charges`, {
        body: { charges: TARIFF, note: 'Not mine' },
      }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(await pricing.call('GET', '/utilities/999999/delivery-charges'), 404, 'NOT_FOUND');
  });
});
