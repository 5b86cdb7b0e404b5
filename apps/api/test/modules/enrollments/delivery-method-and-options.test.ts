import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../src/domain/dates.js';
import {
  creditCheck,
  daysFromToday,
  enrollmentBody,
  freshEsiid,
  nameOf,
  pendingEnrollment,
  planId,
  planOf,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { setUtility, withCompanySettings } from '../../fixtures/operator.js';
import { withCustomerTypeFlags } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { activeEnrollments, enrollmentRow, historyOf, login, ohioGasEnrollment, travelTo } from './rules.js';

/**
 * The billing delivery method (spec: Enrollment, section 5: allowed on a live enrollment that is dual billed, or
 * where the supplier bills and the billing system awaits nothing), and what can be done with an LDC number
 * (transaction options, exists-repeated), reinstatement included.
 */
const api = useTestApi();
let fixed12: { id: number; options: number[]; term: number };

const changeMethod = (token: string, id: number, method: number) =>
  api.call('POST', `/enrollments/${id}/update-billing-delivery-method`, {
    token,
    body: { id_method_delivery: method },
  });

/** A new customer's Oncor enrollment created now, the sandbox billing system answering by last name. */
async function texasEnrollment(token: string, lastName = 'Garcia', extra: Record<string, any> = {}) {
  const check = await creditCheck(api, token, {
    ...(await nameOf(api, extra.customer ?? { lastName })),
    socialSecurityNumber: ssnEnding('720'),
    planId: fixed12.id,
  });
  const response = await api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(fixed12.id, fixed12.options, {
      customer: { lastName },
      payment: { creditCheckId: check.id_credit_check },
      ...extra,
    }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { enrollmentId: number; enrollmentStatus: string; customerId: number };
}

/** A drop before service starts, which cancels the enrollment. */
const cancel = (token: string, id: number) =>
  api.call('POST', `/enrollments/${id}/drop`, {
    token,
    body: { effectiveDate: daysFromToday(1), reasonCodeId: 3 },
  });

const setOhioDualBilling = (on: 0 | 1) => setUtility(api.db.kysely, 'COH', { dual_billing: on });

const refusalDetails = (status: string) => [
  `status: ${status}; the utility bills in this market, or the billing system awaits information`,
];

beforeAll(async () => {
  const token = await login(api);
  const id = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  fixed12 = { id, options: await requiredOptions(api, token, id), term: 12 };
});

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /enrollments/{id}/update-billing-delivery-method', () => {
  it('changes it on a live Texas enrollment (the supplier bills), recording the change in the history', async () => {
    const token = await login(api);
    const { enrollmentId } = await texasEnrollment(token);
    const changed = await changeMethod(token, enrollmentId, 3);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      id_enrollment: enrollmentId,
      id_method_delivery: 3,
      status: 'PENDING',
    });
    expect((await enrollmentRow(api, enrollmentId)).billing_delivery_method).toBe(3);
    expect((await historyOf(api, enrollmentId)).at(-1)).toEqual({
      from_status: 'PENDING',
      to_status: 'PENDING',
      actor: 'customer',
      reason: 'Billing delivery method changed to Email and letter',
    });
    await changeMethod(token, enrollmentId, 2);
    expect((await historyOf(api, enrollmentId)).at(-1)?.reason).toBe(
      'Billing delivery method changed to Letter',
    );
  });

  it.each([
    ['SUBMITTED_WITH_ERRORS', 'Rejected'],
    ['SUBMITION_NOT_SENT_CONNECTION_ERROR', 'Offline'],
  ])('is refused in Texas while the billing system awaits information (%s)', async (status, lastName) => {
    const token = await login(api);
    const { enrollmentId, enrollmentStatus } = await texasEnrollment(token, lastName);
    expect(enrollmentStatus).toBe(status);
    const refused = expectFailure(
      await changeMethod(token, enrollmentId, 3),
      422,
      'DELIVERY_METHOD_CHANGE_NOT_ALLOWED',
    );
    expect(refused.errors).toEqual(refusalDetails(status));
    expect((await enrollmentRow(api, enrollmentId)).billing_delivery_method).toBe(1);
  });

  it('is refused where the utility bills (Ohio), unless the supplier dual bills: then even while the billing system awaits information', async () => {
    const token = await login(api);
    await setOhioDualBilling(0);
    const consolidated = await ohioGasEnrollment(api, token);
    expect(
      expectFailure(
        await changeMethod(token, consolidated.enrollmentId, 3),
        422,
        'DELIVERY_METHOD_CHANGE_NOT_ALLOWED',
      ).errors,
    ).toEqual(refusalDetails('PENDING'));
    await setOhioDualBilling(1);
    try {
      const dual = await ohioGasEnrollment(api, token, { customer: { lastName: 'Rejected' } });
      expect(dual.enrollmentStatus).toBe('SUBMITTED_WITH_ERRORS');
      const changed = await changeMethod(token, dual.enrollmentId, 2);
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect((await enrollmentRow(api, dual.enrollmentId)).billing_delivery_method).toBe(2);
      // no longer live: refused, dual billed or not
      const cancelled = await ohioGasEnrollment(api, token);
      await cancel(token, cancelled.enrollmentId);
      expect((await enrollmentRow(api, cancelled.enrollmentId)).dual_billed).toBe(1);
      expect(
        expectFailure(
          await changeMethod(token, cancelled.enrollmentId, 3),
          422,
          'DELIVERY_METHOD_CHANGE_NOT_ALLOWED',
        ).errors,
      ).toEqual(refusalDetails('CANCELLED'));
    } finally {
      await setOhioDualBilling(0);
    }
  });

  it('lists for a customer only the enrollments whose method can change', async () => {
    const token = await login(api);
    const { customerId, customerHash } = (
      await api.call('POST', '/customers/login', {
        token,
        body: { username: 'demo.customer', password: 'Demo-Password-1' },
      })
    ).body.data;
    const mine = { idCustomer: customerId };
    const allowed = await texasEnrollment(token, 'Demo', { customer: mine });
    const cancelled = await pendingEnrollment(api, token, {
      plan: fixed12.id,
      options: fixed12.options,
      customer: mine,
    });
    await cancel(token, cancelled);
    const listed = (
      await api.call('GET', `/customers/${customerId}/enrollments-to-change-delivery-method`, {
        token,
        customerHash,
      })
    ).body.data.map((e: { id_enrollment: number }) => e.id_enrollment);
    expect(listed).toContain(allowed.enrollmentId);
    expect(listed).not.toContain(cancelled);
  });
});

