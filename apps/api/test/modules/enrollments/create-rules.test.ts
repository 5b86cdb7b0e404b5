import { beforeAll, describe, expect, it } from 'vitest';
import {
  creditCheck,
  daysFromToday,
  enrollmentBody,
  freshEsiid,
  pendingEnrollment,
  planId,
  planOf,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { setCompanySettings, setPlans } from '../../fixtures/operator.js';
import { sandboxCompanyId, withCustomerTypeFlags } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { taxIdOf } from '../customers/fixtures.js';
import { everyRowAsText } from '../payments/helpers.js';
import { customerSession, enrollmentRow, historyOf, login, ohioGasEnrollment } from './rules.js';

/**
 * The create path of POST /enrollments/create (spec: Enrollment, steps 1 to 4 and what is written): the plan and
 * the request must match, the customer's fields and the addresses are checked, acceptances, the start date, the
 * sale verification, the login made with the enrollment and the rows written.
 */
const api = useTestApi();
let token: string;
let fixed12: number;
let options: number[];

const enroll = (body: unknown, headers: Record<string, string> = {}) =>
  api.call('POST', '/enrollments/create', { token, body, headers });
const withCheck = async (overrides: Record<string, any> = {}) => {
  const check = await creditCheck(api, token, {
    firstName: overrides.customer?.firstName ?? 'Ana',
    lastName: overrides.customer?.lastName ?? 'Garcia',
    socialSecurityNumber: ssnEnding('720'),
    planId: fixed12,
  });
  return enrollmentBody(fixed12, options, {
    payment: { creditCheckId: check.id_credit_check },
    ...overrides,
  });
};
/** The sandbox's stored customer (Dana Demo) enrolled after a clean check in her name, with `fields` sent beside her id. */
const enrollStoredCustomer = async (fields: Record<string, unknown>) => {
  const { customerId } = await customerSession(api, token);
  const check = await creditCheck(api, token, {
    firstName: 'Dana',
    lastName: 'Demo',
    socialSecurityNumber: ssnEnding('720'),
    planId: fixed12,
  });
  const response = await enroll(
    enrollmentBody(fixed12, options, {
      customer: { idCustomer: customerId, ...fields },
      payment: { creditCheckId: check.id_credit_check },
    }),
  );
  return { customerId, response };
};
const countRows = async () => ({
  customers: (await api.db.kysely.selectFrom('customers').select('id').execute()).length,
  enrollments: (await api.db.kysely.selectFrom('enrollments').select('id').execute()).length,
});
const refused = async (body: unknown, status: number, code: string) => {
  const before = await countRows();
  const failure = expectFailure(await enroll(body), status, code);
  expect(await countRows()).toEqual(before);
  return failure.errors as string[];
};
const refusedWithCheck = async (overrides: Record<string, any>, status: number, code: string) =>
  refused(await withCheck(overrides), status, code);

beforeAll(async () => {
  token = await login(api);
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, fixed12);
});

describe('the plan and the request', () => {
  it('refuses a commodity or a customer type other than the plan, naming each', async () => {
    expect(await refusedWithCheck({ commodityName: 'Gas' }, 422, 'PLAN_MISMATCH')).toEqual([
      'commodityName: the plan is Electric',
    ]);
    expect(await refusedWithCheck({ customerType: 'SmallBusiness' }, 422, 'PLAN_MISMATCH')).toEqual([
      'customerType: the plan is for Residential',
    ]);
    expect(
      await refusedWithCheck({ commodityName: 'Gas', customerType: 'LargeBusiness' }, 422, 'PLAN_MISMATCH'),
    ).toEqual(['commodityName: the plan is Electric', 'customerType: the plan is for Residential']);
  });

  it('refuses a plan that is not on sale', async () => {
    const deprecated = await planId(api, 'Bluebonnet Energy 18-Month Fixed Electric');
    await refused(
      enrollmentBody(deprecated, await requiredOptions(api, token, deprecated), {
        payment: { bypassCreditCheck: true },
      }),
      422,
      'PLAN_NOT_ON_SALE',
    );
  });
});

