import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { pendingEnrollment, requiredOptions } from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * Pricing staff change a plan's prices in the console. A change is a new version effective from a moment: plan
 * shopping sells it from that moment on (by itself, for a change saved ahead), and an enrollment keeps the version
 * it accepted.
 */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let pricing: StaffBrowser;
let oncor: number;
let token: string;

interface WizardPlan {
  id_plan: number;
  version: number;
  rate: number;
  monthly_fee: number;
  cancellation_fee: number;
  rate1000: number | null;
}

async function wizardPlan(plan: number): Promise<WizardPlan | undefined> {
  const answer = await api.call('GET', '/plans/for-wizard', {
    token: await api.sandboxToken(),
    query: { ids_utilities: oncor, customer_type: 1 },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as WizardPlan[]).find((p) => p.id_plan === plan);
}

const changePrice = (plan: number, body: Record<string, unknown>, browser = pricing) =>
  browser.call('POST', `/plans/${plan}/versions`, {
    body: { monthlyFee: 9.95, cancellationFee: 150, timeOfUse: [], note: 'Weekly price review', ...body },
  });

/** Moves the clock on; the staff member signs in again, as an idle session ends meanwhile. */
async function travel(seconds: number) {
  clock.advance(seconds);
  pricing = await signIn('Pricing');
}

/** Oncor's residential fixed plan of `term` months, on sale. */
const fixedPlan = async (term: number) =>
  (
    await api.db.kysely
      .selectFrom('plans')
      .select('id')
      .where('utility_id', '=', oncor)
      .where('customer_type_id', '=', 1)
      .where('term', '=', term)
      .where('id_plan_type', '=', 1)
      .where('is_time_of_use', '=', 0)
      .where('published', '=', 1)
      .where('deprecated', '=', 0)
      .where('promo_code', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

const inHours = (hours: number) => new Date(clock.now().getTime() + hours * 3_600_000).toISOString();

beforeAll(async () => {
  pricing = await signIn('Pricing');
  token = await api.sandboxToken();
  oncor = (
    await api.db.kysely
      .selectFrom('utilities')
      .select('id')
      .where('code', '=', 'ONCOR')
      .executeTakeFirstOrThrow()
  ).id;
});

describe('a price change in the console', () => {
  it('effective now, is what plan shopping answers at the next call; an enrollment made before keeps its version', async () => {
    const plan = await fixedPlan(12);
    const options = await requiredOptions(api, token, plan);
    const before = (await wizardPlan(plan))!;
    const enrolledBefore = await pendingEnrollment(api, token, { plan, options });

    const changed = await changePrice(plan, { rate: before.rate + 1.2, note: 'Wholesale prices rose' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      version: before.version + 1,
      state: 'in effect',
      rate: before.rate + 1.2,
      note: 'Wholesale prices rose',
      createdBy: staff('Pricing').email,
    });

    const after = (await wizardPlan(plan))!;
    expect(after).toMatchObject({ version: before.version + 1, rate: before.rate + 1.2 });
    expect(after.rate1000!).toBeGreaterThan(before.rate1000!);
    expect((await api.call('GET', `/plans/${plan}`, { token })).body.data.rate).toBe(before.rate + 1.2);

    const kept = (await api.call('GET', `/enrollments/${enrolledBefore}`, { token })).body.data;
    expect(kept.plans[0]).toMatchObject({ version: before.version, rate: before.rate });
    const enrolledAfter = await pendingEnrollment(api, token, { plan, options });
    const made = (await api.call('GET', `/enrollments/${enrolledAfter}`, { token })).body.data;
    expect(made.plans[0]).toMatchObject({ version: before.version + 1, rate: before.rate + 1.2 });

    const admin = await signIn('Administrator');
    const audit = (await admin.call('GET', '/audit-log', { query: { targetType: 'plan', targetId: plan } }))
      .body.data;
    expect(audit[0]).toMatchObject({ action: 'plan.price-change', actor: staff('Pricing').email });
    expect(audit[0].summary).toContain('Wholesale prices rose');
  });

  it('saved for later, switches plan shopping over by itself at its moment, with no write then', async () => {
    const plan = await fixedPlan(24);
    const before = (await wizardPlan(plan))!;
    const at = inHours(6);
    const scheduled = await changePrice(plan, { rate: before.rate - 0.5, effectiveAt: at });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.data).toMatchObject({ state: 'scheduled', effectiveAt: at });

    expect(await wizardPlan(plan)).toEqual(before);
    const listed = (await pricing.call('GET', '/plans', { query: { utilityId: oncor } })).body.data.find(
      (p: { id: number }) => p.id === plan,
    );
    expect(listed.current.version).toBe(before.version);
    expect(listed.next).toEqual({ version: before.version + 1, effectiveAt: at, rate: before.rate - 0.5 });

    await travel(6 * 3600 - 1);
    expect((await wizardPlan(plan))!.rate).toBe(before.rate);
    await travel(1);
    expect(await wizardPlan(plan)).toMatchObject({ version: before.version + 1, rate: before.rate - 0.5 });
    const detail = (await pricing.call('GET', `/plans/${plan}`)).body.data;
    expect(detail.versions.map((v: { version: number; state: string }) => [v.version, v.state])).toEqual([
      [before.version + 1, 'in effect'],
      [before.version, 'superseded'],
    ]);
  });

  it('can be called off before its moment, and then never takes effect; one in effect cannot', async () => {
    const plan = await fixedPlan(12);
    const before = (await wizardPlan(plan))!;
    const scheduled = (await changePrice(plan, { rate: 1.1, effectiveAt: inHours(1) })).body.data;
    const cancelled = await pricing.call('POST', `/plans/${plan}/versions/${scheduled.version}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.versions[0]).toMatchObject({
      version: scheduled.version,
      state: 'cancelled',
      cancelledBy: staff('Pricing').email,
    });
    expect(cancelled.body.data.next).toBeNull();
    await travel(2 * 3600);
    expect((await wizardPlan(plan))!.rate).toBe(before.rate);

    for (const version of [scheduled.version, before.version, 999])
      expectFailure(
        await pricing.call('POST', `/plans/${plan}/versions/${version}/cancel`),
        409,
        'PLAN_VERSION_NOT_CANCELLABLE',
      );
    // A later change takes the next number: a cancelled version's number still names its prices.
    const next = await changePrice(plan, { rate: before.rate + 0.1 });
    expect(next.body.data.version).toBe(scheduled.version + 1);
  });

  it('of a time-of-use plan sets its windows, which the EFL averages follow', async () => {
    const plan = (
      await api.db.kysely
        .selectFrom('plans')
        .select('id')
        .where('utility_id', '=', oncor)
        .where('is_time_of_use', '=', 1)
        .where('published', '=', 1)
        .where('promo_code', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const before = (await pricing.call('GET', `/plans/${plan}`)).body.data;
    const windows = [
      { name: 'Night', season: 'All', start_hour: 21, end_hour: 6, days: 'All', rate: 2 },
      { name: 'Day', season: 'All', start_hour: 6, end_hour: 21, days: 'All', rate: 30 },
    ];
    const changed = await changePrice(plan, { rate: before.current.rate, timeOfUse: windows });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.timeOfUse).toEqual(windows);
    expect(changed.body.data.averagePrices.at1000).toBeGreaterThan(before.current.averagePrices.at1000);
    expect(
      (await wizardPlan(plan)) ?? (await api.call('GET', `/plans/${plan}`, { token })).body.data,
    ).toMatchObject({
      version: changed.body.data.version,
    });
  });

  it('is refused whole, with each reason, when it would rewrite history or does not fit the plan', async () => {
    const fixed = await fixedPlan(12);
    const timeOfUse = (
      await api.db.kysely
        .selectFrom('plans')
        .select('id')
        .where('is_time_of_use', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const versionsBefore = (await pricing.call('GET', `/plans/${fixed}`)).body.data.versions.length;
    const past = await changePrice(fixed, {
      rate: 10,
      effectiveAt: inHours(-1),
      timeOfUse: [{ name: 'Night', season: 'All', start_hour: 3, end_hour: 3, days: 'All', rate: 1 }],
    });
    expectFailure(past, 400, 'VALIDATION_FAILED');
    expect(past.body.errors).toEqual([
      'effectiveAt: is in the past; a price change takes effect now or later',
      'timeOfUse: only a time-of-use plan has windows',
      'timeOfUse[0].end_hour: must differ from start_hour',
    ]);
    expect((await changePrice(timeOfUse, { rate: 10 })).body.errors).toEqual([
      'timeOfUse: a time-of-use plan needs at least one window',
    ]);
    for (const body of [{ rate: -1 }, { rate: 10, note: '   ' }, { rate: 10, effectiveAt: 'tomorrow' }])
      expectFailure(await changePrice(fixed, body), 400, 'VALIDATION_FAILED');
    expectFailure(await changePrice(999_999, { rate: 10 }), 404, 'PLAN_NOT_FOUND');
    expect((await pricing.call('GET', `/plans/${fixed}`)).body.data.versions).toHaveLength(versionsBefore);
  });

  it('is for Pricing and Administrators; every other role reads the plans but cannot change them', async () => {
    const plan = await fixedPlan(12);
    const agent = await signIn('Operations agent');
    expect((await agent.call('GET', `/plans/${plan}`)).status).toBe(200);
    expectFailure(await changePrice(plan, { rate: 10 }, agent), 403, 'PERMISSION_DENIED');
  });

  it('saved many at once on one plan, each becomes its own version, numbered without a gap', async () => {
    const plan = await fixedPlan(24);
    const first = (await pricing.call('GET', `/plans/${plan}`)).body.data.versions[0].version as number;
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        changePrice(plan, { rate: 10 + i / 10, effectiveAt: inHours(24 + i) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const numbers = answers.map((a) => a.body.data.version as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => first + 1 + i));
  });
});
