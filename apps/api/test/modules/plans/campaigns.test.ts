import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import {
  creditCheck,
  dayOn,
  enrollmentBody,
  planId,
  requiredOptions,
  ssnEnding,
  utilityId,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';
import { holdTransactions } from '../../helpers/races.js';

/**
 * Pricing staff run campaigns in the console: a promo code with a window, a usage limit and an affiliate, and the
 * plans carrying the code. Enrollments use the code once each, counted by the database, so a limit holds however
 * many enrollments arrive at once; every change is in the audit log.
 */
const clock = manualClock(new Date().toISOString());
// No background tasks: their transactions would be counted by the gate of holdTransactions.
const api = useTestApi({ backgroundTasks: false }, {}, { clock });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const as = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let pricing: StaffBrowser;
let token: string;
let oncor: number;
let source: number;
let creditCheckId: number;

const HOUR = 3_600;
const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR * 1000).toISOString();
let codes = 0;
/** A code no other test of the file uses. */
const freshCode = (prefix: string) => `${prefix}-${++codes}`;

/** A campaign made by pricing staff, running from now for a week unless told otherwise. */
async function createCampaign(overrides: Record<string, unknown> = {}) {
  const response = await pricing.call('POST', '/campaigns', {
    body: {
      promoCode: freshCode('fall'),
      name: 'Autumn door-to-door',
      description: 'Door-to-door push in Dallas.',
      validFrom: inHours(-1),
      validUntil: inHours(24 * 7),
      usageLimit: null,
      affiliateId: null,
      ...overrides,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as {
    id: number;
    promoCode: string;
    status: string;
    uses: number;
    usageLimit: number | null;
  };
}

/** A published copy of the 12-month fixed plan sold only with `promoCode`. */
async function campaignPlan(promoCode: string) {
  const copy = await pricing.call('POST', `/plans/${source}/clone`, {
    body: {
      name: `Bluebonnet Energy 12-Month ${promoCode}`,
      billingSystemPlanCode: promoCode,
      note: 'Campaign',
    },
  });
  expect(copy.status, JSON.stringify(copy.body)).toBe(200);
  const plan = copy.body.data.id as number;
  const published = await pricing.call('PATCH', `/plans/${plan}`, { body: { published: true, promoCode } });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return plan;
}

const wizard = async (promoCode?: string) =>
  api.call('GET', '/plans/for-wizard', {
    token: await api.sandboxToken(),
    query: { ids_utilities: oncor, customer_type: 1, ...(promoCode ? { promo_code: promoCode } : {}) },
  });

async function enroll(plan: number, promoCode?: string) {
  // Signed at the clock's time: the test moves it by hours.
  const now = await api.sandboxToken();
  return api.call('POST', '/enrollments/create', {
    token: now,
    body: enrollmentBody(plan, await requiredOptions(api, now, plan), {
      payment: { creditCheckId },
      requestedStartDate: dayOn(clock, 14),
      ...(promoCode ? { promoCode } : {}),
    }),
  });
}

const campaignRow = (id: number) =>
  api.db.kysely.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const auditOf = async (campaign: number) => {
  const admin = await as('Administrator');
  return (await admin.call('GET', '/audit-log', { query: { targetType: 'campaign', targetId: campaign } }))
    .body.data as { action: string; summary: string; actor: string }[];
};

beforeAll(async () => {
  pricing = await as('Pricing');
  token = await api.sandboxToken();
  oncor = await utilityId(api, 'ONCOR');
  source = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  creditCheckId = (await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: source }))
    .id_credit_check;
});

describe('a campaign made in the console', () => {
  it('stores the code in upper case, runs from its start, names its affiliate and is audited', async () => {
    const affiliates = (await pricing.call('GET', '/affiliates')).body.data as { id: number; name: string }[];
    const affiliate = affiliates.find((a) => a.name === 'Lone Star Door-to-Door')!;
    const created = await createCampaign({
      promoCode: 'dallas-door_1',
      usageLimit: 50,
      affiliateId: affiliate.id,
    });
    expect(created).toMatchObject({
      promoCode: 'DALLAS-DOOR_1',
      status: 'running',
      uses: 0,
      usageLimit: 50,
      affiliate: { id: affiliate.id, name: 'Lone Star Door-to-Door' },
      plans: [],
      createdBy: staff('Pricing').email,
    });
    const listed = (
      await pricing.call('GET', '/campaigns', { query: { q: 'dallas-door', status: 'running' } })
    ).body.data;
    expect(listed.map((c: { id: number }) => c.id)).toEqual([created.id]);
    const audit = await auditOf(created.id);
    expect(audit).toMatchObject([{ action: 'campaign.create', actor: staff('Pricing').email }]);
    expect(audit[0]!.summary).toContain('DALLAS-DOOR_1');
  });

  it('refuses a malformed code, a window that ends before it starts, an unknown affiliate and a code taken', async () => {
    const base = {
      name: 'Bad',
      description: '',
      validFrom: inHours(0),
      validUntil: inHours(24),
      usageLimit: null,
      affiliateId: null,
    };
    for (const promoCode of ['AB', 'NO SPACES', 'ÉTÉ26', 'X'.repeat(31)])
      expectFailure(
        await pricing.call('POST', '/campaigns', { body: { ...base, promoCode } }),
        400,
        'VALIDATION_FAILED',
      );
    const refused = expectFailure(
      await pricing.call('POST', '/campaigns', {
        body: { ...base, promoCode: 'GOODCODE', validUntil: inHours(-2), affiliateId: 999_999 },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(refused.errors).toEqual([
      'validUntil: must be after validFrom',
      'affiliateId: no affiliate of this company',
    ]);
    expectFailure(
      await pricing.call('POST', '/campaigns', { body: { ...base, promoCode: 'homefall26' } }),
      409,
      'PROMO_CODE_TAKEN',
    );
  });

  it('is read by every staff member and changed only by Pricing and Administrators', async () => {
    const auditor = await as('Read-only');
    const campaign = await createCampaign();
    expect((await auditor.call('GET', '/campaigns')).status).toBe(200);
    expect((await auditor.call('GET', `/campaigns/${campaign.id}`)).status).toBe(200);
    const change = await auditor.call('PATCH', `/campaigns/${campaign.id}`, { body: { name: 'Mine now' } });
    expect(change.status).toBe(403);
    expect((await auditor.call('POST', `/campaigns/${campaign.id}/pause`)).status).toBe(403);
    expect((await auditor.call('POST', '/campaigns', { body: {} })).status).toBe(403);
    const admin = await as('Administrator');
    const renamed = await admin.call('PATCH', `/campaigns/${campaign.id}`, {
      body: { name: 'Renamed by admin' },
    });
    expect(renamed.body.data).toMatchObject({
      name: 'Renamed by admin',
      updatedBy: staff('Administrator').email,
    });
  });
});

describe('a campaign plan sold with its code', () => {
  it('needs the code, takes it in any case, and counts each enrollment once', async () => {
    const campaign = await createCampaign({ usageLimit: 10 });
    const plan = await campaignPlan(campaign.promoCode);
    const detail = (await pricing.call('GET', `/campaigns/${campaign.id}`)).body.data;
    expect(detail.plans).toMatchObject([{ id: plan, published: true, retired: false }]);

    const withoutCode = expectFailure(await enroll(plan), 422, 'PLAN_NOT_ON_SALE');
    expect(withoutCode.errors).toEqual(["promoCode: the plan is sold only with its campaign's promo code"]);
    const stamp = () =>
      api.db.kysely
        .selectFrom('change_stamps')
        .select('version')
        .where('scope', '=', 'catalog')
        .executeTakeFirstOrThrow();
    const before = await stamp();
    const enrolled = await enroll(plan, ` ${campaign.promoCode.toLowerCase()} `);
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect((await campaignRow(campaign.id)).uses).toBe(1);
    // A use that leaves the campaign under its limit does not empty the plan-shopping caches.
    expect(await stamp()).toEqual(before);
    // A code given with a plan of no campaign is checked, and not used.
    expect((await enroll(source, campaign.promoCode)).status).toBe(200);
    expect((await campaignRow(campaign.id)).uses).toBe(1);
  });

  it('refuses a lower limit than the uses made, and keeps the count when refused', async () => {
    const campaign = await createCampaign({ usageLimit: 5 });
    const plan = await campaignPlan(campaign.promoCode);
    for (let i = 0; i < 2; i++) expect((await enroll(plan, campaign.promoCode)).status).toBe(200);
    const refused = expectFailure(
      await pricing.call('PATCH', `/campaigns/${campaign.id}`, { body: { usageLimit: 1 } }),
      409,
      'CAMPAIGN_LIMIT_BELOW_USES',
    );
    expect(refused.errors).toEqual(['usageLimit: must be at least 2, the uses already made']);
    const lowered = await pricing.call('PATCH', `/campaigns/${campaign.id}`, { body: { usageLimit: 2 } });
    expect(lowered.body.data).toMatchObject({ usageLimit: 2, uses: 2, status: 'used-up' });
    expect((await auditOf(campaign.id)).map((e) => e.action)).toEqual(['campaign.update', 'campaign.create']);
    expectFailure(await enroll(plan, campaign.promoCode), 409, 'PROMO_CODE_EXHAUSTED');
    // Plan shopping refuses the used-up code too (its cached answer was let go when the code was used up).
    expectFailure(await wizard(campaign.promoCode), 409, 'PROMO_CODE_EXHAUSTED');
    const raised = await pricing.call('PATCH', `/campaigns/${campaign.id}`, { body: { usageLimit: null } });
    expect(raised.body.data).toMatchObject({ usageLimit: null, status: 'running' });
    expect((await wizard(campaign.promoCode)).status).toBe(200);
  });

  it('N + 5 enrollments at once with a limit of N: exactly N are made, the rest refused, nothing half-written', async () => {
    const limit = 3;
    const campaign = await createCampaign({ usageLimit: limit });
    const plan = await campaignPlan(campaign.promoCode);
    const options = await requiredOptions(api, token, plan);
    const bodies = Array.from({ length: limit + 5 }, () =>
      enrollmentBody(plan, options, {
        payment: { creditCheckId },
        requestedStartDate: dayOn(clock, 14),
        promoCode: campaign.promoCode,
      }),
    );
    // Every request passes the early check (no use counted yet) before any of them writes: the database decides.
    const gate = holdTransactions(api, bodies.length);
    const requests = bodies.map((body) => api.call('POST', '/enrollments/create', { token, body }));
    await gate.held(requests);
    await gate.release();
    const responses = await Promise.all(requests);

    const made = responses.filter((r) => r.status === 200);
    expect(made, JSON.stringify(responses.map((r) => r.body))).toHaveLength(limit);
    for (const refused of responses.filter((r) => r.status !== 200))
      expect(expectFailure(refused, 409, 'PROMO_CODE_EXHAUSTED').message).toContain(campaign.promoCode);
    expect((await campaignRow(campaign.id)).uses).toBe(limit);
    const meters = bodies.map((b) => b.serviceAddress.ldcAccount);
    const saved = await api.db.kysely
      .selectFrom('enrollments')
      .select('id')
      .where('ldc_account', 'in', meters)
      .execute();
    expect(saved.map((e) => e.id).sort()).toEqual(made.map((r) => r.body.data.enrollmentId).sort());
    expect((await pricing.call('GET', `/campaigns/${campaign.id}`)).body.data.status).toBe('used-up');
  });
});

describe('the window and the pause', () => {
  it('a code works from its start to its end, and not while paused', async () => {
    const campaign = await createCampaign({ validFrom: inHours(2), validUntil: inHours(5) });
    const plan = await campaignPlan(campaign.promoCode);
    const listed = async () =>
      ((await wizard(campaign.promoCode)).body.data as { id_plan: number }[]).map((p) => p.id_plan);
    expect(campaign.status).toBe('scheduled');
    expectFailure(await wizard(campaign.promoCode), 422, 'PROMO_CODE_INVALID');

    clock.advance(3 * HOUR);
    pricing = await as('Pricing');
    expect((await pricing.call('GET', `/campaigns/${campaign.id}`)).body.data.status).toBe('running');
    expect(await listed()).toContain(plan);

    const paused = await pricing.call('POST', `/campaigns/${campaign.id}/pause`);
    expect(paused.body.data).toMatchObject({ active: false, status: 'paused' });
    expectFailure(await wizard(campaign.promoCode), 422, 'PROMO_CODE_INVALID');
    expectFailure(await enroll(plan, campaign.promoCode), 422, 'PROMO_CODE_INVALID');
    const resumed = await pricing.call('POST', `/campaigns/${campaign.id}/resume`);
    expect(resumed.body.data).toMatchObject({ active: true, status: 'running' });
    expect(await listed()).toContain(plan);

    clock.advance(3 * HOUR);
    pricing = await as('Pricing');
    expect((await pricing.call('GET', `/campaigns/${campaign.id}`)).body.data.status).toBe('ended');
    expectFailure(await wizard(campaign.promoCode), 422, 'PROMO_CODE_INVALID');
    expect((await auditOf(campaign.id)).map((e) => e.action)).toEqual([
      'campaign.resume',
      'campaign.pause',
      'campaign.create',
    ]);
  });
});
