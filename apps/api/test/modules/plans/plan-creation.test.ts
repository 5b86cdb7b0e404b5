import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { utilityId } from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * Pricing staff make a plan from nothing: settings, first prices (time-of-use windows too), what the customer agrees
 * to. It starts as a draft and is sold once published, with the documents of its commodity.
 */
const api = useTestApi();
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let pricing: StaffBrowser;
let oncor: number;
let gas: number;

const RESIDENTIAL = 1;
const COMMERCIAL = 2;
const WINDOWS = [
  { name: 'Free nights', season: 'All', start_hour: 21, end_hour: 6, days: 'All', rate: 0 },
  { name: 'Summer peak', season: 'Summer', start_hour: 14, end_hour: 19, days: 'Weekday', rate: 24.5 },
];

function newPlan(overrides: Record<string, unknown> = {}) {
  return {
    utilityId: oncor,
    customerTypeId: RESIDENTIAL,
    planType: 'Fixed',
    description: 'Free electricity every night, all year.',
    billingSystemPlanCode: 'ONCOR-RES-NIGHTS-12',
    published: false,
    availableFrom: '2026-01-01',
    availableUntil: null,
    term: 12,
    promoCode: null,
    earlyTerminationText: 'An early termination fee of $150 applies if you end this plan before its term.',
    termsText: '12-month term.',
    thankYouText: 'Welcome! Your welcome kit is on its way by email.',
    renewablePercent: 31,
    recurringBillingRequired: false,
    requiredCreditCheck: true,
    requiredDepositFee: 150,
    depositRequiredUnderScore: 600,
    depositDenyServiceUnderScore: 0,
    minStartDateDelayDays: 1,
    allowBypassCreditCheck: false,
    allowDateOfBirth: true,
    askCriticalCare: true,
    verificationRequired: false,
    renewalsAllowed: true,
    reenrollmentsAllowed: true,
    prices: { rate: 15.9, monthlyFee: 9.95, cancellationFee: 150, timeOfUse: WINDOWS },
    acceptanceOptions: [
      {
        text: 'I have read and agree to the Terms of Service and the Electricity Facts Label.',
        required: true,
      },
      { text: 'Send me energy-saving tips by email.', required: false },
    ],
    note: 'Free nights launch',
    ...overrides,
  };
}

const forWizard = async () =>
  (
    await api.call('GET', '/plans/for-wizard', {
      token: await api.sandboxToken(),
      query: { ids_utilities: oncor, customer_type: RESIDENTIAL },
    })
  ).body.data as { id_plan: number; name: string; is_time_of_use: boolean; rate1000: number }[];

beforeAll(async () => {
  pricing = await signIn('Pricing');
  oncor = await utilityId(api, 'ONCOR');
  gas = await utilityId(api, 'DUKE_OH');
});

