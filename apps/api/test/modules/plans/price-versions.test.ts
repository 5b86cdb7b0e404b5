import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { pendingEnrollment, requiredOptions, utilityId } from '../../fixtures/enrollments.js';
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
  oncor = await utilityId(api, 'ONCOR');
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
      'effectiveAt: is in the past; a change takes effect now or later',
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

describe('a bulk price change', () => {
  /** Oncor's residential plans of 12 months that are not retired: what the tests below select. */
  const selection = async () => ({ utilityIds: [oncor], customerTypeIds: [1], terms: [12] });
  const selected = async () =>
    api.db.kysely
      .selectFrom('plans')
      .select('id')
      .where('utility_id', '=', oncor)
      .where('customer_type_id', '=', 1)
      .where('term', '=', 12)
      .where('deprecated', '=', 0)
      .orderBy('id')
      .execute();
  const versionCount = async () =>
    Number(
      (
        await api.db.kysely
          .selectFrom('plan_versions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is previewed plan by plan, with the EFL averages before and after, and nothing saved', async () => {
    const before = await versionCount();
    const preview = await pricing.call('POST', '/plans/price-changes/preview', {
      body: { selection: await selection(), change: { by: 'percent', value: 3 } },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const rows = preview.body.data.rows as Array<{
      plan: { id: number };
      before: { rate: number; timeOfUse: { rate: number }[]; averagePrices: { at1000: number } };
      after: { rate: number; timeOfUse: { rate: number }[]; averagePrices: { at1000: number } };
    }>;
    expect(rows.map((r) => r.plan.id).sort((a, b) => a - b)).toEqual((await selected()).map((p) => p.id));
    for (const row of rows) {
      expect(row.after.rate).toBe(Math.round(row.before.rate * 1.03 * 1000) / 1000);
      row.after.timeOfUse.forEach((w, i) => {
        expect(w.rate).toBe(Math.round(row.before.timeOfUse[i]!.rate * 1.03 * 1000) / 1000);
      });
      expect(row.after.averagePrices.at1000).toBeGreaterThanOrEqual(row.before.averagePrices.at1000);
    }
    expect(await versionCount()).toBe(before);
  });

  it('applied, gives every plan selected a new version at once, which plan shopping sells', async () => {
    const applied = await pricing.call('POST', '/plans/price-changes', {
      body: {
        selection: await selection(),
        change: { by: 'amount', value: 0.5 },
        note: 'Hedge cost up half a cent',
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const rows = applied.body.data.rows as Array<{
      plan: { id: number };
      after: { version: number; rate: number };
    }>;
    expect(rows).toHaveLength((await selected()).length);
    for (const row of rows) {
      const sold = (await api.call('GET', `/plans/${row.plan.id}`, { token: await api.sandboxToken() })).body
        .data;
      expect({ version: sold.version, rate: sold.rate }).toEqual({
        version: row.after.version,
        rate: row.after.rate,
      });
    }
  });

  it('is refused whole when a charge would fall below zero, and when it selects nothing', async () => {
    const before = await versionCount();
    const negative = await pricing.call('POST', '/plans/price-changes', {
      body: { selection: await selection(), change: { by: 'amount', value: -99 }, note: 'A mistake' },
    });
    expectFailure(negative, 400, 'VALIDATION_FAILED');
    expect(negative.body.errors[0]).toMatch(
      /^change\.value: would make an energy charge of plan \d+ .* negative$/,
    );
    const nothing = await pricing.call('POST', '/plans/price-changes', {
      body: {
        selection: { campaign: 'NO-SUCH-CODE' },
        change: { by: 'percent', value: 1 },
        note: 'Nothing to do',
      },
    });
    expectFailure(nothing, 400, 'VALIDATION_FAILED');
    expect(await versionCount()).toBe(before);
  });

  it('writes every version in one transaction: a failure on the last plan leaves the others as they were', async () => {
    const plans = (await selected()).map((p) => p.id);
    const last = plans.at(-1)!;
    const before = await versionCount();
    const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
    if (onPostgres) {
      await sql`create function refuse_test_version() returns trigger language plpgsql as $$
        begin raise exception 'injected failure: this version cannot be written'; end $$`.execute(
        api.db.kysely,
      );
      await sql`create trigger refuse_test_version before insert on plan_versions for each row
        when (new.plan_id = ${sql.lit(last)}) execute function refuse_test_version()`.execute(api.db.kysely);
    } else {
      await sql`create trigger refuse_test_version before insert on plan_versions when new.plan_id = ${sql.lit(last)}
        begin select raise(abort, 'injected failure: this version cannot be written'); end`.execute(
        api.db.kysely,
      );
    }
    try {
      const failed = await pricing.call('POST', '/plans/price-changes', {
        body: { selection: { planIds: plans }, change: { by: 'percent', value: 2 }, note: 'Half written?' },
      });
      expectFailure(failed, 500, 'INTERNAL_ERROR');
      expect(await versionCount()).toBe(before);
    } finally {
      await sql`drop trigger refuse_test_version${sql.raw(onPostgres ? ' on plan_versions' : '')}`.execute(
        api.db.kysely,
      );
      if (onPostgres) await sql`drop function refuse_test_version()`.execute(api.db.kysely);
    }
  });

  it('is for Pricing and Administrators only, preview included', async () => {
    const agent = await signIn('Operations agent');
    const body = {
      selection: await selection(),
      change: { by: 'percent', value: 1 },
      note: 'Not mine to do',
    };
    expectFailure(
      await agent.call('POST', '/plans/price-changes/preview', { body }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(await agent.call('POST', '/plans/price-changes', { body }), 403, 'PERMISSION_DENIED');
  });
});
