import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import {
  creditCheck,
  enrollmentBody,
  freshEsiid,
  pendingEnrollment,
  planId,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/** Finding a customer in the console as staff type, and their profile with identity data masked. */
const api = useTestApi();
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
let agent: StaffBrowser;
let support: StaffBrowser;
let quinn: { customerId: number; enrollmentId: number; esiid: string };

async function enrolled(customer: Record<string, string>, esiid = freshEsiid()) {
  const token = await api.sandboxToken();
  const plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  const check = await creditCheck(api, token, {
    firstName: customer.firstName,
    lastName: customer.lastName,
    socialSecurityNumber: ssnEnding('720'),
    dateOfBirth: '1985-04-12',
    planId: plan,
  });
  const response = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(plan, await requiredOptions(api, token, plan), {
      customer: { ...customer, socialSecurityNumber: ssnEnding('720'), dateOfBirth: '1985-04-12' },
      serviceAddress: { ldcAccount: esiid },
      payment: { creditCheckId: check.id_credit_check },
    }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return {
    customerId: response.body.data.customerId as number,
    enrollmentId: response.body.data.enrollmentId as number,
    esiid,
  };
}

const search = async (q: string) =>
  (await agent.call('GET', '/customers/search', { query: { q } })).body.data as {
    customerId: number;
    matchedOn: string;
    detail: string | null;
  }[];

beforeAll(async () => {
  agent = await signedIn(api.consoleUrl, staff('Operations agent').email, staff('Operations agent').password);
  support = await signedIn(
    api.consoleUrl,
    staff('Customer support').email,
    staff('Customer support').password,
  );
  // A second enrollment of the demo customer first, so that Quinn's enrollment id is not also a customer's id.
  const plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  const token = await api.sandboxToken();
  await pendingEnrollment(api, token, {
    plan,
    options: await requiredOptions(api, token, plan),
    customer: { idCustomer: 1 },
  });
  quinn = await enrolled({
    firstName: 'Quinn',
    lastName: 'Zavala-Ortiz',
    email: 'Quinn.Zavala@Example.com',
    primaryPhoneNumber: '(214) 555-0142',
  });
});

describe('the console’s customer search', () => {
  it('finds a customer by the start of a name, either name, or both, in any case', async () => {
    for (const q of ['zav', 'ZAVALA-o', 'quin', 'quinn zav', '  Quinn   Zavala '])
      expect(
        (await search(q)).map((h) => h.customerId),
        q,
      ).toContain(quinn.customerId);
    expect((await search('zavx')).map((h) => h.customerId)).not.toContain(quinn.customerId);
  });

  it('finds one by email, phone in any format, meter number, enrollment id or customer id, saying what matched', async () => {
    const cases: [string, string, string | null][] = [
      ['quinn.zavala@', 'email', null],
      ['214-555-0142', 'phone', null],
      ['+1 (214) 555 0142', 'phone', null],
      [quinn.esiid.slice(0, 12), 'meter', quinn.esiid],
      [String(quinn.enrollmentId), 'enrollment id', `enrollment ${quinn.enrollmentId}`],
      [String(quinn.customerId), 'customer id', null],
    ];
    for (const [q, matchedOn, detail] of cases) {
      const found = (await search(q)).find((h) => h.customerId === quinn.customerId);
      expect(found, q).toMatchObject({ matchedOn, ...(detail ? { detail } : {}) });
    }
  });

  it('answers at most 20, each customer once, and nothing for a single letter', async () => {
    for (let i = 0; i < 22; i++)
      await enrolled({ firstName: `Yara ${String.fromCharCode(97 + i)}`, lastName: 'Yellowstone' });
    const many = await search('yellow');
    expect(many).toHaveLength(20);
    expect(new Set(many.map((h) => h.customerId)).size).toBe(20);
    expect(await search('y')).toEqual([]);
    expectFailure(
      await agent.call('GET', '/customers/search', { query: { q: '' } }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('the console’s customer search by full name', () => {
  it('finds the first name among many last names of the prefix, in a directory’s order, however far along', async () => {
    // 45 surnames starting "kesl", more than the search looks up one by one before reading the rest as one range;
    // Xena's three are the 4th, the 21st and the 44th.
    const surname = (i: number) => `Kesl${String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26))}`;
    const xenas = new Map<number, number>();
    for (let i = 1; i <= 45; i++) {
      const firstName = [4, 21, 44].includes(i) ? 'Xena' : 'Otto';
      const { customerId } = await enrolled({ firstName, lastName: surname(i) });
      if (firstName === 'Xena') xenas.set(i, customerId);
    }
    expect((await search('xena kesl')).map((h) => h.customerId)).toEqual([...xenas.values()]);
    expect((await search(`XENA ${surname(44).toUpperCase()}`)).map((h) => h.customerId)).toEqual([
      xenas.get(44),
    ]);
    const ottos = await search('otto kesl');
    expect(ottos).toHaveLength(20);
    expect(ottos.map((h) => h.customerId)).not.toEqual(expect.arrayContaining([...xenas.values()]));
  });
});

describe('the console’s customer profile', () => {
  it('shows contact details and enrollments, and that identity data is on file without showing it', async () => {
    const profile = await agent.call('GET', `/customers/${quinn.customerId}`);
    expect(profile.body.data).toMatchObject({
      name: 'Quinn Zavala-Ortiz',
      email: 'Quinn.Zavala@Example.com',
      ssnOnFile: true,
      dateOfBirthOnFile: true,
    });
    expect(profile.body.data.enrollments.map((e: { id: number }) => e.id)).toEqual([quinn.enrollmentId]);
    expect(JSON.stringify(profile.body)).not.toMatch(/1985|7720|ssnLast4/);
    expectFailure(await agent.call('GET', '/customers/2147483000'), 404, 'NOT_FOUND');
  });

  it('reveals the SSN last four and the date of birth to Customer support only, each reveal audited', async () => {
    expectFailure(
      await agent.call('POST', `/customers/${quinn.customerId}/reveal`, { body: { field: 'ssnLast4' } }),
      403,
      'PERMISSION_DENIED',
    );
    const ssn = await support.call('POST', `/customers/${quinn.customerId}/reveal`, {
      body: { field: 'ssnLast4' },
    });
    expect(ssn.body.data).toEqual({ field: 'ssnLast4', value: '7720' });
    const birth = await support.call('POST', `/customers/${quinn.customerId}/reveal`, {
      body: { field: 'dateOfBirth' },
    });
    expect(birth.body.data.value).toBe('1985-04-12');
    const admin = await signedIn(
      api.consoleUrl,
      staff('Administrator').email,
      staff('Administrator').password,
    );
    const log = await admin.call('GET', '/audit-log', {
      query: { action: 'customer.reveal', targetId: String(quinn.customerId) },
    });
    expect(log.body.data.map((e: { actor: string; summary: string }) => [e.actor, e.summary])).toEqual([
      ['support@bluebonnet.example', `Revealed the date of birth of customer ${quinn.customerId}`],
      ['support@bluebonnet.example', `Revealed the SSN last four of customer ${quinn.customerId}`],
    ]);
  });
});
