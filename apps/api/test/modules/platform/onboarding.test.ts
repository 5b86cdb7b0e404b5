import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn, staffBrowser } from '../../helpers/console.js';
import { holdTransactions } from '../../helpers/races.js';

/**
 * Onboarding a supplier: the platform operator (whoever hosts Voltin, above every company) creates a retail company
 * from its company file with its first Administrator, in one transaction. The new company starts empty of everyone
 * else's data, and the two companies side by side never see each other's rows.
 */
// No background tasks: their transactions would be counted by the gate of holdTransactions.
const api = useTestApi({ backgroundTasks: false });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
const EXAMPLE = JSON.parse(
  readFileSync(new URL('../../../../../examples/company.json', import.meta.url), 'utf8'),
);
let operator: StaffBrowser;
let bluebonnetAdmin: StaffBrowser;

let made = 0;
/** The example company file under a slug and name no other test of the file uses. */
function companyFile(overrides: Record<string, unknown> = {}) {
  made += 1;
  return { ...EXAMPLE, name: `Lone Star Power ${made}`, slug: `lone-star-power-${made}`, ...overrides };
}

const create = (company: Record<string, unknown>, email = `admin${made}@lonestarpower.example`) =>
  operator.call('POST', '/platform/companies', {
    body: { company, administrator: { email, name: 'Jordan Lee' } },
  });

const companies = async () =>
  (await operator.call('GET', '/platform/companies')).body.data as {
    id: number;
    slug: string;
    staff: number;
  }[];

/** The new Administrator follows the set-up link: chooses a password, then signs in. */
async function administratorOf(setupLink: string, email: string): Promise<StaffBrowser> {
  const token = new URL(setupLink).pathname.split('/').pop()!;
  const browser = staffBrowser(api.consoleUrl);
  const setUp = await browser.call('POST', `/setup/${token}`, { body: { password: 'Lone-Star-Password-9' } });
  expect(setUp.status, JSON.stringify(setUp.body)).toBe(200);
  const signedIn = await browser.signIn(email, 'Lone-Star-Password-9');
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return browser;
}

beforeAll(async () => {
  operator = await signIn('Platform operator');
  bluebonnetAdmin = await signIn('Administrator');
});

describe('the platform operator', () => {
  it('lists the companies of the installation with their staff counted', async () => {
    const listed = await operator.call('GET', '/platform/companies');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ slug: 'bluebonnet-energy', staff: SANDBOX_STAFF.length }),
      ]),
    );
  });

  it('offers the states and reference utilities a company file may name', async () => {
    const choices = (await operator.call('GET', '/platform/company-file-choices')).body.data;
    const texas = choices.markets.find((m: { stateCode: string }) => m.stateCode === 'TX');
    expect(texas.stateName).toBe('Texas');
    expect(texas.utilities).toEqual(
      expect.arrayContaining([{ code: 'ONCOR', name: expect.any(String), commodity: 'Electric' }]),
    );
  });

  it('sees no company data: it has no permission to read the work of the company it is listed in', async () => {
    expectFailure(
      await operator.call('GET', '/customers/search', { query: { q: 'a' } }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(await operator.call('GET', '/plans'), 403, 'PERMISSION_DENIED');
  });
});

