import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import {
  enrollmentBody,
  pendingEnrollment,
  planId,
  requiredOptions,
  utilityId,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * Pricing staff keep each utility's market data: whether it takes new enrollments, how its account numbers look,
 * the switch types it takes and the zip codes it serves. Plan shopping and enrollments follow each change at the
 * next call (the catalogue cache sees it), and every change is in the audit log.
 */
const api = useTestApi();
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let pricing: StaffBrowser;
let oncor: number;
let tnmp: number;
let fixed: number;

const wizardPlans = async (utility: number) =>
  (
    (
      await api.call('GET', '/plans/for-wizard', {
        token: await api.sandboxToken(),
        query: { ids_utilities: utility, customer_type: 1 },
      })
    ).body.data as { id_plan: number }[]
  ).map((p) => p.id_plan);

const utilitiesServing = async (zipCode: string) =>
  (
    (await api.call('GET', '/utilities', { token: await api.sandboxToken(), query: { zipCode } })).body
      .data as { code: string }[]
  ).map((u) => u.code);

const change = (utility: number, body: unknown) => pricing.call('PATCH', `/utilities/${utility}`, { body });

const auditOf = async (utility: number) => {
  const admin = await signIn('Administrator');
  return (await admin.call('GET', '/audit-log', { query: { targetType: 'utility', targetId: utility } })).body
    .data as { action: string; summary: string; actor: string; before: unknown; after: unknown }[];
};

beforeAll(async () => {
  pricing = await signIn('Pricing');
  oncor = await utilityId(api, 'ONCOR');
  tnmp = await utilityId(api, 'TNMP');
  fixed = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
});

describe("the console's utilities", () => {
  it('are listed with their zip codes, plans and loaded ESIIDs counted', async () => {
    const listed = await pricing.call('GET', '/utilities');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const rows = listed.body.data as {
      code: string;
      commodity: string;
      counts: { zipcodes: number; plans: number; esiids: number | null };
    }[];
    const oncorRow = rows.find((u) => u.code === 'ONCOR')!;
    expect(oncorRow.counts.zipcodes).toBeGreaterThan(20);
    expect(oncorRow.counts.plans).toBeGreaterThan(0);
    expect(oncorRow.counts.esiids).toBeGreaterThan(0);
    // Gas utilities have account numbers, not ESIIDs in ERCOT's directory.
    expect(rows.find((u) => u.code === 'COH')!.counts.esiids).toBeNull();
  });

  it('show one utility with its settings and the zip codes it serves', async () => {
    const detail = (await pricing.call('GET', `/utilities/${oncor}`)).body.data;
    expect(detail).toMatchObject({
      code: 'ONCOR',
      stateCode: 'TX',
      hasEsiidDirectory: true,
      settings: {
        allowEnrollments: true,
        ldcLabel: 'ESIID',
        ldcPrefix: '10443720',
        ldcLength: 17,
        ldcOnlyNumbers: true,
        ldcMask: '99999999999999999',
        switchTypes: ['Switch', 'Move-In'],
      },
    });
    expect(detail.zipcodes).toContain('75201');
    expect(detail.zipcodes).toHaveLength(detail.counts.zipcodes);
  });
});

describe('enrollments allowed', () => {
  it('turned off, empty the wizard and refuse a new enrollment at once; turned on, sell again', async () => {
    const options = await requiredOptions(api, await api.sandboxToken(), fixed);
    expect(await wizardPlans(oncor)).toContain(fixed);

    const off = await change(oncor, { allowEnrollments: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.settings.allowEnrollments).toBe(false);
    expect(await wizardPlans(oncor)).toEqual([]);
    const listed = await api.call('GET', '/utilities', {
      token: await api.sandboxToken(),
      query: { allow_enrollments: false },
    });
    expect(listed.body.data.map((u: { code: string }) => u.code)).toEqual(['ONCOR']);
    const refused = await api.call('POST', '/enrollments/create', {
      token: await api.sandboxToken(),
      body: enrollmentBody(fixed, options),
    });
    expect(expectFailure(refused, 422, 'UTILITY_NOT_ENROLLING').message).toBe(
      'Oncor is not taking new enrollments.',
    );

    expect((await change(oncor, { allowEnrollments: true })).status).toBe(200);
    expect(await wizardPlans(oncor)).toContain(fixed);
    await pendingEnrollment(api, await api.sandboxToken(), { plan: fixed, options });
  });

  it('and every other change is in the audit log, naming what changed', async () => {
    const [last, first] = await auditOf(oncor);
    expect(first).toMatchObject({
      action: 'utility.settings',
      actor: staff('Pricing').email,
      summary: `settings of utility ${oncor} changed: allowEnrollments`,
      before: expect.objectContaining({ allowEnrollments: true }),
      after: expect.objectContaining({ allowEnrollments: false }),
    });
    expect(last).toMatchObject({
      action: 'utility.settings',
      after: expect.objectContaining({ allowEnrollments: true }),
    });
  });
});

describe('switch types', () => {
  it('limit the enrollments a utility takes', async () => {
    const saved = await change(oncor, { switchTypes: ['Switch'] });
    expect(saved.body.data.settings.switchTypes).toEqual(['Switch']);
    const info = await api.call('GET', '/utilities/utility-information', {
      token: await api.sandboxToken(),
      query: { utilityId: oncor },
    });
    expect(info.body.data.switch_types).toEqual(['Switch']);
    const refused = await api.call('POST', '/enrollments/create', {
      token: await api.sandboxToken(),
      body: enrollmentBody(fixed, [], { switchType: 'Move-In' }),
    });
    expect(expectFailure(refused, 422, 'SWITCH_TYPE_NOT_OFFERED').errors).toEqual([
      'switchType: Oncor takes Switch',
    ]);
    const both = await change(oncor, { switchTypes: ['Move-In', 'Switch'] });
    expect(both.body.data.settings.switchTypes).toEqual(['Switch', 'Move-In']);
  });
});

describe('account number rules', () => {
  it('are checked together: the prefix fits the length and the digits, the mask has a place per character', async () => {
    const refused = await change(oncor, { ldcPrefix: '10443720A', ldcLength: 9, ldcMask: '9999-9999' });
    expect(expectFailure(refused, 400, 'VALIDATION_FAILED').errors).toEqual([
      'ldcPrefix: has 9 characters; it must be shorter than the number (ldcLength 9)',
      'ldcPrefix: must be digits, since the numbers are digits only',
      'ldcMask: has 8 placeholders; the number has 9 characters (ldcLength)',
    ]);
    const letters = await change(oncor, { ldcMask: '*****************' });
    expect(expectFailure(letters, 400, 'VALIDATION_FAILED').errors).toEqual([
      'ldcMask: * stands for a letter or digit, but the numbers are digits only: use 9',
    ]);
    const odd = await change(oncor, { ldcMask: '9999 9999 (999999999)' });
    expect(expectFailure(odd, 400, 'VALIDATION_FAILED').errors).toEqual([
      'ldcMask: may hold only 9 (a digit), * (a letter or digit), spaces, dashes, dots and slashes',
    ]);
  });

  it("refuse a prefix that overlaps another TDSP's, since an ESIID would belong to both", async () => {
    const refused = await change(oncor, { ldcPrefix: '1008', ldcLength: 22, ldcMask: '9'.repeat(22) });
    expect(expectFailure(refused, 400, 'VALIDATION_FAILED').errors).toEqual([
      "ldcPrefix: overlaps CenterPoint Energy's prefix 1008901 at 22 characters: a number would belong to both",
    ]);
  });

  it('saved at once for two utilities with overlapping prefixes, let one through and refuse the other', async () => {
    const [central, north] = [await utilityId(api, 'AEP_TCC'), await utilityId(api, 'AEP_TNC')];
    const answers = await Promise.all([
      change(central, { ldcPrefix: '1099' }),
      change(north, { ldcPrefix: '10990' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(refused.body.errors[0]).toMatch(/^ldcPrefix: overlaps AEP Texas (Central|North)'s prefix/);
  });

  it('saved, are what plan shopping validates account numbers with', async () => {
    const saved = await change(oncor, {
      ldcPrefix: ' 1044372 ',
      ldcMask: '99999999 999999999',
      ldcLabel: 'ESI ID',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.settings).toMatchObject({ ldcPrefix: '1044372', ldcLabel: 'ESI ID' });
    const plan = await api.call('GET', `/plans/${fixed}`, { token: await api.sandboxToken() });
    expect(plan.body.data.general_rules.ldc_account_number[0]).toMatchObject({
      defaultValue: '1044372',
      mask: '99999999 999999999',
    });
  });
});

describe('zip codes served', () => {
  it('are previewed: what a new list adds and removes, nothing saved', async () => {
    const served = (await pricing.call('GET', `/utilities/${tnmp}`)).body.data.zipcodes as string[];
    const next = [...served.filter((z) => z !== '77573'), '75201', '75201'];
    const preview = await pricing.call('POST', `/utilities/${tnmp}/zipcodes/preview`, {
      body: { zipcodes: next },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({
      added: ['75201'],
      removed: ['77573'],
      unchanged: served.length - 1,
    });
    expect((await pricing.call('GET', `/utilities/${tnmp}`)).body.data.zipcodes).toEqual(served);
  });

  it('refuse the whole list, naming each code that is malformed, unknown or of another state', async () => {
    const refused = await pricing.call('PUT', `/utilities/${tnmp}/zipcodes`, {
      body: { zipcodes: ['77573', '7757', '99999', '43201', 'abcde'] },
    });
    expect(expectFailure(refused, 400, 'VALIDATION_FAILED').errors).toEqual([
      'zipcodes[1]: "7757" is not 5 digits',
      'zipcodes[2]: 99999 is not a known zip code',
      'zipcodes[3]: 43201 is in OH; TNMP serves TX',
      'zipcodes[4]: "abcde" is not 5 digits',
    ]);
    const empty = await pricing.call('PUT', `/utilities/${tnmp}/zipcodes`, { body: { zipcodes: [] } });
    expectFailure(empty, 400, 'VALIDATION_FAILED');
  });

  it('replaced, change which utilities serve a zip code at the next call, audited', async () => {
    const served = (await pricing.call('GET', `/utilities/${tnmp}`)).body.data.zipcodes as string[];
    expect(await utilitiesServing('77573')).toContain('TNMP');
    const saved = await pricing.call('PUT', `/utilities/${tnmp}/zipcodes`, {
      body: { zipcodes: [...served.filter((z) => z !== '77573'), '75201'] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ added: ['75201'], removed: ['77573'] });
    expect(await utilitiesServing('77573')).not.toContain('TNMP');
    expect(await utilitiesServing('75201')).toEqual(expect.arrayContaining(['ONCOR', 'TNMP']));
    const [entry] = await auditOf(tnmp);
    expect(entry).toMatchObject({
      action: 'utility.zipcodes',
      summary: `zip codes of utility ${tnmp}: 1 added, 1 removed, ${served.length - 1} kept`,
      before: { removed: ['77573'] },
      after: { added: ['75201'] },
    });
  });
});

describe('permissions', () => {
  it('let other staff read and refuse their changes; another company’s utility is not found', async () => {
    const agent = await signIn('Operations agent');
    expect((await agent.call('GET', '/utilities')).status).toBe(200);
    expect((await agent.call('GET', `/utilities/${oncor}`)).status).toBe(200);
    expectFailure(
      await agent.call('PATCH', `/utilities/${oncor}`, { body: { allowEnrollments: false } }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(
      await agent.call('PUT', `/utilities/${tnmp}/zipcodes`, { body: { zipcodes: ['77573'] } }),
      403,
      'PERMISSION_DENIED',
    );
    const admin = await signIn('Administrator');
    expect((await admin.call('PATCH', `/utilities/${oncor}`, { body: { ldcLabel: 'ESIID' } })).status).toBe(
      200,
    );
    expectFailure(await pricing.call('GET', '/utilities/999999'), 404, 'NOT_FOUND');
  });
});
