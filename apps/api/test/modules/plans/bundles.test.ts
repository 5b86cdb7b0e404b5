import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { planId, utilityId } from '../../fixtures/enrollments.js';
import { createTenant } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * Pricing staff make plan bundles, an electricity and a gas plan sold together, in the console: an Electric and a
 * Gas plan of the company, for one customer type, their utilities in one market, under a name the company has once.
 * Plan shopping offers a bundle from the next call on while both its plans are on sale; every change is audited.
 */
const api = useTestApi();
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const as = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let pricing: StaffBrowser;
let dukeElectric: number;
let dukeGas: number;
let electric: number;
let gas: number;
let gasMonthly: number;
let oncorElectric: number;
let georgiaGas: number;

interface Bundle {
  id: number;
  name: string;
  description: string;
  electricPlan: { id: number; name: string; onSale: boolean; published: boolean };
  gasPlan: { id: number; name: string; onSale: boolean };
  customerType: { id: number; name: string };
  market: { id: number; name: string; stateCode: string };
  sellableToday: boolean;
}

/** What plan shopping offers for the Duke Energy Ohio pair: each bundle's id and its two plans. */
async function offered() {
  const answer = await api.call('GET', '/plan-bundles/for-wizard', {
    token: await api.sandboxToken(),
    query: { electricUtilityId: dukeElectric, gasUtilityId: dukeGas },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (
    answer.body.data as { id_bundle: number; name: string; id_electric_plan: number; id_gas_plan: number }[]
  ).map((b) => ({ id: b.id_bundle, name: b.name, electric: b.id_electric_plan, gas: b.id_gas_plan }));
}

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Cincinnati Comfort Pair',
  description: 'Fixed electricity with month-to-month gas.',
  electricPlanId: electric,
  gasPlanId: gas,
  ...overrides,
});

