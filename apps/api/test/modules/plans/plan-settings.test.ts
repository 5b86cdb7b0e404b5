import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { planId, utilityId } from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * Pricing staff make a plan by copying one, change its settings, publish it and retire it; plan shopping follows
 * each change at the next call, and every change is in the audit log.
 */
const api = useTestApi();
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
let pricing: StaffBrowser;
let source: number;
let oncor: number;

const onSale = async () =>
  (
    (
      await api.call('GET', '/plans/for-wizard', {
        token: await api.sandboxToken(),
        query: { ids_utilities: oncor, customer_type: 1 },
      })
    ).body.data as { id_plan: number; name: string; rate: number; id_term: number }[]
  ).map((p) => p.id_plan);

const auditOf = async (plan: number) => {
  const admin = await signedIn(api.consoleUrl, staff('Administrator').email, staff('Administrator').password);
  return (await admin.call('GET', '/audit-log', { query: { targetType: 'plan', targetId: plan } })).body
    .data as {
    action: string;
    summary: string;
  }[];
};

beforeAll(async () => {
  pricing = await signedIn(api.consoleUrl, staff('Pricing').email, staff('Pricing').password);
  source = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  oncor = await utilityId(api, 'ONCOR');
});

describe('a plan copied, set up and published in the console', () => {
  it('starts as a draft with the source’s settings, options, documents and prices, sold once published', async () => {
    const original = (await pricing.call('GET', `/plans/${source}`)).body.data;
    const copied = await pricing.call('POST', `/plans/${source}/clone`, {
      body: {
        name: 'Bluebonnet Energy 12-Month Winter Fixed',
        billingSystemPlanCode: 'ONCOR-RES-1-12-WIN',
        note: 'Winter offer',
      },
    });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    const copy = copied.body.data;
    expect(copy).toMatchObject({
      name: 'Bluebonnet Energy 12-Month Winter Fixed',
      billingSystemPlanCode: 'ONCOR-RES-1-12-WIN',
      published: false,
      onSale: false,
      utility: original.utility,
      term: original.term,
      current: { version: 1, rate: original.current.rate, monthlyFee: original.current.monthlyFee },
    });
    expect(copy.versions).toHaveLength(1);
    expect(copy.versions[0].note).toBe('Winter offer');
    const count = (table: 'plan_acceptance_options' | 'plan_documents', plan: number) =>
      api.db.kysely.selectFrom(table).select('id').where('plan_id', '=', plan).execute();
    expect((await count('plan_acceptance_options', copy.id)).length).toBe(
      (await count('plan_acceptance_options', source)).length,
    );
    expect((await count('plan_documents', copy.id)).length).toBe(
      (await count('plan_documents', source)).length,
    );
    expect(await onSale()).not.toContain(copy.id);

    const published = await pricing.call('PATCH', `/plans/${copy.id}`, {
      body: { published: true, description: 'Twelve months at one price, for the winter.' },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data).toMatchObject({ published: true, onSale: true });
    expect(await onSale()).toContain(copy.id);
    expect((await auditOf(copy.id)).map((entry) => entry.action)).toEqual(['plan.settings', 'plan.clone']);
  });

  it('changes settings that plan shopping shows at the next call, and refuses inconsistent ones whole', async () => {
    const changed = await pricing.call('PATCH', `/plans/${source}`, {
      body: { name: 'Bluebonnet Energy Dallas 12' },
    });
    expect(changed.body.data.settings.name).toBe('Bluebonnet Energy Dallas 12');
    const sold = (await api.call('GET', `/plans/${source}`, { token: await api.sandboxToken() })).body.data;
    expect(sold.name).toBe('Bluebonnet Energy Dallas 12');

    // What the wizard asks for and who may choose the plan: the plan answers say so at the next call too.
    const rules = await pricing.call('PATCH', `/plans/${source}`, {
      body: {
        askCriticalCare: false,
        allowDateOfBirth: false,
        renewalsAllowed: false,
        verificationRequired: true,
      },
    });
    expect(rules.body.data.settings).toMatchObject({
      askCriticalCare: false,
      allowDateOfBirth: false,
      renewalsAllowed: false,
      verificationRequired: true,
    });
    const ruled = (await api.call('GET', `/plans/${source}`, { token: await api.sandboxToken() })).body.data;
    expect(ruled.general_rules).toMatchObject({ show_critical_care: false, allow_use_date_of_birth: false });
    expect(ruled.not_able_renewals).toBe(true);

    const before = (await pricing.call('GET', `/plans/${source}`)).body.data.settings;
    const refused = await pricing.call('PATCH', `/plans/${source}`, {
      body: {
        availableFrom: '2027-01-10',
        availableUntil: '2027-01-01',
        depositRequiredUnderScore: 500,
        depositDenyServiceUnderScore: 600,
        promoCode: 'NO-SUCH-CAMPAIGN',
      },
    });
    expectFailure(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual([
      'availableUntil: is before availableFrom',
      'depositDenyServiceUnderScore: is above depositRequiredUnderScore',
      'promoCode: no campaign has the code NO-SUCH-CAMPAIGN',
    ]);
    expect((await pricing.call('GET', `/plans/${source}`)).body.data.settings).toEqual(before);
    expectFailure(await pricing.call('PATCH', `/plans/${source}`, { body: {} }), 400, 'VALIDATION_FAILED');
    expectFailure(
      await pricing.call('PATCH', `/plans/${source}`, { body: { term: 99 } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('retired, leaves plan shopping but stays readable for its customers; restored, comes back', async () => {
    const retired = await pricing.call('POST', `/plans/${source}/retirement`, { body: { retired: true } });
    expect(retired.body.data).toMatchObject({ retired: true, onSale: false });
    expect(await onSale()).not.toContain(source);
    expect((await api.call('GET', `/plans/${source}`, { token: await api.sandboxToken() })).status).toBe(200);
    await pricing.call('POST', `/plans/${source}/retirement`, { body: { retired: false } });
    expect(await onSale()).toContain(source);
    expect((await auditOf(source)).map((entry) => entry.action).slice(0, 2)).toEqual([
      'plan.restore',
      'plan.retire',
    ]);
  });

  it('is for Pricing and Administrators; another company’s plan is not found', async () => {
    const agent = await signedIn(
      api.consoleUrl,
      staff('Operations agent').email,
      staff('Operations agent').password,
    );
    expectFailure(
      await agent.call('PATCH', `/plans/${source}`, { body: { name: 'Mine now' } }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(
      await pricing.call('PATCH', '/plans/999999', { body: { name: 'Nobody’s plan' } }),
      404,
      'PLAN_NOT_FOUND',
    );
  });
});