describe('GET /enrollments/{id}/enrollments-from-billing-group', () => {
  it("groups the customer's enrollments at the same billing address and zip code, without cancelled ones", async () => {
    const token = await login(api);
    const box = { address: 'PO Box 77', city: 'Dallas', state: 'TX', zipcode: '75201' };
    const first = await texasEnrollment(token, 'Garcia', { billingAddress: box });
    const mine = { idCustomer: first.customerId };
    const same = await texasEnrollment(token, 'Garcia', { customer: mine, billingAddress: box });
    await texasEnrollment(token, 'Garcia', {
      customer: mine,
      billingAddress: { ...box, address: 'PO Box 78' },
    });
    await texasEnrollment(token, 'Garcia', { customer: mine, billingAddress: { ...box, zipcode: '75202' } });
    await texasEnrollment(token, 'Garcia', { billingAddress: box });
    const cancelled = await texasEnrollment(token, 'Garcia', { customer: mine, billingAddress: box });
    await cancel(token, cancelled.enrollmentId);
    const group = await api.call('GET', `/enrollments/${first.enrollmentId}/enrollments-from-billing-group`, {
      token,
    });
    expect(group.body.data.map((e: { id_enrollment: number }) => e.id_enrollment)).toEqual([
      first.enrollmentId,
      same.enrollmentId,
    ]);
  });
});

