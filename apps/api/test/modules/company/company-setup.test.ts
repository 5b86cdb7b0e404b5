import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { hashPassword } from '../../../src/security/passwords.js';
import {
  cardEnding,
  creditCheck,
  enrollmentBody,
  nameOf,
  planId,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { createTenant } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';
import { creditPlans, enrollWithCheck, loginNow } from '../credit-checks/helpers.js';

/**
 * Administrators set the company up in the console: its settings (each shown with its meaning and allowed values)
 * and its brands, checked by the company file's own schemas. The payment and credit rules read the very settings
 * changed here, from their next call. Each change is audited; a change made on a stale read is refused (409).
 */
const api = useTestApi();
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let admin: StaffBrowser;

const settings = async () => (await admin.call('GET', '/company-setup/settings')).body.data;
/** Changes settings at the version just read; answers the response. */
const changeSettings = async (change: Record<string, unknown>) =>
  admin.call('PATCH', '/company-setup/settings', {
    body: { version: (await settings()).version, ...change },
  });

/** The public GET /configuration-parameters, as the self-service site reads it for its signed-in customer. */
const configurationParameters = async () =>
  api.call('GET', '/configuration-parameters', {
    token: await api.sandboxToken(),
    customerHash: (await api.sandboxCustomerHash()).customerHash,
  });

const auditOf = async (targetType: string) =>
  (await admin.call('GET', '/audit-log', { query: { targetType } })).body.data as {
    action: string;
    summary: string;
    before: unknown;
    after: unknown;
  }[];

const NEW_BRAND = {
  system_name: 'lonestar-power',
  name: 'Lone Star Power',
  legal_name: 'Lone Star Power LLC',
  url: 'https://lonestar.example',
  my_account_url: 'https://my.lonestar.example',
  phone: '+1-214-555-0199',
  email: 'hello@lonestar.example',
  office_hours: 'Weekdays 8-6',
  license_number: '10999',
  wizard_welcome_text: 'Welcome to Lone Star Power',
  wizard_thank_you_text: 'Thank you for choosing Lone Star Power',
};

beforeAll(async () => {
  admin = await signIn('Administrator');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the settings', () => {
  it('are read with their version and, from the company file’s schema, their meaning and allowed values', async () => {
    const read = await admin.call('GET', '/company-setup/settings');
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const { version, values, parameters } = read.body.data;
    expect(version).toBeGreaterThanOrEqual(1);
    expect(values).toMatchObject({ payment_gateway: 'AuthorizeNET', max_single_payment_cents: 500_000 });
    expect(values.payment_return_origins).toContain('http://localhost:3002');
    const byKey = Object.fromEntries(parameters.map((p: { key: string }) => [p.key, p]));
    expect(byKey.payment_gateway).toMatchObject({
      group: 'configuration',
      kind: 'choice',
      allowed: ['AuthorizeNET', 'iCheckGateway'],
    });
    expect(byKey.deposit_payment_types.allowed).toEqual(['Both', 'CreditCard', 'BankAccount']);
    expect(byKey.my_account_reenroll_option).toMatchObject({ group: 'configuration', kind: 'flag' });
    expect(byKey.credit_check_valid_days).toMatchObject({
      group: 'payments',
      kind: 'number',
      minimum: 1,
      maximum: 365,
      description: 'How many days a credit check may back an enrollment.',
    });
    expect(byKey.payment_return_origins).toMatchObject({ group: 'payments', kind: 'origins' });
    expect(byKey.support_email).toMatchObject({ group: 'support', kind: 'text' });
    // Exactly the public GET /configuration-parameters are in the configuration group.
    const served = await configurationParameters();
    expect(
      parameters
        .filter((p: { group: string }) => p.group === 'configuration')
        .map((p: { key: string }) => p.key),
    ).toEqual(Object.keys(served.body.data));
  });

  it('change one at a time: the public configuration parameters show it, the rest stays, the audit log has it', async () => {
    const before = await settings();
    const changed = await changeSettings({ my_account_reenroll_option: false });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.version).toBe(before.version + 1);
    expect(changed.body.data.values).toEqual({ ...before.values, my_account_reenroll_option: false });
    const served = await configurationParameters();
    expect(served.body.data.my_account_reenroll_option).toBe(false);
    expect((await auditOf('company'))[0]).toMatchObject({
      action: 'company.settings',
      summary: 'company settings changed: my_account_reenroll_option',
      before: { my_account_reenroll_option: true },
      after: { my_account_reenroll_option: false },
    });
    expect((await changeSettings({ my_account_reenroll_option: true })).status).toBe(200);
  });

  it('refuse what the company file refuses, saving nothing', async () => {
    const before = await settings();
    for (const [change, field] of [
      [{ payment_gateway: 'PayPal' }, 'payment_gateway'],
      [{ credit_check_valid_days: 0 }, 'credit_check_valid_days'],
      [{ credit_check_valid_days: 366 }, 'credit_check_valid_days'],
      [{ max_single_payment_cents: 0 }, 'max_single_payment_cents'],
      [{ payment_return_origins: ['https://shop.example/path'] }, 'payment_return_origins'],
      [{ support_email: 'not an address' }, 'support_email'],
    ] as const) {
      const refused = expectFailure(await changeSettings(change), 400, 'VALIDATION_FAILED');
      expect(JSON.stringify(refused.errors), JSON.stringify(change)).toContain(field);
    }
    expectFailure(
      await admin.call('PATCH', '/company-setup/settings', { body: { version: before.version } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await settings()).toEqual(before);
  });

  it('saved by someone else since they were read: the change is refused (409) and nothing is lost', async () => {
    const read = await settings();
    const other = await signIn('Administrator');
    const first = await other.call('PATCH', '/company-setup/settings', {
      body: { version: read.version, support_hours: 'Every day 7-9' },
    });
    expect(first.status).toBe(200);
    const second = await admin.call('PATCH', '/company-setup/settings', {
      body: { version: read.version, support_hours: 'Weekdays 9-5' },
    });
    expectFailure(second, 409, 'COMPANY_SETUP_CHANGED');
    expect((await settings()).values.support_hours).toBe('Every day 7-9');
    expect((await changeSettings({ support_hours: read.values.support_hours })).status).toBe(200);
  });
});

describe('the payment rules read the settings changed here', () => {
  let token: string;
  let customerHash: string;
  let customerId: number;

  beforeAll(async () => {
    token = await api.sandboxToken();
    ({ customerHash, customerId } = await api.sandboxCustomerHash());
  });

  async function enrollmentWithCard() {
    const plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
    const check = await creditCheck(api, token, {
      ...(await nameOf(api, { idCustomer: customerId })),
      socialSecurityNumber: ssnEnding('720'),
      planId: plan,
    });
    const created = await api.call('POST', '/enrollments/create', {
      token,
      body: enrollmentBody(plan, await requiredOptions(api, token, plan), {
        customer: { idCustomer: customerId },
        payment: { creditCheckId: check.id_credit_check, depositOptions: 'PayLater' },
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const card = await api.call('POST', '/payments/payment-profile', {
      token,
      customerHash,
      body: {
        id_customer: customerId,
        id_payment_type: 1,
        card_number: cardEnding('1111'),
        card_expiration_date: '2030-12',
        card_type: 'Visa',
      },
    });
    return { enrollmentId: created.body.data.enrollmentId as number, card: card.body.data };
  }

  it('a payment above the new largest single payment is refused through the public API; one at it is taken', async () => {
    const { enrollmentId, card } = await enrollmentWithCard();
    const pay = (amount: number) =>
      api.call('POST', '/payments/pay', {
        token,
        customerHash,
        body: { idEnrollment: enrollmentId, ...card, amount },
      });
    expect((await changeSettings({ max_single_payment_cents: 10_000 })).status).toBe(200);
    try {
      const refused = expectFailure(await pay(100.01), 422, 'PAYMENT_AMOUNT_TOO_LARGE');
      expect(refused.message).toContain('$100.00');
      const taken = await pay(100);
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    } finally {
      await changeSettings({ max_single_payment_cents: 500_000 });
    }
  });

  it('a hosted payment page returns only to the registered origins as they are now', async () => {
    const { enrollmentId } = await enrollmentWithCard();
    const ldc = (await api.call('GET', `/enrollments/${enrollmentId}`, { token })).body.data.service_address
      .ldc_account;
    const link = (origin: string) =>
      api.call('GET', `/payments/redirect-payment-uri/${enrollmentId}`, {
        token,
        customerHash,
        query: {
          ldcNumber: ldc,
          callbackSuccessURL: `${origin}/ok`,
          callbackErrorURL: `${origin}/fail`,
          secondsBeforeExpire: 120,
        },
      });
    expectFailure(await link('https://shop.lonestar.example'), 400, 'RETURN_URL_NOT_ALLOWED');
    const origins = (await settings()).values.payment_return_origins as string[];
    expect(
      (await changeSettings({ payment_return_origins: [...origins, 'https://shop.lonestar.example'] }))
        .status,
    ).toBe(200);
    try {
      expect((await link('https://shop.lonestar.example')).status).toBe(200);
    } finally {
      await changeSettings({ payment_return_origins: origins });
    }
  });

  it('a credit check inside the new reuse window backs an enrollment; outside it, it is refused', async () => {
    const DAY = 86_400_000;
    const { standard } = await creditPlans(api, token);
    expect((await changeSettings({ credit_check_valid_days: 2 })).status).toBe(200);
    try {
      const start = Date.now() + 3_600_000;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(start);
      const check = await creditCheck(api, await loginNow(api), { socialSecurityNumber: ssnEnding('720') });
      vi.setSystemTime(start + 3 * DAY);
      const refused = expectFailure(
        await enrollWithCheck(api, await loginNow(api), standard, check.id_credit_check),
        422,
        'CREDIT_CHECK_UNUSABLE',
      );
      expect(refused.message).toContain('valid for 2 days');
      vi.useRealTimers();
      expect((await changeSettings({ credit_check_valid_days: 5 })).status).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      // A second later: each login signs a second of its own.
      vi.setSystemTime(start + 3 * DAY + 1000);
      const reused = await enrollWithCheck(api, await loginNow(api), standard, check.id_credit_check);
      expect(reused.body.data?.enrollmentStatus, JSON.stringify(reused.body)).toBe('PENDING');
    } finally {
      vi.useRealTimers();
      await changeSettings({ credit_check_valid_days: 30 });
    }
  });
});

describe('the brands', () => {
  it('are listed with their version, and a new one is added with the file’s defaults and audited', async () => {
    const listed = await admin.call('GET', '/company-setup/brands');
    expect(listed.status).toBe(200);
    expect(listed.body.data[0]).toMatchObject({ system_name: 'bluebonnet', active: true, version: 1 });
    const created = await admin.call('POST', '/company-setup/brands', { body: NEW_BRAND });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      ...NEW_BRAND,
      active: true,
      version: 1,
      primary_color: '#1f4e79',
      default_language: 'en',
    });
    const publicBrands = await api.call('GET', '/brands', { token: await api.sandboxToken() });
    expect(JSON.stringify(publicBrands.body.data)).toContain('lonestar-power');
    expect((await auditOf('brand'))[0]).toMatchObject({
      action: 'brand.create',
      summary: 'brand lonestar-power created',
    });
    expectFailure(
      await admin.call('POST', '/company-setup/brands', { body: NEW_BRAND }),
      409,
      'BRAND_SYSTEM_NAME_TAKEN',
    );
  });

  it('are changed field by field, checked as the file checks them, with a stale read refused', async () => {
    const brand = (await admin.call('GET', '/company-setup/brands')).body.data.find(
      (b: { system_name: string }) => b.system_name === 'lonestar-power',
    );
    const path = `/company-setup/brands/${brand.id}`;
    for (const body of [
      { primary_color: 'red' },
      { terms_url: 'ftp://lonestar.example/terms' },
      { default_language: 'fr' },
    ])
      expectFailure(
        await admin.call('PATCH', path, { body: { version: brand.version, ...body } }),
        400,
        'VALIDATION_FAILED',
      );
    const changed = await admin.call('PATCH', path, {
      body: { version: brand.version, primary_color: '#aa3300', phone: '+1-214-555-0100' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      primary_color: '#aa3300',
      phone: '+1-214-555-0100',
      accent_color: '#f2a900',
      version: brand.version + 1,
    });
    expect((await auditOf('brand'))[0]).toMatchObject({
      action: 'brand.change',
      summary: 'brand lonestar-power changed: phone, primary_color',
      before: { primary_color: '#1f4e79' },
      after: { primary_color: '#aa3300' },
    });
    expectFailure(
      await admin.call('PATCH', path, { body: { version: brand.version, name: 'Stale' } }),
      409,
      'COMPANY_SETUP_CHANGED',
    );
  });
});

describe('the reference lists', () => {
  it('show the company’s customer types and the installation’s languages and contact methods', async () => {
    const lists = (await admin.call('GET', '/company-setup/reference-lists')).body.data;
    expect(lists.customerTypes.map((t: { code: string }) => t.code)).toContain('Residential');
    expect(lists.languages.map((l: { shortName: string }) => l.shortName)).toEqual(
      expect.arrayContaining(['en', 'es']),
    );
    expect(lists.contactMethods.length).toBeGreaterThan(0);
  });
});

describe('another company’s Administrator', () => {
  it('sees and changes only its own set-up; this company’s brands are not found (404)', async () => {
    const rival = await createTenant(api.db.kysely, api.app.voltin.keys, 'rival-setup');
    await api.db.kysely
      .insertInto('staff_users')
      .values({
        company_id: rival.companyId,
        email: 'admin@rival-setup.example',
        name: 'Rival Admin',
        roles: JSON.stringify(['Administrator']),
        password_hash: await hashPassword('Rival-Password-1', 10),
        created_at: new Date().toISOString(),
      })
      .execute();
    const theirs = await signedIn(api.consoleUrl, 'admin@rival-setup.example', 'Rival-Password-1');
    const ours = await settings();
    const read = (await theirs.call('GET', '/company-setup/settings')).body.data;
    expect(read.values.support_email).toBe('support@rival-setup.example');
    const changed = await theirs.call('PATCH', '/company-setup/settings', {
      body: { version: read.version, max_single_payment_cents: 1234 },
    });
    expect(changed.status).toBe(200);
    expect(await settings()).toEqual(ours);
    const brands = (await theirs.call('GET', '/company-setup/brands')).body.data;
    expect(brands.map((b: { system_name: string }) => b.system_name)).toEqual(['rival-setup-brand']);
    const ourBrand = (await admin.call('GET', '/company-setup/brands')).body.data[0];
    expectFailure(
      await theirs.call('PATCH', `/company-setup/brands/${ourBrand.id}`, {
        body: { version: ourBrand.version, name: 'Taken over' },
      }),
      404,
      'NOT_FOUND',
    );
    expect((await admin.call('GET', '/company-setup/brands')).body.data[0].name).toBe(ourBrand.name);
    const lists = (await theirs.call('GET', '/company-setup/reference-lists')).body.data;
    expect(lists.customerTypes).toEqual([]);
  });
});

describe('a staff member who is not an Administrator', () => {
  it('is refused every set-up operation (403)', async () => {
    const pricing = await signIn('Pricing');
    for (const [method, path, body] of [
      ['GET', '/company-setup/settings'],
      ['PATCH', '/company-setup/settings', { version: 1, support_hours: 'x' }],
      ['GET', '/company-setup/brands'],
      ['POST', '/company-setup/brands', NEW_BRAND],
      ['PATCH', '/company-setup/brands/1', { version: 1, name: 'x' }],
      ['GET', '/company-setup/reference-lists'],
    ] as const)
      expectFailure(await pricing.call(method, path, { body }), 403, 'PERMISSION_DENIED');
  });
});