describe("the customer's fields and the addresses", () => {
  it("checks a new customer's fields against the plan, prefixed with customer.", async () => {
    const errors = await refused(
      enrollmentBody(fixed12, options, {
        customer: { lastName: '', primaryPhoneNumber: undefined },
        payment: { bypassCreditCheck: true },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(errors.length).toBe(2);
    expect(errors[0]).toMatch(/^customer\.lastName: /);
    expect(errors[1]).toMatch(/^customer\.primaryPhoneNumber: /);
  });

  it("does not check a stored customer's fields again", async () => {
    const { customerId, response } = await enrollStoredCustomer({
      lastName: '',
      primaryPhoneNumber: undefined,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.customerId).toBe(customerId);
  });

  it('refuses an unknown stored customer with 404', async () => {
    await refused(
      enrollmentBody(fixed12, options, {
        customer: { idCustomer: 999_999 },
        payment: { bypassCreditCheck: true },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('needs the ESIID, checks it against the utility, and the state the utility serves, all named at once', async () => {
    // Left out, it is a field the request's schema requires (the document says so too).
    expect(
      await refusedWithCheck({ serviceAddress: { ldcAccount: undefined } }, 400, 'VALIDATION_FAILED'),
    ).toEqual(['body.serviceAddress.ldcAccount: is required']);
    expect(
      await refusedWithCheck(
        { serviceAddress: { ldcAccount: ' - ', state: 'OK' } },
        400,
        'VALIDATION_FAILED',
      ),
    ).toEqual([
      'serviceAddress.ldcAccount: is required',
      "serviceAddress.state: the plan's utility serves TX",
    ]);
    const wrongPrefix = await refusedWithCheck(
      { serviceAddress: { ldcAccount: '10089010001234567' } },
      400,
      'VALIDATION_FAILED',
    );
    expect(wrongPrefix).toEqual(['serviceAddress.ldcAccount: must start with the utility prefix 10443720.']);
  });

  it('stores the ESIID without the spaces and dashes it was typed with', async () => {
    const esiid = freshEsiid();
    const typed = `${esiid.slice(0, 4)} ${esiid.slice(4, 8)}-${esiid.slice(8)}`;
    const data = (await enroll(await withCheck({ serviceAddress: { ldcAccount: typed } }))).body.data;
    expect(data.enrollmentLdc).toBe(esiid);
    expect((await enrollmentRow(api, data.enrollmentId)).ldc_account).toBe(esiid);
  });

  it('refuses a zip code the utility does not serve', async () => {
    expect(
      await refusedWithCheck(
        { serviceAddress: { zipcode: '77002', city: 'Houston' } },
        422,
        'ZIPCODE_NOT_SERVED',
      ),
    ).toEqual(['serviceAddress.zipcode: not served by the plan utility']);
  });

  it('refuses a malformed SSN', async () => {
    const errors = await refusedWithCheck(
      { customer: { socialSecurityNumber: '000-12-3456' } },
      400,
      'VALIDATION_FAILED',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^customer\.socialSecurityNumber: /);
  });
});

describe('acceptance options', () => {
  it('refuses an option that is not one of the plan, naming it', async () => {
    expect(
      await refused(
        enrollmentBody(fixed12, [...options, 987_654], { payment: { bypassCreditCheck: true } }),
        400,
        'VALIDATION_FAILED',
      ),
    ).toEqual(['agreedAcceptanceValues: 987654 is not an option of this plan']);
  });

  it('refuses a missing required option, naming it and its text; optional ones may be left out', async () => {
    const all = (await api.call('GET', '/plans/acceptance-options', { token, query: { planId: fixed12 } }))
      .body.data as Array<{ id_option: number; is_required: boolean; text: string }>;
    const required = all.filter((o) => o.is_required);
    expect(
      await refused(
        enrollmentBody(fixed12, options.slice(1), { payment: { bypassCreditCheck: true } }),
        422,
        'ACCEPTANCE_REQUIRED',
      ),
    ).toEqual([`agreedAcceptanceValues: missing ${required[0]!.id_option} (${required[0]!.text})`]);
    expect(all.length).toBeGreaterThan(required.length);
    const response = await enroll(await withCheck({ agreedAcceptanceValues: options }));
    expect(response.body.data.enrollmentStatus).toBe('PENDING');
    expect((await enrollmentRow(api, response.body.data.enrollmentId)).accepted_options).toBe(
      JSON.stringify(options),
    );
    const everything = all.map((o) => o.id_option);
    const agreedToAll = await enroll(await withCheck({ agreedAcceptanceValues: everything }));
    expect((await enrollmentRow(api, agreedToAll.body.data.enrollmentId)).accepted_options).toBe(
      JSON.stringify(everything),
    );
  });
});

describe('the start date', () => {
  it('is at least the plan delay (1 day) away: today is refused, tomorrow accepted', async () => {
    expect(
      await refusedWithCheck({ requestedStartDate: daysFromToday(0) }, 422, 'START_DATE_TOO_EARLY'),
    ).toEqual(['requestedStartDate: too early']);
    const response = await enroll(await withCheck({ requestedStartDate: daysFromToday(1) }));
    expect(response.body.data.enrollmentStatus).toBe('PENDING');
  });

  it('may be today for a priority move-in only', async () => {
    await refusedWithCheck(
      { requestedStartDate: daysFromToday(0), switchType: 'Move-In' },
      422,
      'START_DATE_TOO_EARLY',
    );
    await refusedWithCheck(
      { requestedStartDate: daysFromToday(0), priority: 'Priority' },
      422,
      'START_DATE_TOO_EARLY',
    );
    const response = await enroll(
      await withCheck({ requestedStartDate: daysFromToday(0), switchType: 'Move-In', priority: 'Priority' }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await enrollmentRow(api, response.body.data.enrollmentId)).toMatchObject({
      switch_type: 'Move-In',
      priority: 'Priority',
      requested_start_date: daysFromToday(0),
    });
  });

  it('is not a weekend where the utility does not start service on weekends (Columbia Gas of Ohio)', async () => {
    let saturday = 10;
    while (new Date(`${daysFromToday(saturday)}T00:00:00Z`).getUTCDay() !== 6) saturday++;
    const before = await countRows();
    await expect(
      ohioGasEnrollment(api, token, { requestedStartDate: daysFromToday(saturday) }),
    ).rejects.toThrow(
      /"code":"START_DATE_WEEKEND".*"errors":\["requestedStartDate: falls on a weekend"\]|"errors":\["requestedStartDate: falls on a weekend"\].*"code":"START_DATE_WEEKEND"/,
    );
    await expect(
      ohioGasEnrollment(api, token, { requestedStartDate: daysFromToday(saturday + 1) }),
    ).rejects.toThrow(/START_DATE_WEEKEND/);
    expect(await countRows()).toEqual({ ...before, customers: before.customers });
    const monday = await ohioGasEnrollment(api, token, { requestedStartDate: daysFromToday(saturday + 2) });
    expect(monday.enrollmentStatus).toBe('PENDING');
  });
});

describe('the sale verification', () => {
  const verificationsOf = (id: number) =>
    api.db.kysely
      .selectFrom('tpv_verifications')
      .select(['enrollment_id', 'result', 'reasons', 'verified_at'])
      .where('enrollment_id', '=', id)
      .execute();

  it('a door-to-door sale waits for its verification, which exists from the first moment as NOT_SENT', async () => {
    const response = await enroll(await withCheck({ salesChannel: 'DoorToDoor' }));
    const id = response.body.data.enrollmentId as number;
    expect(response.body.data.enrollmentStatus).toBe('ON_HOLD_VERIFICATION_PENDING');
    expect((await enrollmentRow(api, id)).verification_status).toBe('NOT_SENT');
    expect(await verificationsOf(id)).toEqual([
      { enrollment_id: id, result: 'NOT_SENT', reasons: '[]', verified_at: null },
    ]);
  });

  it('a web sale needs none, unless the company or the plan verifies every sale', async () => {
    const web = (await enroll(await withCheck({ salesChannel: 'Web' }))).body.data;
    expect(web.enrollmentStatus).toBe('PENDING');
    expect((await enrollmentRow(api, web.enrollmentId)).verification_status).toBeNull();
    expect(await verificationsOf(web.enrollmentId)).toEqual([]);
    const settings = (on: 0 | 1) => setCompanySettings(api.db.kysely, { verification_required: on });
    const plan = (on: 0 | 1) => setPlans(api.db.kysely, fixed12, { verification_required: on });
    await settings(1);
    try {
      const held = (await enroll(await withCheck({ salesChannel: 'Web' }))).body.data;
      expect(held.enrollmentStatus).toBe('ON_HOLD_VERIFICATION_PENDING');
      expect(await verificationsOf(held.enrollmentId)).toHaveLength(1);
    } finally {
      await settings(0);
    }
    await plan(1);
    try {
      const held = (await enroll(await withCheck())).body.data;
      expect(held.enrollmentStatus).toBe('ON_HOLD_VERIFICATION_PENDING');
    } finally {
      await plan(0);
    }
  });

  it('a result for an enrollment already sent to billing is only noted in its history', async () => {
    const response = await enroll(await withCheck({ salesChannel: 'DoorToDoor' }));
    const id = response.body.data.enrollmentId as number;
    const verification = await api.db.kysely
      .selectFrom('tpv_verifications')
      .select('verification_id')
      .where('enrollment_id', '=', id)
      .executeTakeFirstOrThrow();
    const put = (result: string) =>
      api.call('PUT', `/tpv/verification/${verification.verification_id}`, {
        token,
        body: { result, reasons: [{ code: 'NO_CONSENT', reason: 'Customer did not confirm the sale' }] },
      });
    // an agent vouches for the sale before the provider answers: it goes to billing
    const released = await api.call('POST', `/agent/enrollments/${id}/release-hold`, {
      token,
      body: { reason: 'Confirmed by phone' },
    });
    expect(released.body.data?.status, JSON.stringify(released.body)).toBe('PENDING');
    expect((await put('FAILED')).status).toBe(200);
    expect(await enrollmentRow(api, id)).toMatchObject({
      status: 'PENDING',
      verification_status: 'VERIFIED_BY_AGENT',
    });
    expect((await historyOf(api, id)).at(-1)).toEqual({
      from_status: 'PENDING',
      to_status: 'PENDING',
      actor: 'system',
      reason: 'Third-party verification: FAILED',
    });
  });
});

describe('what the create writes', () => {
  it('a new customer from the request: trimmed names, digits of phone and tax id, sealed licence and SSN', async () => {
    const spanish = (
      await api.db.kysely
        .selectFrom('languages')
        .select('id')
        .where('short_name', '=', 'es')
        .executeTakeFirstOrThrow()
    ).id;
    const response = await enroll(
      await withCheck({
        customer: {
          firstName: ' Ana ',
          lastName: ' Garcia ',
          email: ' ana.garcia@example.com ',
          primaryPhoneNumber: '(512) 555-0100',
          driversLicenseNumber: ' TX12345678 ',
          driversLicenseStateCode: 'TX',
          socialSecurityNumber: ssnEnding('720'),
          dateOfBirth: '1980-05-06',
          suscribeMarketingComms: true,
          alternativeEmail: 'ana.alt@example.com',
          employerName: 'Elm Clinic',
          faxNum: '5125550111',
          otherPhoneNumber: '5125550122',
          primaryPhoneType: 2,
          otherPhoneType: 3,
          languageId: spanish,
          username: 'ana.rules.1',
          password: 'Long-enough-9',
        },
      }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const customer = await api.db.kysely
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', response.body.data.customerId)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({
      company_id: await sandboxCompanyId(api.db.kysely),
      user_name: 'ana.rules.1',
      first_name: 'Ana',
      last_name: 'Garcia',
      phone: '5125550100',
      email: 'ana.garcia@example.com',
      drivers_license_last4: '5678',
      drivers_license_state_code: 'TX',
      ssn_last4: '7720',
      opted_marketing_coms: 1,
      firm_name: null,
      contact_name: null,
      alternative_email: 'ana.alt@example.com',
      employer_name: 'Elm Clinic',
      fax_num: '5125550111',
      other_phone: '5125550122',
      id_primary_phone_type: 2,
      id_other_phone_type: 3,
      id_prefered_language: spanish,
    });
    expect(customer.password_hash).toMatch(/\S/);
    expect(customer.drivers_license_sealed).not.toContain('TX12345678');
    expect(customer.ssn_sealed).not.toBeNull();
    expect(customer.date_of_birth_sealed).not.toBeNull();
    // the login works
    const session = await api.call('POST', '/customers/login', {
      token,
      body: { username: 'ana.rules.1', password: 'Long-enough-9' },
    });
    expect(session.status).toBe(200);
  });

  it('a login needs both a username and a password', async () => {
    expect(
      await refusedWithCheck({ customer: { username: 'ana.rules.2' } }, 400, 'VALIDATION_FAILED'),
    ).toEqual(['customer.password: a login needs both']);
    expect(
      await refusedWithCheck({ customer: { password: 'Long-enough-9' } }, 400, 'VALIDATION_FAILED'),
    ).toEqual(['customer.username: a login needs both']);
    const noLogin = (await enroll(await withCheck())).body.data;
    expect((await enrollmentRow(api, noLogin.enrollmentId)).idempotency_key).toBeNull();
    const customer = await api.db.kysely
      .selectFrom('customers')
      .select([
        'user_name',
        'password_hash',
        'ssn_sealed',
        'ssn_last4',
        'drivers_license_sealed',
        'drivers_license_last4',
        'date_of_birth_sealed',
        'opted_marketing_coms',
        'id_prefered_language',
        'alternative_email',
        'employer_name',
        'fed_tax_id_sealed',
      ])
      .where('id', '=', noLogin.customerId)
      .executeTakeFirstOrThrow();
    const english = (
      await api.db.kysely
        .selectFrom('languages')
        .select('id')
        .where('is_default', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    expect(customer).toEqual({
      user_name: null,
      password_hash: null,
      ssn_sealed: null,
      ssn_last4: null,
      drivers_license_sealed: null,
      drivers_license_last4: null,
      date_of_birth_sealed: null,
      opted_marketing_coms: 0,
      id_prefered_language: english,
      alternative_email: null,
      employer_name: null,
      fed_tax_id_sealed: null,
    });
  });

  it("a stored customer's enrollment makes no login, whatever username and password come with it", async () => {
    const { response } = await enrollStoredCustomer({ username: 'dana.other', password: 'passwordpassword' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(
      await api.db.kysely
        .selectFrom('customers')
        .select('id')
        .where('user_name', '=', 'dana.other')
        .execute(),
    ).toEqual([]);
  });

  it('a username already taken is refused, naming the field', async () => {
    expect(
      await refusedWithCheck(
        { customer: { username: 'demo.customer', password: 'Long-enough-9' } },
        409,
        'USERNAME_TAKEN',
      ),
    ).toEqual(['customer.username: is already taken']);
  });

  it('a business customer: the contact is the first name, the firm its business name, the tax id sealed as digits', async () => {
    const business = await planOf(api, 'SmallBusiness');
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: business });
    const response = await enroll(
      enrollmentBody(business, await requiredOptions(api, token, business), {
        customerType: 'SmallBusiness',
        customer: {
          firstName: undefined,
          lastName: undefined,
          firmName: 'Elm Street Bakery',
          contactName: 'Ana Garcia',
          fedtaxid: '74-1234567',
        },
        payment: { creditCheckId: check.id_credit_check },
      }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(
      await api.db.kysely
        .selectFrom('customers')
        .select(['first_name', 'last_name', 'firm_name', 'business_name', 'contact_name'])
        .where('id', '=', response.body.data.customerId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      first_name: 'Ana Garcia',
      last_name: '',
      firm_name: 'Elm Street Bakery',
      business_name: 'Elm Street Bakery',
      contact_name: 'Ana Garcia',
    });
    expect(await taxIdOf(api, response.body.data.customerId)).toBe('741234567');
    expect(await everyRowAsText(api.db)).not.toContain('741234567');
  });

  it('the enrollment row: the plan, addresses (billing defaults to service), and the request flags', async () => {
    const esiid = freshEsiid();
    const key = `rules-${esiid}`;
    const response = await enroll(
      await withCheck({
        nameKey: 'GARC',
        billingDeliveryMethod: 2,
        serviceAddress: {
          address: ' 1201 Elm St ',
          address2: 'Apt 4',
          city: ' Dallas ',
          county: 'Dallas',
          ldcAccount: esiid,
          meter_number: 'M-1',
        },
      }),
      { 'idempotency-key': key },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const plan = await api.db.kysely
      .selectFrom('plans')
      .select(['utility_id', 'customer_type_id'])
      .where('id', '=', fixed12)
      .executeTakeFirstOrThrow();
    expect(await enrollmentRow(api, response.body.data.enrollmentId)).toMatchObject({
      plan_id: fixed12,
      utility_id: plan.utility_id,
      customer_type_id: plan.customer_type_id,
      commodity: 'Electric',
      switch_type: 'Switch',
      priority: 'Standard',
      name_key: 'GARC',
      billing_delivery_method: 2,
      critical_care: 0,
      service_address_1: '1201 Elm St',
      service_address_2: 'Apt 4',
      service_city: 'Dallas',
      service_county: 'Dallas',
      service_state: 'TX',
      service_zipcode: '75201',
      ldc_account: esiid,
      meter_number: 'M-1',
      billing_address_1: '1201 Elm St',
      billing_address_2: 'Apt 4',
      billing_city: 'Dallas',
      billing_state: 'TX',
      billing_zipcode: '75201',
      dual_billed: 0,
      meter_unverified: 1,
      idempotency_key: expect.stringMatching(/\S/),
      previous_enrollment_id: null,
      remove_meter: 0,
    });
  });
});

describe('reading enrollments', () => {
  it('an unknown enrollment is 404', async () => {
    expectFailure(await api.call('GET', '/enrollments/999999', { token }), 404, 'NOT_FOUND');
  });

  it("a customer's listing leaves out cancelled enrollments; an unknown customer is 404", async () => {
    const kept = (await enroll(await withCheck())).body.data;
    const cancelled = await pendingEnrollment(api, token, {
      plan: fixed12,
      options,
      customer: { idCustomer: kept.customerId },
    });
    await api.call('POST', `/enrollments/${cancelled}/drop`, {
      token,
      body: { effectiveDate: daysFromToday(1), reasonCodeId: 3 },
    });
    const listed = await api.call('GET', `/customers/${kept.customerId}/enrollments`, { token });
    expect(listed.body.data.map((e: { id_enrollment: number }) => e.id_enrollment)).toEqual([
      kept.enrollmentId,
    ]);
    expectFailure(await api.call('GET', '/customers/999999/enrollments', { token }), 404, 'NOT_FOUND');
  });
});

describe('a create retried with its Idempotency-Key after the enrollment was saved', () => {
  it('answers with the saved enrollment instead of creating another', async () => {
    const companyId = await sandboxCompanyId(api.db.kysely);
    const body = await withCheck();
    const service = api.app.voltin.enrollments!;
    const key = `saved-${body.serviceAddress.ldcAccount}`;
    const first = await service.create(companyId, body as never, key);
    expect((await enrollmentRow(api, first.enrollmentId)).idempotency_key).toBe(key);
    const again = await service.create(companyId, body as never, key);
    expect(again).toEqual(first);
    await expect(service.create(companyId, body as never, undefined)).rejects.toMatchObject({
      code: 'ENROLLMENT_DUPLICATE',
    });
  });
});

describe('a customer type that asks for no first name', () => {
  it('stores a new customer given neither a first name nor a contact name with an empty first name', async () => {
    const variable = await planId(api, 'Bluebonnet Energy Month-to-Month Variable Electric');
    await withCustomerTypeFlags(api.db.kysely, 'Residential', { required_first_name: 0 }, async () => {
      const response = await enroll(
        enrollmentBody(variable, await requiredOptions(api, token, variable), {
          customer: { firstName: undefined, lastName: 'Garcia' },
        }),
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(
        await api.db.kysely
          .selectFrom('customers')
          .select(['first_name', 'last_name'])
          .where('id', '=', response.body.data.customerId)
          .executeTakeFirstOrThrow(),
      ).toEqual({ first_name: '', last_name: 'Garcia' });
    });
  });
});
