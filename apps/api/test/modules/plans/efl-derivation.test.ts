import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { planId } from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';
import { pdfTextOf } from '../../helpers/pdf.js';

/**
 * A plan version's Electricity Facts Label, derived line by line: the averages plan shopping answers are the ones the
 * derivation shows, and the label's PDF, in English and Spanish, carries both.
 */
const api = useTestApi();
const pricing = SANDBOX_STAFF.find((member) => member.role === 'Pricing')!;
let staff: StaffBrowser;
let fixed: number;
let timeOfUse: number;

interface Tier {
  kwh: number;
  lines: {
    kind: string;
    name: string | null;
    kwh: number | null;
    centsPerKwh: number | null;
    dollars: number;
  }[];
  totalDollars: number;
  averageCents: number;
  shownCents: number;
}

const derivation = async (plan: number, version: number) =>
  (await staff.call('GET', `/plans/${plan}/versions/${version}/efl`)).body.data as {
    version: number;
    usageShares: { window: string | null; share: number; rate: number }[];
    tiers: Tier[];
  };

const sold = async (plan: number) =>
  (await api.call('GET', `/plans/${plan}`, { token: await api.sandboxToken() })).body.data as {
    version: number;
    rate500: number;
    rate1000: number;
    rate2000: number;
  };

async function disclosureText(plan: number, version: number, language: 'en' | 'es') {
  const response = await fetch(
    `${api.consoleUrl}/ops/api/v1/plans/${plan}/versions/${version}/disclosure.pdf?language=${language}`,
    { headers: { cookie: `voltin_console_session=${staff.cookie()}` } },
  );
  return pdfTextOf(response);
}

beforeAll(async () => {
  staff = await signedIn(api.consoleUrl, pricing.email, pricing.password);
  fixed = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  timeOfUse = (
    await api.db.kysely
      .selectFrom('plans')
      .innerJoin('utilities', 'utilities.id', 'plans.utility_id')
      .select('plans.id')
      .where('utilities.code', '=', 'ONCOR')
      .where('plans.is_time_of_use', '=', 1)
      .orderBy('plans.id')
      .executeTakeFirstOrThrow()
  ).id;
});

describe("a plan version's EFL derivation", () => {
  it('adds up, line by line, to the averages plan shopping answers', async () => {
    const plan = await sold(fixed);
    const { tiers } = await derivation(fixed, plan.version);
    expect(tiers.map((t) => t.kwh)).toEqual([500, 1000, 2000]);
    for (const tier of tiers) {
      const sum = tier.lines.reduce((total, line) => total + line.dollars, 0);
      expect(tier.totalDollars).toBeCloseTo(sum, 9);
      expect(tier.averageCents).toBeCloseTo((tier.totalDollars / tier.kwh) * 100, 9);
      for (const line of tier.lines)
        if (line.kwh !== null) expect(line.dollars).toBeCloseTo((line.kwh * line.centsPerKwh!) / 100, 9);
      expect(tier.lines.map((l) => l.kind)).toEqual(['energy', 'base', 'delivery', 'delivery']);
    }
    expect(tiers.map((t) => t.shownCents)).toEqual([plan.rate500, plan.rate1000, plan.rate2000]);
  });

  it('splits a time-of-use plan’s usage over its periods, the shares summing to the whole', async () => {
    const plan = await sold(timeOfUse);
    const { usageShares, tiers } = await derivation(timeOfUse, plan.version);
    expect(usageShares.reduce((sum, part) => sum + part.share, 0)).toBeCloseTo(1, 9);
    expect(usageShares.length).toBeGreaterThan(1);
    const energy = tiers[1]!.lines.filter((line) => line.kind === 'energy');
    expect(energy.map((line) => line.name)).toEqual(usageShares.map((part) => part.window));
    expect(energy.reduce((sum, line) => sum + line.kwh!, 0)).toBeCloseTo(1000, 9);
    expect(tiers.map((t) => t.shownCents)).toEqual([plan.rate500, plan.rate1000, plan.rate2000]);
  });

  it('keeps an earlier version’s numbers after a price change', async () => {
    const before = await sold(fixed);
    const earlier = await derivation(fixed, before.version);
    const changed = await staff.call('POST', `/plans/${fixed}/versions`, {
      body: { rate: 20, monthlyFee: 0, cancellationFee: 0, timeOfUse: [], note: 'A very different price' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await derivation(fixed, before.version)).toEqual(earlier);
    const later = await derivation(fixed, changed.body.data.version);
    expect(later.tiers[1]!.lines[0]).toMatchObject({
      kind: 'energy',
      kwh: 1000,
      centsPerKwh: 20,
      dollars: 200,
    });
    expect(later.tiers.map((t) => t.shownCents)).toEqual(
      Object.values(
        (({ rate500, rate1000, rate2000 }) => ({ rate500, rate1000, rate2000 }))(await sold(fixed)),
      ),
    );
  });

  it('is refused for a version or plan that does not exist', async () => {
    expectFailure(await staff.call('GET', `/plans/${fixed}/versions/999/efl`), 404, 'PLAN_NOT_FOUND');
    expectFailure(await staff.call('GET', '/plans/999999/versions/1/efl'), 404, 'PLAN_NOT_FOUND');
  });
});

describe("a plan version's EFL as a PDF", () => {
  it('shows the averages and their derivation, in English and in Spanish', async () => {
    const plan = await sold(timeOfUse);
    const { tiers } = await derivation(timeOfUse, plan.version);
    const english = await disclosureText(timeOfUse, plan.version, 'en');
    expect(english).toContain('Electricity Facts Label');
    expect(english).toContain('How the average prices are derived');
    for (const tier of tiers) {
      expect(english).toContain(`${tier.shownCents}¢`);
      expect(english).toContain(`$${tier.totalDollars.toFixed(4)}`);
    }
    const spanish = await disclosureText(timeOfUse, plan.version, 'es');
    expect(spanish).toContain('Etiqueta de Datos de Electricidad');
    expect(spanish).toContain('Cómo se calculan los precios promedio');
  });
});