describe('creating a retail company', () => {
  it('makes the company from its file and its first Administrator, whose set-up link is answered once, audited in both logs', async () => {
    const file = companyFile();
    const email = `admin${made}@lonestarpower.example`;
    const answer = await create(file, email);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      company: { name: file.name, slug: file.slug, staff: 1 },
      administrator: { email, name: 'Jordan Lee' },
      setupLink: expect.stringMatching(/\/setup\/[\w-]{20,}$/),
    });
    expect((await companies()).map((c) => c.slug)).toContain(file.slug);

    const admin = await administratorOf(answer.body.data.setupLink, email);
    const session = (await admin.call('GET', '/session')).body.data;
    expect(session.user.roles).toEqual(['Administrator']);
    expect(session.user.permissions).not.toContain('companies.manage');
    const newLog = (await admin.call('GET', '/audit-log', { query: { action: 'company.create' } })).body.data;
    expect(newLog).toEqual([expect.objectContaining({ actor: staff('Platform operator').email })]);
    const operatorLog = (
      await bluebonnetAdmin.call('GET', '/audit-log', { query: { action: 'company.create' } })
    ).body.data as { summary: string }[];
    expect(operatorLog.map((entry) => entry.summary)).toContainEqual(expect.stringContaining(file.slug));
  });

  it('starts the new company empty of the other company’s data, and the two never cross', async () => {
    const file = companyFile();
    const email = `admin${made}@lonestarpower.example`;
    const { setupLink } = (await create(file, email)).body.data;
    const lonestar = await administratorOf(setupLink, email);

    // Only its own: no plans, customers, campaigns, accounts or holds; its staff list is its Administrator alone.
    expect((await lonestar.call('GET', '/plans')).body.data).toEqual([]);
    expect((await lonestar.call('GET', '/customers/search', { query: { q: 'Smith' } })).body.data).toEqual(
      [],
    );
    expect((await lonestar.call('GET', '/campaigns')).body.data).toEqual([]);
    expect((await lonestar.call('GET', '/web-service-accounts')).body.data).toEqual([]);
    const ownStaff = (await lonestar.call('GET', '/staff')).body.data as { email: string }[];
    expect(ownStaff.map((member) => member.email)).toEqual([email]);
    const utilities = (await lonestar.call('GET', '/utilities')).body.data as { code: string }[];
    expect(utilities.map((u) => u.code).sort()).toEqual([...EXAMPLE.utilities].sort());

    // Bluebonnet's rows are not found from Lone Star, and the other way round.
    const bluebonnetPlans = (await bluebonnetAdmin.call('GET', '/plans')).body.data as { id: number }[];
    expect(bluebonnetPlans.length).toBeGreaterThan(0);
    expectFailure(await lonestar.call('GET', `/plans/${bluebonnetPlans[0]!.id}`), 404, 'PLAN_NOT_FOUND');
    const bluebonnetStaff = (await bluebonnetAdmin.call('GET', '/staff')).body.data as {
      id: number;
      email: string;
    }[];
    expect(bluebonnetStaff.map((member) => member.email)).not.toContain(email);
    const lonestarAdminId = (ownStaff as unknown as { id: number }[])[0]!.id;
    expectFailure(
      await bluebonnetAdmin.call('PATCH', `/staff/${lonestarAdminId}`, { body: { name: 'Taken over' } }),
      404,
      'NOT_FOUND',
    );
    expectFailure(
      await lonestar.call('PATCH', `/staff/${bluebonnetStaff[0]!.id}`, { body: { name: 'Taken over' } }),
      404,
      'NOT_FOUND',
    );

    // Through the public API too: an account of Lone Star sees Lone Star's brand only.
    const account = await lonestar.call('POST', '/web-service-accounts', {
      body: { name: 'Lone Star site', roleGroups: ['Integration'], operations: ['listBrands'] },
    });
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    const { account: created, secret } = account.body.data;
    const login = await api.call('POST', '/auth/login', { query: signLogin(created.apiKey, secret) });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const brands = (await api.call('GET', '/brands', { token: login.body.data.token })).body.data as {
      name: string;
    }[];
    expect(brands.map((brand) => brand.name)).toEqual(['Lone Star Power']);
  });

  it('refuses a slug already taken, writing nothing (not even the Administrator)', async () => {
    const file = companyFile({ slug: 'bluebonnet-energy' });
    expectFailure(await create(file, 'nobody@lonestarpower.example'), 409, 'COMPANY_SLUG_TAKEN');
    const admin = staffBrowser(api.consoleUrl);
    expect((await admin.signIn('nobody@lonestarpower.example', 'x')).status).toBe(401);
    expect(
      await api.db.kysely
        .selectFrom('staff_users')
        .select('id')
        .where('email', '=', 'nobody@lonestarpower.example')
        .execute(),
    ).toEqual([]);
  });

  it('refuses an Administrator email already taken by any company, leaving no company behind', async () => {
    const file = companyFile();
    expectFailure(await create(file, staff('Pricing').email), 409, 'STAFF_EMAIL_TAKEN');
    expect((await companies()).map((c) => c.slug)).not.toContain(file.slug);
  });

  it('refuses a company file that contradicts itself, naming each problem where it is', async () => {
    const file = companyFile({ utilities: ['ONCOR', 'COH'] });
    const refused = expectFailure(await create(file), 400, 'VALIDATION_FAILED');
    expect(refused.errors).toContain('company.utilities.1: COH serves OH, which is not among /markets');
    const malformed = expectFailure(await create(companyFile({ brands: [] })), 400, 'VALIDATION_FAILED');
    expect(malformed.errors.join(' ')).toContain('brands');
  });

  it('makes one company when six requests race for the same slug: the database decides', async () => {
    const file = companyFile();
    const gate = holdTransactions(api, 6);
    const requests = Array.from({ length: 6 }, (_, i) => create(file, `racer${i}@lonestarpower.example`));
    await gate.held(requests);
    await gate.release();
    const answers = await Promise.all(requests);
    expect(
      answers.filter((a) => a.status === 200),
      JSON.stringify(answers.map((a) => a.body)),
    ).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expectFailure(refused, 409, 'COMPANY_SLUG_TAKEN');
    expect((await companies()).filter((c) => c.slug === file.slug)).toHaveLength(1);
    const racers = await api.db.kysely
      .selectFrom('staff_users')
      .select('email')
      .where('email', 'like', 'racer%')
      .execute();
    expect(racers).toHaveLength(1);
  });

  it('is refused to a company’s Administrator, and the platform operator role cannot be given or taken over', async () => {
    expectFailure(await bluebonnetAdmin.call('GET', '/platform/companies'), 403, 'PERMISSION_DENIED');
    const attempt = await bluebonnetAdmin.call('POST', '/platform/companies', {
      body: { company: companyFile(), administrator: { email: 'x@lonestarpower.example', name: 'X' } },
    });
    expectFailure(attempt, 403, 'PERMISSION_DENIED');
    const given = await bluebonnetAdmin.call('POST', '/staff', {
      body: { email: 'climber@bluebonnet.example', name: 'Climber', roles: ['Platform operator'] },
    });
    expectFailure(given, 400, 'VALIDATION_FAILED');
    const roles = (await bluebonnetAdmin.call('GET', '/roles')).body.data as { role: string }[];
    expect(roles.map((r) => r.role)).not.toContain('Platform operator');
    const operatorRow = (
      (await bluebonnetAdmin.call('GET', '/staff')).body.data as { id: number; email: string }[]
    ).find((member) => member.email === staff('Platform operator').email)!;
    expectFailure(
      await bluebonnetAdmin.call('POST', `/staff/${operatorRow.id}/reset-password`),
      403,
      'STAFF_USER_PROTECTED',
    );
    expectFailure(
      await bluebonnetAdmin.call('PATCH', `/staff/${operatorRow.id}`, { body: { disabled: true } }),
      403,
      'STAFF_USER_PROTECTED',
    );
    expectFailure(
      await bluebonnetAdmin.call('POST', `/staff/${operatorRow.id}/sign-out-everywhere`),
      403,
      'STAFF_USER_PROTECTED',
    );
  });
});