describe('a plan made from nothing in the console', () => {
  it('may be for any active utility, with the customer types it serves and its rate unit', async () => {
    const choices = (await pricing.call('GET', '/plans/choices')).body.data;
    expect(choices.utilities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: oncor,
          code: 'ONCOR',
          commodity: 'Electric',
          rateUnit: 'kWh',
          customerTypes: expect.arrayContaining([{ id: RESIDENTIAL, name: 'Residential' }]),
        }),
        expect.objectContaining({ id: gas, commodity: 'Gas', rateUnit: 'Ccf' }),
      ]),
    );
  });

  it('starts as a draft named by the naming rule, its prices the first version, sold once published', async () => {
    const created = await pricing.call('POST', '/plans', { body: newPlan() });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const plan = created.body.data;
    expect(plan).toMatchObject({
      name: 'Bluebonnet Energy 12-Month Time of Use Electric',
      rateType: 'Time of Use',
      commodity: 'Electric',
      published: false,
      onSale: false,
      utility: { code: 'ONCOR' },
    });
    expect(plan.versions).toEqual([
      expect.objectContaining({
        version: 1,
        state: 'in effect',
        rate: 15.9,
        monthlyFee: 9.95,
        cancellationFee: 150,
        timeOfUse: WINDOWS,
        note: 'Free nights launch',
        createdBy: staff('Pricing').email,
      }),
    ]);
    expect(plan.versions[0].averagePrices.at1000).toBeGreaterThan(0);
    expect((await forWizard()).map((p) => p.id_plan)).not.toContain(plan.id);

    await pricing.call('PATCH', `/plans/${plan.id}`, { body: { published: true } });
    const sold = (await forWizard()).find((p) => p.id_plan === plan.id);
    expect(sold).toMatchObject({ is_time_of_use: true, rate1000: plan.versions[0].averagePrices.at1000 });
    const shown = await api.call('GET', `/plans/${plan.id}`, { token: await api.sandboxToken() });
    expect(shown.body.data.acceptance_options.map((o: { text: string }) => o.text)).toEqual([
      'I have read and agree to the Terms of Service and the Electricity Facts Label.',
      'Send me energy-saving tips by email.',
    ]);
    expect(shown.body.data.plan_documents.map((d: { name: string }) => d.name)).toEqual([
      'Electricity Facts Label',
      'Terms of Service',
    ]);
  });

  it('keeps the name staff give, and makes a single-rate plan without windows', async () => {
    const created = await pricing.call('POST', '/plans', {
      body: newPlan({
        name: 'Bluebonnet Simple Saver',
        planType: 'Variable',
        term: 1,
        prices: { rate: 13.2, monthlyFee: 0, cancellationFee: 0, timeOfUse: [] },
      }),
    });
    expect(created.body.data).toMatchObject({
      name: 'Bluebonnet Simple Saver',
      rateType: 'Variable',
      term: 1,
    });
  });

  it('refuses an inconsistent plan whole, naming each problem', async () => {
    const refused = await pricing.call('POST', '/plans', {
      body: newPlan({
        utilityId: gas,
        availableUntil: '2025-12-31',
        promoCode: 'NO-SUCH-CAMPAIGN',
        prices: { rate: 50, monthlyFee: 5, cancellationFee: 0, timeOfUse: [{ ...WINDOWS[0], end_hour: 21 }] },
      }),
    });
    expectFailure(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual([
      'availableUntil: is before availableFrom',
      'promoCode: no campaign has the code NO-SUCH-CAMPAIGN',
      'timeOfUse[0].end_hour: must differ from start_hour',
      'prices.timeOfUse: only an electricity plan has windows',
    ]);
    expectFailure(
      await pricing.call('POST', '/plans', { body: newPlan({ acceptanceOptions: [] }) }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await pricing.call('POST', '/plans', { body: newPlan({ utilityId: 999_999 }) }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses a customer type the utility does not serve', async () => {
    // Arranged in the database: every seeded utility serves every customer type, and no API unlinks one.
    await api.db.kysely
      .deleteFrom('utility_customer_types')
      .where('utility_id', '=', oncor)
      .where('customer_type_id', '=', COMMERCIAL)
      .execute();
    const refused = await pricing.call('POST', '/plans', { body: newPlan({ customerTypeId: COMMERCIAL }) });
    expectFailure(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual(['customerTypeId: Oncor does not serve this customer type']);
  });

  it('is for Pricing and Administrators, and audited', async () => {
    const support = await signIn('Customer support');
    expectFailure(await support.call('POST', '/plans', { body: newPlan() }), 403, 'PERMISSION_DENIED');
    const admin = await signIn('Administrator');
    const audit = await admin.call('GET', '/audit-log', { query: { action: 'plan.create' } });
    expect(audit.body.data.map((entry: { summary: string }) => entry.summary)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /\(Bluebonnet Energy 12-Month Time of Use Electric\) made: 15.9¢, \$9.95\/month, ETF \$150: Free nights launch$/,
        ),
      ]),
    );
  });
});