describe('GET /enrollments/transaction-options', () => {
  const options = (token: string, query: Record<string, string | number>) =>
    api.call('GET', '/enrollments/transaction-options', {
      token,
      query: { commodityType: 'Electric', ...query },
    });
  const ana = { firstName: 'Ana', lastName: 'Garcia', email: 'ana.garcia@example.com' };

  it('asks who the customer is: a firm or first and last name, and an email or phone', async () => {
    const token = await login(api);
    const ldcNumber = freshEsiid();
    expect(expectFailure(await options(token, { ldcNumber }), 400, 'VALIDATION_FAILED').errors).toEqual([
      'querystring.firmName: give firmName, or firstName and lastName (or idCustomer)',
      'querystring.email: give email or phoneNumber (or idCustomer)',
    ]);
    expect(
      expectFailure(
        await options(token, { ldcNumber, firstName: 'Ana', email: 'a@example.com' }),
        400,
        'VALIDATION_FAILED',
      ).errors,
    ).toEqual(['querystring.firmName: give firmName, or firstName and lastName (or idCustomer)']);
    expect(
      expectFailure(await options(token, { ldcNumber, firmName: 'Elm Bakery' }), 400, 'VALIDATION_FAILED')
        .errors,
    ).toEqual(['querystring.email: give email or phoneNumber (or idCustomer)']);
    expect(
      (await options(token, { ldcNumber, firmName: 'Elm Bakery', phoneNumber: '5125550100' })).status,
    ).toBe(200);
    expect((await options(token, { ldcNumber, ...ana })).body.data).toEqual({
      ldc_exists: false,
      same_customer: false,
      id_previous_enrollment: null,
      previous_status: null,
      options: ['NewEnrollment'],
    });
  });

  it('an active Texas enrollment of the same customer: transfer of service, and renewal once its window opens', async () => {
    const ldc = freshEsiid();
    const { ids, start, end } = await activeEnrollments(api, fixed12, daysFromToday(0), 1, () => ({
      serviceAddress: { ldcAccount: ldc },
    }));
    const dashed = `${ldc.slice(0, 8)}-${ldc.slice(8)}`;
    let token = await travelTo(api, addDays(start, 1));
    expect((await options(token, { ldcNumber: dashed, ...ana })).body.data).toEqual({
      ldc_exists: true,
      same_customer: true,
      id_previous_enrollment: ids[0],
      previous_status: 'ACTIVE',
      options: ['TransferOfService'],
    });
    token = await travelTo(api, addDays(end, -60));
    expect((await options(token, { ldcNumber: ldc, ...ana })).body.data.options).toEqual([
      'Renewal',
      'TransferOfService',
    ]);
    // the same customer named by id, by phone instead of email, in other case and spacing
    const { customer_id: customerId } = await enrollmentRow(api, ids[0]!);
    expect((await options(token, { ldcNumber: ldc, idCustomer: customerId })).body.data.same_customer).toBe(
      true,
    );
    expect((await options(token, { ldcNumber: ldc, idCustomer: customerId + 1000 })).body.data).toMatchObject(
      {
        same_customer: false,
        options: ['MoveIn'],
      },
    );
    expect(
      (
        await options(token, {
          ldcNumber: ldc,
          firstName: ' ANA ',
          lastName: 'garcia',
          phoneNumber: '(512) 555-0100',
        })
      ).body.data.same_customer,
    ).toBe(true);
    // another customer: a move-in at a meter still served
    for (const stranger of <Array<Record<string, string>>>[
      { ...ana, email: 'someone.else@example.com' },
      { ...ana, lastName: 'Garza' },
      { firstName: 'Ana', lastName: 'Garcia', phoneNumber: '5125550199' },
    ]) {
      expect((await options(token, { ldcNumber: ldc, ...stranger })).body.data).toMatchObject({
        same_customer: false,
        options: ['MoveIn'],
      });
    }
  });

  it('reads the newest enrollment of the meter and commodity, leaving out cancelled ones', async () => {
    const token = await login(api);
    const ldc = freshEsiid();
    const cancelled = await texasEnrollment(token, 'Garcia', { serviceAddress: { ldcAccount: ldc } });
    await cancel(token, cancelled.enrollmentId);
    expect((await options(token, { ldcNumber: ldc, ...ana })).body.data).toMatchObject({
      ldc_exists: false,
      options: ['NewEnrollment'],
    });
    const older = await texasEnrollment(token, 'Garcia', { serviceAddress: { ldcAccount: ldc } });
    await cancel(token, older.enrollmentId);
    const newer = await texasEnrollment(token, 'Garcia', { serviceAddress: { ldcAccount: ldc } });
    expect((await options(token, { ldcNumber: ldc, ...ana })).body.data).toMatchObject({
      ldc_exists: true,
      id_previous_enrollment: newer.enrollmentId,
    });
    expect((await options(token, { ldcNumber: ldc, ...ana, commodityType: 'Gas' })).body.data).toMatchObject({
      ldc_exists: false,
    });
  });

  it('an enrollment not yet serving the same customer offers nothing', async () => {
    const token = await login(api);
    const ldc = freshEsiid();
    const { enrollmentId } = await texasEnrollment(token, 'Garcia', { serviceAddress: { ldcAccount: ldc } });
    expect((await options(token, { ldcNumber: ldc, ...ana })).body.data).toEqual({
      ldc_exists: true,
      same_customer: true,
      id_previous_enrollment: enrollmentId,
      previous_status: 'PENDING',
      options: [],
    });
  });

  it('a dropped enrollment: re-enroll, and reinstatement within 60 days of the drop; a new enrollment for others', async () => {
    const ldc = freshEsiid();
    const { ids, start } = await activeEnrollments(api, fixed12, daysFromToday(0), 1, () => ({
      serviceAddress: { ldcAccount: ldc },
    }));
    const dropDate = addDays(start, 2);
    let token = await travelTo(api, addDays(start, 1));
    await api.call('POST', `/enrollments/${ids[0]}/drop`, {
      token,
      body: { effectiveDate: dropDate, reasonCodeId: 2 },
    });
    await travelTo(api, dropDate);
    await api.app.voltin.enrollments!.advanceDue();
    token = await travelTo(api, addDays(dropDate, 60));
    expect((await options(token, { ldcNumber: ldc, ...ana })).body.data).toEqual({
      ldc_exists: true,
      same_customer: true,
      id_previous_enrollment: ids[0],
      previous_status: 'DROPPED',
      options: ['ReEnroll', 'Reinstatement'],
    });
    expect((await options(token, { ldcNumber: ldc, ...ana, lastName: 'Garza' })).body.data).toMatchObject({
      same_customer: false,
      options: ['NewEnrollment'],
    });
    token = await travelTo(api, addDays(dropDate, 61));
    expect((await options(token, { ldcNumber: ldc, ...ana })).body.data.options).toEqual(['ReEnroll']);
    await withCompanySettings(api.db.kysely, { my_account_reenroll_option: 0 }, async () => {
      expect((await options(token, { ldcNumber: ldc, ...ana })).body.data.options).toEqual(['NewEnrollment']);
      token = await travelTo(api, addDays(dropDate, 59));
      expect((await options(token, { ldcNumber: ldc, ...ana })).body.data.options).toEqual(['Reinstatement']);
    });
  });

  it('an active enrollment outside Texas offers no transfer of service', async () => {
    const token = await travelTo(api, daysFromToday(0));
    const ohio = await ohioGasEnrollment(api, token);
    const row = await enrollmentRow(api, ohio.enrollmentId);
    const later = await travelTo(api, row.requested_start_date);
    await api.app.voltin.enrollments!.advanceDue();
    const answer = await api.call('GET', '/enrollments/transaction-options', {
      token: later,
      query: { ldcNumber: row.ldc_account, commodityType: 'Gas', ...ana },
    });
    expect(answer.body.data).toMatchObject({ previous_status: 'ACTIVE', same_customer: true, options: [] });
  });
});