async function createBundle(overrides: Record<string, unknown> = {}): Promise<Bundle> {
  const response = await pricing.call('POST', '/plan-bundles', { body: body(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

const auditOf = async (bundle: number) => {
  const admin = await as('Administrator');
  return (await admin.call('GET', '/audit-log', { query: { targetType: 'plan-bundle', targetId: bundle } }))
    .body.data as { action: string; summary: string; actor: string }[];
};

/** A draft copy of a plan, made by pricing staff. */
async function draftCopy(source: number, name: string, code: string): Promise<number> {
  const copy = await pricing.call('POST', `/plans/${source}/clone`, {
    body: { name, billingSystemPlanCode: code, note: 'For a bundle' },
  });
  expect(copy.status, JSON.stringify(copy.body)).toBe(200);
  return copy.body.data.id;
}

/** A Small Business electricity plan of Duke Energy Ohio, made from nothing by pricing staff (a draft). */
async function smallBusinessElectric(): Promise<number> {
  const { utilities } = (await pricing.call('GET', '/plans/choices')).body.data as {
    utilities: { id: number; customerTypes: { id: number; name: string }[] }[];
  };
  const smallBusiness = utilities
    .find((u) => u.id === dukeElectric)!
    .customerTypes.find((t) => t.name === 'Small Business')!;
  const made = await pricing.call('POST', '/plans', {
    body: {
      utilityId: dukeElectric,
      customerTypeId: smallBusiness.id,
      planType: 'Fixed',
      description: 'A fixed generation price for Cincinnati offices.',
      billingSystemPlanCode: 'DUKE_OH_E-SB-12',
      published: false,
      availableFrom: '2026-01-01',
      availableUntil: null,
      term: 12,
      promoCode: null,
      earlyTerminationText: 'An early termination fee of $150 applies.',
      termsText: '12-month term.',
      thankYouText: 'Welcome!',
      renewablePercent: 0,
      recurringBillingRequired: false,
      requiredCreditCheck: true,
      requiredDepositFee: 0,
      depositRequiredUnderScore: 0,
      depositDenyServiceUnderScore: 0,
      minStartDateDelayDays: 1,
      allowBypassCreditCheck: false,
      allowDateOfBirth: false,
      askCriticalCare: true,
      verificationRequired: false,
      renewalsAllowed: true,
      reenrollmentsAllowed: true,
      prices: { rate: 7.1, monthlyFee: 0, cancellationFee: 150, timeOfUse: [] },
      acceptanceOptions: [{ text: 'I agree to the terms of service.', required: true }],
      note: 'Cincinnati offices',
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data.id;
}

/** A gas plan of another retail company: the sandbox's 12-month gas plan, copied into a new tenant's catalogue. */
async function anotherCompanysPlan(): Promise<number> {
  const db = api.db.kysely;
  const rival = await createTenant(db, api.app.voltin.keys, 'rival-gas');
  const brand = await db
    .selectFrom('brands')
    .select('id')
    .where('company_id', '=', rival.companyId)
    .executeTakeFirstOrThrow();
  const { id: _id, ...plan } = await db
    .selectFrom('plans')
    .selectAll()
    .where('id', '=', gas)
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('plans')
    .values({
      ...plan,
      company_id: rival.companyId,
      brand_id: brand.id,
      billing_system_plan_code: 'RIVAL-GAS-12',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  pricing = await as('Pricing');
  dukeElectric = await utilityId(api, 'DUKE_OH_E');
  dukeGas = await utilityId(api, 'DUKE_OH');
  electric = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric', 'DUKE_OH_E');
  gas = await planId(api, 'Bluebonnet Energy 12-Month Fixed Gas', 'DUKE_OH');
  gasMonthly = await planId(api, 'Bluebonnet Energy Month-to-Month Variable Gas', 'DUKE_OH');
  oncorElectric = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric', 'ONCOR');
  georgiaGas = await planId(api, 'Bluebonnet Energy 12-Month Fixed Gas', 'AGL');
});

describe('the bundles in the console', () => {
  it('list the seeded Cincinnati bundle with its plans, utilities, customer type and market, sellable today', async () => {
    const listed = (await pricing.call('GET', '/plan-bundles')).body.data as Bundle[];
    const seeded = listed.find((b) => b.name === 'Cincinnati Home Bundle')!;
    expect(seeded).toMatchObject({
      electricPlan: {
        id: electric,
        name: 'Bluebonnet Energy 12-Month Fixed Electric',
        utility: { code: 'DUKE_OH_E', name: 'Duke Energy Ohio (electric)' },
        published: true,
        retired: false,
        onSale: true,
      },
      gasPlan: { id: gas, utility: { code: 'DUKE_OH' }, onSale: true },
      customerType: { name: 'Residential' },
      market: { name: 'Ohio Energy Choice', stateCode: 'OH' },
      sellableToday: true,
    });
    expect((await pricing.call('GET', `/plan-bundles/${seeded.id}`)).body.data).toEqual(seeded);
  });
});

describe('a bundle made by pricing staff', () => {
  it('is offered by plan shopping at the next call, and audited', async () => {
    const before = await offered();
    const made = await createBundle({ name: '  Cincinnati Comfort Pair ', gasPlanId: gasMonthly });
    expect(made).toMatchObject({
      name: 'Cincinnati Comfort Pair',
      electricPlan: { id: electric },
      gasPlan: { id: gasMonthly },
      customerType: { name: 'Residential' },
      market: { stateCode: 'OH' },
      sellableToday: true,
    });
    expect(await offered()).toEqual([
      ...before,
      { id: made.id, name: 'Cincinnati Comfort Pair', electric, gas: gasMonthly },
    ]);
    const audit = await auditOf(made.id);
    expect(audit).toMatchObject([{ action: 'bundle.create', actor: staff('Pricing').email }]);
    expect(audit[0]!.summary).toContain('Cincinnati Comfort Pair');
  });

  it('changes name, description and plans, checked whole: plan shopping answers the new pair', async () => {
    const made = await createBundle({ name: 'Queen City Pair' });
    const changed = await pricing.call('PATCH', `/plan-bundles/${made.id}`, {
      body: { name: 'Queen City Flex Pair', description: 'Flexible gas.', gasPlanId: gasMonthly },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      id: made.id,
      name: 'Queen City Flex Pair',
      description: 'Flexible gas.',
      electricPlan: { id: electric },
      gasPlan: { id: gasMonthly },
    });
    expect((await offered()).find((b) => b.id === made.id)).toEqual({
      id: made.id,
      name: 'Queen City Flex Pair',
      electric,
      gas: gasMonthly,
    });
    const refused = expectFailure(
      await pricing.call('PATCH', `/plan-bundles/${made.id}`, { body: { gasPlanId: georgiaGas } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(refused.errors).toEqual([
      "gasPlanId: its utility is in Georgia Natural Gas, the electric plan's in Ohio Energy Choice; both utilities of a bundle are in one market",
    ]);
    const audit = await auditOf(made.id);
    expect(audit.map((e) => e.action)).toEqual(['bundle.change', 'bundle.create']);
    expect(audit[0]!.summary).toContain('name, description, gasPlan');
  });

  it('of a draft plan is kept but not sold until both plans are on sale', async () => {
    const draft = await draftCopy(
      electric,
      'Bluebonnet Energy 12-Month Winter Fixed Electric',
      'DUKE_OH_E-WINTER',
    );
    const made = await createBundle({ name: 'Winter Pair', electricPlanId: draft });
    expect(made).toMatchObject({
      electricPlan: { id: draft, published: false, onSale: false },
      sellableToday: false,
    });
    expect((await offered()).map((b) => b.id)).not.toContain(made.id);
    await pricing.call('PATCH', `/plans/${draft}`, { body: { published: true } });
    expect((await pricing.call('GET', `/plan-bundles/${made.id}`)).body.data.sellableToday).toBe(true);
    expect((await offered()).map((b) => b.id)).toContain(made.id);
  });

  it('deleted, is gone from plan shopping and from the list; its plans stay; audited', async () => {
    const made = await createBundle({ name: 'Short-lived Pair' });
    expect((await offered()).map((b) => b.id)).toContain(made.id);
    const deleted = await pricing.call('DELETE', `/plan-bundles/${made.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: made.id, name: 'Short-lived Pair' });
    expect((await offered()).map((b) => b.id)).not.toContain(made.id);
    const listed = (await pricing.call('GET', '/plan-bundles')).body.data as Bundle[];
    expect(listed.map((b) => b.id)).not.toContain(made.id);
    expectFailure(await pricing.call('GET', `/plan-bundles/${made.id}`), 404, 'PLAN_BUNDLE_NOT_FOUND');
    expectFailure(await pricing.call('DELETE', `/plan-bundles/${made.id}`), 404, 'PLAN_BUNDLE_NOT_FOUND');
    expect((await pricing.call('GET', `/plans/${electric}`)).body.data.onSale).toBe(true);
    expect((await auditOf(made.id)).map((e) => e.action)).toEqual(['bundle.delete', 'bundle.create']);
  });
});

describe('a bundle is refused', () => {
  it('with every problem at once: plans of the wrong commodity', async () => {
    const refused = expectFailure(
      await pricing.call('POST', '/plan-bundles', {
        body: body({ name: 'Upside Down', electricPlanId: gas, gasPlanId: electric }),
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(refused.errors).toEqual([
      'electricPlanId: Bluebonnet Energy 12-Month Fixed Gas is a gas plan, not an electricity plan',
      'gasPlanId: Bluebonnet Energy 12-Month Fixed Electric is an electricity plan, not a gas plan',
    ]);
  });

  it('for two customer types, or utilities in two markets', async () => {
    const business = await smallBusinessElectric();
    expect(
      expectFailure(
        await pricing.call('POST', '/plan-bundles', { body: body({ electricPlanId: business }) }),
        400,
        'VALIDATION_FAILED',
      ).errors,
    ).toEqual([
      'gasPlanId: is for Residential customers, the electric plan for Small Business; both plans of a bundle are for one customer type',
    ]);
    expect(
      expectFailure(
        await pricing.call('POST', '/plan-bundles', {
          body: body({ electricPlanId: oncorElectric, gasPlanId: georgiaGas }),
        }),
        400,
        'VALIDATION_FAILED',
      ).errors,
    ).toEqual([
      "gasPlanId: its utility is in Georgia Natural Gas, the electric plan's in Texas (ERCOT); both utilities of a bundle are in one market",
    ]);
  });

  it('of an unknown plan, another company’s plan or a plan retired', async () => {
    const theirs = await anotherCompanysPlan();
    expect(
      expectFailure(
        await pricing.call('POST', '/plan-bundles', {
          body: body({ electricPlanId: 999_999, gasPlanId: theirs }),
        }),
        400,
        'VALIDATION_FAILED',
      ).errors,
    ).toEqual(['electricPlanId: no plan of this company', 'gasPlanId: no plan of this company']);
    const retiring = await draftCopy(gas, 'Bluebonnet Energy 12-Month Legacy Gas', 'DUKE_OH-LEGACY');
    const bundled = await createBundle({ name: 'Legacy Pair', gasPlanId: retiring });
    await pricing.call('POST', `/plans/${retiring}/retirement`, { body: { retired: true } });
    expect(
      expectFailure(
        await pricing.call('POST', '/plan-bundles', {
          body: body({ name: 'Legacy Again', gasPlanId: retiring }),
        }),
        400,
        'VALIDATION_FAILED',
      ).errors,
    ).toEqual(['gasPlanId: Bluebonnet Energy 12-Month Legacy Gas is retired; it is sold no more']);
    // A bundle whose plan was retired since keeps it, and can still be renamed; it is not sold.
    const renamed = await pricing.call('PATCH', `/plan-bundles/${bundled.id}`, {
      body: { name: 'Legacy Pair (old)' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({
      gasPlan: { id: retiring, onSale: false },
      sellableToday: false,
    });
  });

  it('without a name, or with one over 100 characters', async () => {
    for (const name of ['', '   ', 'x'.repeat(101)])
      expectFailure(
        await pricing.call('POST', '/plan-bundles', { body: body({ name }) }),
        400,
        'VALIDATION_FAILED',
      );
    expectFailure(await pricing.call('PATCH', '/plan-bundles/1', { body: {} }), 400, 'VALIDATION_FAILED');
  });

  it('under a name the company has, whatever its capitals, on create and on change', async () => {
    const taken = expectFailure(
      await pricing.call('POST', '/plan-bundles', { body: body({ name: 'cincinnati HOME bundle' }) }),
      409,
      'PLAN_BUNDLE_NAME_TAKEN',
    );
    expect(taken.errors).toEqual(['name: cincinnati HOME bundle is taken']);
    const made = await createBundle({ name: 'Renamed Later' });
    expectFailure(
      await pricing.call('PATCH', `/plan-bundles/${made.id}`, { body: { name: 'Cincinnati Home Bundle' } }),
      409,
      'PLAN_BUNDLE_NAME_TAKEN',
    );
    expect((await pricing.call('GET', `/plan-bundles/${made.id}`)).body.data.name).toBe('Renamed Later');
  });

  it('when six staff make one name at once: the database lets exactly one through', async () => {
    const requests = Array.from({ length: 6 }, () =>
      pricing.call('POST', '/plan-bundles', { body: body({ name: 'Race Day Pair' }) }),
    );
    const answers = await Promise.all(requests);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expectFailure(refused, 409, 'PLAN_BUNDLE_NAME_TAKEN');
    const listed = (await pricing.call('GET', '/plan-bundles')).body.data as Bundle[];
    expect(listed.filter((b) => b.name === 'Race Day Pair')).toHaveLength(1);
  });

  it('when it is unknown or another company’s: PLAN_BUNDLE_NOT_FOUND', async () => {
    expectFailure(await pricing.call('GET', '/plan-bundles/999999'), 404, 'PLAN_BUNDLE_NOT_FOUND');
    expectFailure(
      await pricing.call('PATCH', '/plan-bundles/999999', { body: { name: 'Nobody' } }),
      404,
      'PLAN_BUNDLE_NOT_FOUND',
    );
    expectFailure(await pricing.call('DELETE', '/plan-bundles/999999'), 404, 'PLAN_BUNDLE_NOT_FOUND');
  });
});

describe('a Read-only staff member', () => {
  it('reads the bundles but changes none', async () => {
    const auditor = await as('Read-only');
    const made = await createBundle({ name: 'Look Only Pair' });
    expect((await auditor.call('GET', '/plan-bundles')).status).toBe(200);
    expect((await auditor.call('GET', `/plan-bundles/${made.id}`)).status).toBe(200);
    expectFailure(
      await auditor.call('POST', '/plan-bundles', { body: body({ name: 'Mine' }) }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(
      await auditor.call('PATCH', `/plan-bundles/${made.id}`, { body: { name: 'Mine now' } }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(await auditor.call('DELETE', `/plan-bundles/${made.id}`), 403, 'PERMISSION_DENIED');
    expect((await pricing.call('GET', `/plan-bundles/${made.id}`)).body.data.name).toBe('Look Only Pair');
  });
});
