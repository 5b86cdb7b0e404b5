import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { enrollmentBody, planId, requiredOptions } from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';
import { holdTransactions } from '../../helpers/races.js';

/**
 * Pricing staff change what customers agree to when enrolling in a plan after it is made. Plan shopping offers the
 * new options at once, and what earlier customers agreed to is never rewritten: a reworded or removed option is
 * retired and a reworded one comes back under a new id.
 */
// No background tasks: their transactions would be counted by the race's gate.
const api = useTestApi({ backgroundTasks: false });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let pricing: StaffBrowser;
let plan: number;
let token: string;

interface Option {
  id: number;
  text: string;
  required: boolean;
}

const offeredInConsole = async (id = plan): Promise<Option[]> =>
  (await pricing.call('GET', `/plans/${id}`)).body.data.acceptanceOptions;

const offeredToCustomers = async (id = plan) =>
  (await api.call('GET', '/plans/acceptance-options', { token, query: { planId: id } })).body.data.map(
    (o: { id_option: number; text: string; is_required: boolean }) => ({
      id: o.id_option,
      text: o.text,
      required: o.is_required,
    }),
  ) as Option[];

/** A change of the options as staff make it: from the options they read (those offered now, unless told). */
const revise = async (
  options: Partial<Option>[],
  { id = plan, browser = pricing, read }: { id?: number; browser?: StaffBrowser; read?: Option[] } = {},
) => {
  const offeredIds = (read ?? (id === plan ? await offeredInConsole() : [])).map((o) => o.id);
  return browser.call('PUT', `/plans/${id}/acceptance-options`, { body: { offeredIds, options } });
};

beforeAll(async () => {
  pricing = await signIn('Pricing');
  token = await api.sandboxToken();
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
});

describe("a plan's acceptance options changed after it is made", () => {
  it('are offered by plan shopping at the next call, options kept as they were keeping their ids', async () => {
    const before = await offeredInConsole();
    expect(before.length).toBeGreaterThan(0);
    expect(await offeredToCustomers()).toEqual(before);

    const [first, ...rest] = before;
    const changed = await revise([
      { ...first!, text: `${first!.text} I also agree to receive my contract by email.` },
      ...rest,
      { text: 'I want energy-saving tips by email.', required: false },
    ]);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after: Option[] = changed.body.data.acceptanceOptions;
    expect(after.map((o) => o.text)).toEqual([
      `${first!.text} I also agree to receive my contract by email.`,
      ...rest.map((o) => o.text),
      'I want energy-saving tips by email.',
    ]);
    expect(after[0]!.id).not.toBe(first!.id);
    expect(after.slice(1, -1).map((o) => o.id)).toEqual(rest.map((o) => o.id));
    expect(await offeredToCustomers()).toEqual(after);
  });

  it('leave an earlier enrollment as it was, and a new one must accept the new required options', async () => {
    const earlierOptions = await requiredOptions(api, token, plan);
    const before = await offeredInConsole();
    const reworded = before.map((o) => (o.required ? { text: `${o.text} (revised)`, required: true } : o));
    expect((await revise(reworded)).status).toBe(200);

    const retired = earlierOptions.filter((id) => !before.some((o) => o.id === id && !o.required));
    const refused = await api.call('POST', '/enrollments/create', {
      token,
      body: enrollmentBody(plan, earlierOptions),
    });
    expectFailure(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual(
      retired.map((id) => `agreedAcceptanceValues: ${id} is not an option of this plan`),
    );
    // The options customers agreed to are still there, with the words they read.
    const kept = await api.db.kysely
      .selectFrom('plan_acceptance_options')
      .select(['id', 'text', 'retired_at'])
      .where('id', 'in', retired)
      .execute();
    expect(kept.map((o) => o.text).sort()).toEqual(
      before
        .filter((o) => retired.includes(o.id))
        .map((o) => o.text)
        .sort(),
    );
    expect(kept.every((o) => o.retired_at !== null)).toBe(true);
  });

  it('refuse an empty list, a repeated option and an option of another plan, saving nothing', async () => {
    const before = await offeredInConsole();
    expectFailure(await revise([]), 400, 'VALIDATION_FAILED');
    expectFailure(await revise([before[0]!, before[0]!]), 400, 'VALIDATION_FAILED');
    const other = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
    const foreign = (await offeredInConsole(other))[0]!;
    const refused = expectFailure(await revise([foreign]), 400, 'VALIDATION_FAILED');
    expect(refused.errors).toEqual([`options: ${foreign.id} is not an option this plan offers`]);
    expectFailure(await revise([{ text: 'x', required: true }]), 400, 'VALIDATION_FAILED');
    expectFailure(await revise(before, { id: 999_999 }), 404, 'PLAN_NOT_FOUND');
    expect(await offeredInConsole()).toEqual(before);
  });

  it('refuse a change made from options someone changed since they were read', async () => {
    const read = await offeredInConsole();
    expect((await revise([...read, { text: 'Send me the newsletter.', required: false }])).status).toBe(200);
    const changed = await offeredInConsole();
    expectFailure(
      await revise([...read, { text: 'Call me about solar.', required: false }], { read }),
      409,
      'ACCEPTANCE_OPTIONS_CHANGED',
    );
    expectFailure(await revise(read.slice(1), { read }), 409, 'ACCEPTANCE_OPTIONS_CHANGED');
    expect(await offeredInConsole()).toEqual(changed);
  });

  it('of six changes made at once from the same reading, keep exactly one', async () => {
    const read = await offeredInConsole();
    const gate = holdTransactions(api, 6);
    const requests = [1, 2, 3, 4, 5, 6].map((n) =>
      revise([{ ...read[0]!, text: `Change ${n}: ${read[0]!.text}` }, ...read.slice(1)], { read }),
    );
    await gate.held(requests);
    await gate.release();
    const answers = await Promise.all(requests);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const offered = await offeredInConsole();
    expect(offered).toHaveLength(read.length);
    expect(offered.filter((o) => o.text.startsWith('Change '))).toHaveLength(1);
  });

  it('are changed by pricing staff only, and the audit log says what changed', async () => {
    const readOnly = await signIn('Read-only');
    const options = await offeredInConsole();
    expectFailure(await revise(options, { browser: readOnly }), 403, 'PERMISSION_DENIED');
    const admin = await signIn('Administrator');
    const entries = (
      await admin.call('GET', '/audit-log', { query: { targetType: 'plan', targetId: plan } })
    ).body.data.filter((entry: { action: string }) => entry.action === 'plan.acceptance-options');
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({
      action: 'plan.acceptance-options',
      targetId: String(plan),
      after: { options: options.map((o) => `${o.required ? '[required] ' : ''}${o.text}`) },
    });
  });
});