describe('POST /enrollments/exists-repeated', () => {
  const exists = (token: string, ldcNumber: string, who: Record<string, unknown>, idPlan?: number) =>
    api.call('POST', '/enrollments/exists-repeated', {
      token,
      body: who,
      query: { ldcNumber, ...(idPlan === undefined ? {} : { idPlan }) },
    });

  it('names the live enrollment of the meter, whether it is on the plan and of the customer identified', async () => {
    const token = await login(api);
    const ldc = freshEsiid();
    const { enrollmentId } = await texasEnrollment(token, 'Garcia', { serviceAddress: { ldcAccount: ldc } });
    expect(
      (
        await exists(
          token,
          ldc,
          { firstName: 'Ana', lastName: 'Garcia', email: 'ana.garcia@example.com' },
          fixed12.id,
        )
      ).body,
    ).toMatchObject({
      data: true,
      id_previous_enrollment: enrollmentId,
      same_plan: true,
      same_customer: true,
    });
    expect(
      (await exists(token, ldc, { firstName: 'Ana', email: 'ana.garcia@example.com' }, fixed12.id + 1)).body,
    ).toMatchObject({
      data: true,
      id_previous_enrollment: enrollmentId,
      same_plan: false,
      same_customer: false,
    });
    expect(
      (await exists(token, ldc, { firstName: 'Ana', lastName: 'Garcia', email: 'other@example.com' })).body,
    ).toMatchObject({ data: true, same_plan: false, same_customer: false });
    // the LDC number as printed on a bill, with spaces and dashes
    const printed = `${ldc.slice(0, 4)} ${ldc.slice(4, 10)}-${ldc.slice(10)}`;
    expect((await exists(token, printed, { firmName: 'Nobody' })).body).toMatchObject({
      data: true,
      id_previous_enrollment: enrollmentId,
    });
  });

  it('answers no for a meter without a live enrollment, whoever asks', async () => {
    const token = await login(api);
    const response = await exists(
      token,
      freshEsiid(),
      { firstName: 'Ana', lastName: 'Garcia', email: 'ana.garcia@example.com' },
      fixed12.id,
    );
    expect(response.body).toMatchObject({
      data: false,
      id_previous_enrollment: null,
      same_plan: false,
      same_customer: false,
    });
  });

  it('needs a full name (or the firm name) and a way to reach the customer: a matching email or phone alone is not enough', async () => {
    const token = await login(api);
    const ldc = freshEsiid();
    await texasEnrollment(token, 'Garcia', { serviceAddress: { ldcAccount: ldc } });
    for (const who of <Array<Record<string, string>>>[
      { email: 'ana.garcia@example.com' },
      { phoneNumber: '5125550100' },
      { firstName: 'Ana', lastName: 'Garcia' },
      { firstName: 'Ana', lastName: 'Garcia', phoneNumber: '---' },
      { firmName: 'Garcia', email: 'ana.garcia@example.com' },
      { firstName: 'Ana', lastName: 'Garza', email: 'ana.garcia@example.com' },
      { firstName: 'Eva', lastName: 'Garcia', email: 'ana.garcia@example.com' },
    ]) {
      expect((await exists(token, ldc, who)).body, JSON.stringify(who)).toMatchObject({
        data: true,
        same_customer: false,
      });
    }
    expect(
      (await exists(token, ldc, { firstName: 'Ana', lastName: 'Garcia', phoneNumber: '512-555-0100' })).body,
    ).toMatchObject({ data: true, same_customer: true });
  });

  it('identifies a business customer by its firm name', async () => {
    const token = await login(api);
    const ldc = freshEsiid();
    const business = await planOf(api, 'SmallBusiness');
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: business });
    const created = await api.call('POST', '/enrollments/create', {
      token,
      body: enrollmentBody(business, await requiredOptions(api, token, business), {
        customerType: 'SmallBusiness',
        customer: { firmName: 'Elm Street Bakery', contactName: 'Ana Garcia', fedtaxid: '741234567' },
        serviceAddress: { ldcAccount: ldc },
        payment: { creditCheckId: check.id_credit_check },
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(
      (await exists(token, ldc, { firmName: 'elm street bakery ', email: 'ana.garcia@example.com' })).body,
    ).toMatchObject({ data: true, same_customer: true });
    expect(
      (await exists(token, ldc, { firmName: 'Oak Bakery', email: 'ana.garcia@example.com' })).body,
    ).toMatchObject({ data: true, same_customer: false });
    // the contact person's name is not the business's
    expect(
      (await exists(token, ldc, { firstName: 'Ana Garcia', email: 'ana.garcia@example.com' })).body,
    ).toMatchObject({ data: true, same_customer: false });
  });
  it('does not identify a customer by what their record lacks: a phone, or a first name', async () => {
    const token = await login(api);
    const lacking = { required_primary_phone: 0, required_first_name: 0 } as const;
    await withCustomerTypeFlags(api.db.kysely, 'Residential', lacking, async () => {
      const withoutPhone = freshEsiid();
      await texasEnrollment(token, 'Garcia', {
        customer: { lastName: 'Garcia', primaryPhoneNumber: undefined },
        serviceAddress: { ldcAccount: withoutPhone },
      });
      expect(
        (await exists(token, withoutPhone, { firstName: 'Ana', lastName: 'Garcia' })).body,
      ).toMatchObject({
        data: true,
        same_customer: false,
      });

      const withoutFirstName = freshEsiid();
      const variable = await planId(api, 'Bluebonnet Energy Month-to-Month Variable Electric');
      const created = await api.call('POST', '/enrollments/create', {
        token,
        body: enrollmentBody(variable, await requiredOptions(api, token, variable), {
          customer: { firstName: undefined },
          serviceAddress: { ldcAccount: withoutFirstName },
        }),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(
        (await exists(token, withoutFirstName, { lastName: 'Garcia', email: 'ana.garcia@example.com' })).body,
      ).toMatchObject({ data: true, same_customer: false });
    });
  });
});
