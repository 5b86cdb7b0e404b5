import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, addMonths } from '../../../src/domain/dates.js';
import {
  correctCustomerName,
  creditCheck,
  daysFromToday,
  enrollmentBody,
  freshEsiid,
  letterOfCreditEnrollment,
  nameOf,
  planId,
  requiredOptions,
  savedCard,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { setUtility, withCompanySettings } from '../../fixtures/operator.js';
import { createAccount, sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';
import { customerSession, historyOf, login, ohioGasEnrollment, travelTo } from './rules.js';

const api = useTestApi();
let token: string;
let customerHash: string;
let customerId: number;
let fixed12: number;
let options: number[];

const get = (path: string, query?: Record<string, any>) => api.call('GET', path, { token, query });
const post = (path: string, body?: unknown, query?: Record<string, any>) =>
  api.call('POST', path, { token, body: body ?? {}, query });
const put = (verificationId: string, body: unknown) =>
  api.call('PUT', `/tpv/verification/${verificationId}`, { token, body });
/** A credit check of a customer with this last name (the sandbox partners answer by name). */
const checkFor = (lastName: string) =>
  creditCheck(api, token, { lastName, socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
/** What the create answers for an enrollment of a customer with this last name, on this credit check. */
const enrollNamed = async (lastName: string, creditCheckId: number) =>
  (
    await post(
      '/enrollments/create',
      enrollmentBody(fixed12, options, { customer: { lastName }, payment: { creditCheckId } }),
    )
  ).body.data;
const enrollment = async (id: number) => (await get(`/enrollments/${id}`)).body.data;
const listedForCustomer = async (): Promise<number[]> =>
  (await api.call('GET', `/customers/${customerId}/enrollments`, { token, customerHash })).body.data.map(
    (e: { id_enrollment: number }) => e.id_enrollment,
  );

/** The sandbox customer pays, with a card saved for it, what the enrollment's bills still ask. */
async function payOff(id: number) {
  const session = { token, customerHash, customerId };
  const owed = await api.call('GET', `/billing/summary/${id}`, session);
  expect(owed.body.data.currentBalanceAmt, JSON.stringify(owed.body)).toBeGreaterThan(0);
  const card = await savedCard(api, session);
  const paid = await api.call('POST', '/payments/pay', {
    ...session,
    body: {
      idEnrollment: id,
      customerProfileToken: card.customer_profile_token,
      paymentProfileToken: card.payment_profile_token,
      amount: owed.body.data.currentBalanceAmt,
    },
  });
  expect(paid.body.data?.status, JSON.stringify(paid.body)).toBe('approved');
}

/** Moves the clock to `day` (see travelTo) and signs the account and the sandbox customer in again there. */
async function moveTo(day: string) {
  token = await travelTo(api, day);
  ({ customerHash } = await customerSession(api, token));
}

/**
 * An ACTIVE enrollment for the sandbox customer: made today, started a week later by the lifecycle task, and the
 * clock then moved on to 30 days before its contract ends (inside the renewal window), or left on its first day
 * (`at: 'start'`).
 */
async function activeEnrollment(
  overrides: Record<string, any> = {},
  { at = 'renewal window' }: { at?: 'start' | 'renewal window' } = {},
) {
  const check = await creditCheck(api, token, {
    ...(await nameOf(api, { idCustomer: customerId })),
    socialSecurityNumber: ssnEnding('720'),
    planId: fixed12,
  });
  const start = daysFromToday(7);
  const response = await post(
    '/enrollments/create',
    enrollmentBody(fixed12, options, {
      requestedStartDate: start,
      customer: { idCustomer: customerId },
      payment: { creditCheckId: check.id_credit_check },
      ...overrides,
    }),
  );
  expect(response.body.data?.enrollmentStatus, JSON.stringify(response.body)).toBe('PENDING');
  const id = response.body.data.enrollmentId as number;
  await moveTo(start);
  await api.app.voltin.scheduler.runNow('advance-enrollments');
  const started = await enrollment(id);
  expect(started.status).toBe('ACTIVE');
  if (at === 'renewal window') await moveTo(addDays(started.contract_end_date, -30));
  return id;
}

beforeAll(async () => {
  token = await login(api);
  ({ customerHash, customerId } = await customerSession(api, token));
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, fixed12);
});

// Each test starts from the real time again, signed in there.
afterEach(async () => {
  vi.useRealTimers();
  token = await login(api);
  ({ customerHash } = await customerSession(api, token));
});

describe('the lifecycle task', () => {
  it('starts service on the start date and shows the renewal window', async () => {
    const id = await activeEnrollment();
    const view = await enrollment(id);
    expect(view).toMatchObject({
      isActive: true,
      isRenewable: true,
      showRenewable: true,
      canMakePayments: true,
    });
  });
});

describe('POST /enrollments/{id}/renewal', () => {
  it('creates a linked RENEWAL_PENDING enrollment, listed beside the original until it starts and archives it', async () => {
    const original = await activeEnrollment();
    const fixed24 = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
    const response = await post(`/enrollments/${original}/renewal`, {
      planId: fixed24,
      agreedAcceptanceValues: await requiredOptions(api, token, fixed24),
    });
    expect(response.body.data).toMatchObject({ enrollmentStatus: 'RENEWAL_PENDING', customerId });
    const renewed = response.body.data.enrollmentId;
    expect((await enrollment(renewed)).requested_start_date).toBe(daysFromToday(31));
    expectFailure(
      await post(`/enrollments/${original}/renewal`, {
        planId: fixed24,
        agreedAcceptanceValues: await requiredOptions(api, token, fixed24),
      }),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );
    // The original still serves and bills the customer until the renewal starts: both are listed.
    expect(await listedForCustomer()).toEqual(expect.arrayContaining([original, renewed]));
    await api.app.voltin.scheduler.runNow('submit-renewals');
    expect((await enrollment(renewed)).status).toBe('PENDING');
    await moveTo(daysFromToday(31));
    await api.app.voltin.scheduler.runNow('advance-enrollments');
    expect((await enrollment(renewed)).status).toBe('ACTIVE');
    expect((await enrollment(original)).status).toBe('ARCHIVED');
    // A year of service was billed on the original: once that is paid, the replaced term leaves the list.
    await payOff(original);
    expect(await listedForCustomer()).toContain(renewed);
    expect(await listedForCustomer()).not.toContain(original);
  });

  it('refuses a plan that cannot be renewed onto, and an enrollment that is not active', async () => {
    const original = await activeEnrollment();
    const daily = await planId(api, 'Bluebonnet Energy Month-to-Month Daily Rate Electric');
    expectFailure(
      await post(`/enrollments/${original}/renewal`, {
        planId: daily,
        agreedAcceptanceValues: await requiredOptions(api, token, daily),
      }),
      422,
      'PLAN_NOT_RENEWABLE',
    );
    const gas = await planId(api, 'Bluebonnet Energy 12-Month Fixed Gas', 'COH');
    expectFailure(
      await post(`/enrollments/${original}/renewal`, { planId: gas, agreedAcceptanceValues: [] }),
      422,
      'PLAN_NOT_RENEWABLE',
    );
  });
});

describe('POST /enrollments/{id}/drop and the ETF invoice queue', () => {
  it('schedules the drop, queues the early termination fee, and ends service on the date', async () => {
    const id = await activeEnrollment({}, { at: 'start' });
    const response = await post(`/enrollments/${id}/drop`, {
      effectiveDate: daysFromToday(0),
      reasonCodeId: 1,
    });
    expect(response.body.data.enrollment.status).toBe('DROP_PENDING');
    expect(response.body.data.etf_invoice).toMatchObject({ amount: 150, status: 'queued' });
    expectFailure(
      await post(`/enrollments/${id}/drop`, { effectiveDate: daysFromToday(0), reasonCodeId: 1 }),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );
    await api.app.voltin.scheduler.runNow('advance-enrollments');
    expect((await enrollment(id)).status).toBe('DROPPED');
    const invoices = (await get('/agent/etf-invoices', { status: 'queued' })).body.data;
    const invoice = invoices.find((i: { id_enrollment: number }) => i.id_enrollment === id);
    expect(
      (await post(`/agent/etf-invoices/${invoice.id_etf_invoice}/waive`, { reason: 'Goodwill' })).body.data
        .status,
    ).toBe('waived');
    expectFailure(
      await post(`/agent/etf-invoices/${invoice.id_etf_invoice}/send`),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );
  });

  it('charges no fee when moving or inside the fee-free window, and cancels before service starts', async () => {
    const moving = await activeEnrollment({}, { at: 'start' });
    expect(
      (await post(`/enrollments/${moving}/drop`, { effectiveDate: daysFromToday(1), reasonCodeId: 2 })).body
        .data.etf_invoice,
    ).toBeNull();
    const late = await activeEnrollment();
    expect(
      (await post(`/enrollments/${late}/drop`, { effectiveDate: daysFromToday(25), reasonCodeId: 1 })).body
        .data.etf_invoice,
    ).toBeNull();
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    const pending = (
      await post(
        '/enrollments/create',
        enrollmentBody(fixed12, options, { payment: { creditCheckId: check.id_credit_check } }),
      )
    ).body.data.enrollmentId;
    expect(
      (await post(`/enrollments/${pending}/drop`, { effectiveDate: daysFromToday(1), reasonCodeId: 3 })).body
        .data.enrollment.status,
    ).toBe('CANCELLED');
    expectFailure(
      await post(`/enrollments/${late}/drop`, { effectiveDate: daysFromToday(-1), reasonCodeId: 1 }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('POST /enrollments/{id}/transfer-service (Texas)', () => {
  it('drops the old address and starts the same plan at a new address the utility serves', async () => {
    const id = await activeEnrollment();
    const newAddress = {
      address: '2200 Ross Ave',
      city: 'Dallas',
      state: 'TX',
      zipcode: '75201',
      ldcAccount: freshEsiid(),
    };
    const response = await post(`/enrollments/${id}/transfer-service`, {
      currentServiceEffectiveDate: daysFromToday(5),
      newServiceStartDate: daysFromToday(5),
      serviceAddress: newAddress,
    });
    expect(response.body.data).toMatchObject({ open_wizard: false, error: null, is_near_to_renew: true });
    const moved = await enrollment(response.body.data.id_new_enrollment);
    expect(moved).toMatchObject({ status: 'PENDING', billing_address: { address_1: '2200 Ross Ave' } });
    expect((await enrollment(id)).status).toBe('DROP_PENDING');
  });

  it('asks for a new plan when the plan is not sold at the new address, changing nothing', async () => {
    const id = await activeEnrollment();
    const houston = {
      address: '900 Travis St',
      city: 'Houston',
      state: 'TX',
      zipcode: '77002',
      ldcAccount: freshEsiid('1008901', 22),
    };
    const response = await post(`/enrollments/${id}/transfer-service`, {
      currentServiceEffectiveDate: daysFromToday(5),
      newServiceStartDate: daysFromToday(5),
      serviceAddress: houston,
    });
    expect(response.body.data).toMatchObject({ open_wizard: true, id_new_enrollment: null });
    expect((await enrollment(id)).status).toBe('ACTIVE');
  });

  it('refuses outside Texas', async () => {
    const id = await activeEnrollment();
    const ohio = {
      address: '100 Main St',
      city: 'Columbus',
      state: 'OH',
      zipcode: '43215',
      ldcAccount: '12345678901',
    };
    expectFailure(
      await post(`/enrollments/${id}/transfer-service`, {
        currentServiceEffectiveDate: daysFromToday(5),
        newServiceStartDate: daysFromToday(5),
        serviceAddress: ohio,
      }),
      422,
      'TEXAS_ONLY',
    );
  });
});

describe('billing delivery method, billing group, transaction options, exists-repeated', () => {
  it('changes the delivery method where the supplier bills, and lists where it can', async () => {
    const id = await activeEnrollment();
    expect(
      (await post(`/enrollments/${id}/update-billing-delivery-method`, { id_method_delivery: 3 })).body.data
        .id_method_delivery,
    ).toBe(3);
    expectFailure(
      await post(`/enrollments/${id}/update-billing-delivery-method`, { id_method_delivery: 4 }),
      400,
      'VALIDATION_FAILED',
    );
    const check = await checkFor('Rejected');
    const withErrors = (await enrollNamed('Rejected', check.id_credit_check)).enrollmentId;
    expectFailure(
      await post(`/enrollments/${withErrors}/update-billing-delivery-method`, { id_method_delivery: 2 }),
      422,
      'DELIVERY_METHOD_CHANGE_NOT_ALLOWED',
    );
    const candidates = (
      await api.call('GET', `/customers/${customerId}/enrollments-to-change-delivery-method`, {
        token,
        customerHash,
      })
    ).body.data;
    expect(candidates.map((e: { id_enrollment: number }) => e.id_enrollment)).toContain(id);
  });

  it('groups the enrollments billed together', async () => {
    const a = await activeEnrollment({
      billingAddress: { address: 'PO Box 77', city: 'Dallas', state: 'TX', zipcode: '75201' },
    });
    const b = await activeEnrollment({
      billingAddress: { address: 'PO Box 77', city: 'Dallas', state: 'TX', zipcode: '75201' },
    });
    const group = (await get(`/enrollments/${a}/enrollments-from-billing-group`)).body.data.map(
      (e: { id_enrollment: number }) => e.id_enrollment,
    );
    expect(group).toEqual([a, b]);
  });

  it('tells what can be done with an LDC number for a customer', async () => {
    const ldc = freshEsiid();
    const none = (
      await get('/enrollments/transaction-options', {
        ldcNumber: ldc,
        commodityType: 'Electric',
        idCustomer: customerId,
      })
    ).body.data;
    expect(none).toMatchObject({ ldc_exists: false, options: ['NewEnrollment'] });
    const id = await activeEnrollment({ serviceAddress: { ldcAccount: ldc } });
    const mine = (
      await get('/enrollments/transaction-options', {
        ldcNumber: ldc,
        commodityType: 'Electric',
        idCustomer: customerId,
      })
    ).body.data;
    expect(mine).toMatchObject({
      ldc_exists: true,
      same_customer: true,
      id_previous_enrollment: id,
      options: ['Renewal', 'TransferOfService'],
    });
    const stranger = (
      await get('/enrollments/transaction-options', {
        ldcNumber: ldc,
        commodityType: 'Electric',
        firstName: 'Zed',
        lastName: 'Other',
        email: 'zed@example.com',
      })
    ).body.data;
    expect(stranger).toMatchObject({ same_customer: false, options: ['MoveIn'] });
    expectFailure(
      await get('/enrollments/transaction-options', {
        ldcNumber: ldc,
        commodityType: 'Electric',
        firstName: 'Zed',
      }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('says whether an LDC number already has a live enrollment', async () => {
    const ldc = freshEsiid();
    expect((await post('/enrollments/exists-repeated', {}, { ldcNumber: ldc })).body).toMatchObject({
      data: false,
      id_previous_enrollment: null,
      succeeded: true,
    });
    const id = await activeEnrollment({ serviceAddress: { ldcAccount: ldc } });
    expect(
      (
        await post(
          '/enrollments/exists-repeated',
          { firstName: 'Dana', lastName: 'Demo', email: 'demo.customer@bluebonnet-energy.example' },
          { ldcNumber: ldc, idPlan: fixed12 },
        )
      ).body,
    ).toMatchObject({
      data: true,
      id_previous_enrollment: id,
      same_plan: true,
      same_customer: true,
    });
  });
});

describe('recurring billing (customer-scoped)', () => {
  it('sets up autopay with a stored profile, releasing the autopay hold, then ends it', async () => {
    const variable = await planId(api, 'Bluebonnet Energy Month-to-Month Variable Electric');
    const held = (
      await post(
        '/enrollments/create',
        enrollmentBody(variable, await requiredOptions(api, token, variable), {
          customer: { idCustomer: customerId },
        }),
      )
    ).body.data;
    expect(held.enrollmentStatus).toBe('ON_HOLD_AUTOPAY_SETUP_REQUIRED');
    const saved = await api.call('POST', '/payments/payment-profile', {
      token,
      customerHash,
      body: {
        id_customer: customerId,
        id_payment_type: 1,
        card_number: '4111111111111111',
        card_expiration_date: '2030-12',
        card_type: 'Visa',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { customerProfileToken, paymentProfileToken } = saved.body.data;
    const path = `/enrollments/${held.enrollmentId}/recurring-billing`;
    const set = await api.call('POST', path, {
      token,
      customerHash,
      body: {
        customer_profile_token: customerProfileToken,
        payment_profile_token: paymentProfileToken,
        date_from: daysFromToday(7),
      },
    });
    expect(set.body.data).toMatchObject({
      status: 'active',
      cardNumber: 'XXXX1111',
      paymentType: 'CreditCard',
    });
    expect((await enrollment(held.enrollmentId)).status).toBe('PENDING');
    expect((await api.call('DELETE', path, { token, customerHash })).body.data.status).toBe('finished');
    expectFailure(await api.call('DELETE', path, { token, customerHash }), 404, 'NOT_FOUND');
  });

  it("refuses another customer's enrollment", async () => {
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: fixed12 });
    const other = (
      await post(
        '/enrollments/create',
        enrollmentBody(fixed12, options, { payment: { creditCheckId: check.id_credit_check } }),
      )
    ).body.data.enrollmentId;
    expectFailure(
      await api.call('GET', `/enrollments/${other}/recurring-billing`, { token, customerHash }),
      403,
      'CUSTOMER_FORBIDDEN',
    );
  });
});

describe('letters of credit', () => {
  const pdf = () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4\n% letter of credit\n')], { type: 'application/pdf' }),
      'letter.pdf',
    );
    return form;
  };
  const upload = (id: number, form: FormData) =>
    fetch(`${api.baseUrl}/api/v1/enrollments/${id}/upload-credit-letter`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });

  it('uploads one pending at a time, and an approved letter releases the enrollment', async () => {
    const id = await letterOfCreditEnrollment(api, token);
    const first = await upload(id, pdf());
    expect(first.status).toBe(200);
    const letter = (await first.json()).data;
    expect(letter).toMatchObject({ id_status: 0, file_name: 'letter.pdf', id_enrollment: id });
    expect((await fetch(letter.url)).status).toBe(200);
    expect((await upload(id, pdf())).status).toBe(409);
    expect(
      (
        await post(`/agent/credit-letters/${letter.id_customer_credit_letters}/reject`, {
          reason: 'Unsigned letter',
        })
      ).body.data.id_status,
    ).toBe(2);
    const second = (await (await upload(id, pdf())).json()).data;
    expect((await get(`/enrollments/${id}/pending-credit-letter`)).body.data.id_customer_credit_letters).toBe(
      second.id_customer_credit_letters,
    );
    await post(`/agent/credit-letters/${second.id_customer_credit_letters}/approve`, {
      reason: 'Bank letter verified',
    });
    expect((await enrollment(id)).status).toBe('PENDING');
  });

  it('refuses a file of the wrong content, an empty one, and an enrollment that needs no letter', async () => {
    expect((await upload(await activeEnrollment(), pdf())).status).toBe(409);
    const id = await letterOfCreditEnrollment(api, token);
    const exe = new FormData();
    exe.append('file', new Blob([Buffer.from([0x4d, 0x5a, 0x90, 0x00])]), 'letter.pdf');
    expect((await upload(id, exe)).status).toBe(415);
    const empty = new FormData();
    empty.append('file', new Blob([]), 'empty.pdf');
    expect((await upload(id, empty)).status).toBe(400);
  });
});

describe('agent work queues', () => {
  it('lists holds, releases, rejects and resubmits — for Agent accounts only', async () => {
    const alert = await checkFor('Alert');
    const held = (await enrollNamed('Alert', alert.id_credit_check)).enrollmentId;
    const queue = (await get('/agent/enrollments', { status: 'ON_HOLD' })).body;
    expect(queue.data.map((e: { id_enrollment: number }) => e.id_enrollment)).toContain(held);
    expect(
      (await post(`/agent/enrollments/${held}/release-hold`, { reason: 'Identity confirmed by phone' })).body
        .data.status,
    ).toBe('PENDING');
    const held2 = (await enrollNamed('Alert', alert.id_credit_check)).enrollmentId;
    expect(
      (await post(`/agent/enrollments/${held2}/reject`, { reason: 'Could not confirm identity' })).body.data
        .status,
    ).toBe('CANCELLED');
    const check = await checkFor('Rejected');
    const withErrors = await enrollNamed('Rejected', check.id_credit_check);
    await correctCustomerName(api, withErrors.customerId);
    expect(
      (await post(`/agent/enrollments/${withErrors.enrollmentId}/retry-submission`)).body.data.status,
    ).toBe('PENDING');

    const integration = await createAccount(api.db.kysely, api.app.voltin.keys, {
      companyId: await sandboxCompanyId(api.db.kysely),
      apiKey: 'vlt_integration_only',
      permissions: ['*'],
    });
    const integrationToken = (
      await api.call('POST', '/auth/login', { query: signLogin(integration.apiKey, integration.secret) })
    ).body.data.token;
    expectFailure(
      await api.call('GET', '/agent/enrollments', { token: integrationToken }),
      403,
      'PERMISSION_DENIED',
    );
  });
});

describe('third-party verification results', () => {
  it('a failed verification holds an enrollment not yet sent; VERIFIED releases it', async () => {
    await withCompanySettings(api.db.kysely, { verification_required: 1 }, async () => {
      const alert = await checkFor('Alert');
      const id = (await enrollNamed('Alert', alert.id_credit_check)).enrollmentId;
      // The sale's verification, as the provider polls it.
      const { verificationId } = (
        await get('/tpv/verifications', { result: 'NOT_SENT', pageSize: 100 })
      ).body.data.find((v: { enrollmentId: number }) => v.enrollmentId === id);
      expect((await enrollment(id)).status).toBe('ON_HOLD_VERIFICATION_PENDING');
      const failed = await put(verificationId, {
        result: 'FAILED',
        reasons: [{ code: 'NO_CONSENT', reason: 'Customer did not confirm the sale' }],
      });
      expect(failed.status, JSON.stringify(failed.body)).toBe(200);
      expect((await enrollment(id)).status).toBe('ON_HOLD_VERIFICATION_FAILED');
      await put(verificationId, { result: 'VERIFIED' });
      expect((await enrollment(id)).status).toBe('ON_HOLD');
      expect((await historyOf(api, id)).slice(-2)).toEqual([
        {
          from_status: 'ON_HOLD_VERIFICATION_PENDING',
          to_status: 'ON_HOLD_VERIFICATION_FAILED',
          actor: 'system',
          reason: 'Third-party verification: FAILED',
        },
        {
          from_status: 'ON_HOLD_VERIFICATION_FAILED',
          to_status: 'ON_HOLD',
          actor: 'system',
          reason: 'Third-party verification: VERIFIED',
        },
      ]);
    });
  });
});

describe('scheduled work follows the enrollment it belongs to', () => {
  const renew = async (id: number) => {
    const fixed24 = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
    return post(`/enrollments/${id}/renewal`, {
      planId: fixed24,
      agreedAcceptanceValues: await requiredOptions(api, token, fixed24),
    });
  };

  it('refuses a renewal (422, with the reason) while the enrollment is not renewable', async () => {
    const id = await activeEnrollment({}, { at: 'start' });
    const { isRenewable, contract_end_date } = await enrollment(id);
    expect(contract_end_date).toBe(addMonths(daysFromToday(0), 12));
    expect(isRenewable).toBe(false);
    const body = expectFailure(await renew(id), 422, 'ENROLLMENT_NOT_RENEWABLE');
    expect(body.message).toContain(`renewal opens 60 days before the contract ends on ${contract_end_date}`);
  });

  it('a drop cancels the scheduled renewal', async () => {
    const id = await activeEnrollment();
    const renewed = (await renew(id)).body.data.enrollmentId as number;
    const dropped = await post(`/enrollments/${id}/drop`, {
      effectiveDate: daysFromToday(3),
      reasonCodeId: 2,
    });
    expect(dropped.body.data.enrollment.status).toBe('DROP_PENDING');
    expect((await enrollment(renewed)).status).toBe('CANCELLED');
    expect(await listedForCustomer()).not.toContain(renewed);
  });

  it('a transfer of service cancels the old address renewal and moves its autopay to the new address', async () => {
    const id = await activeEnrollment();
    const profile = await savedCard(api, { token, customerHash, customerId });
    const autopay = await api.call('POST', `/enrollments/${id}/recurring-billing`, {
      token,
      customerHash,
      body: { ...profile, date_from: daysFromToday(0) },
    });
    expect(autopay.status, JSON.stringify(autopay.body)).toBe(200);
    const renewed = (await renew(id)).body.data.enrollmentId as number;
    const moved = await post(`/enrollments/${id}/transfer-service`, {
      currentServiceEffectiveDate: daysFromToday(5),
      newServiceStartDate: daysFromToday(5),
      serviceAddress: {
        address: '2200 Ross Ave',
        city: 'Dallas',
        state: 'TX',
        zipcode: '75201',
        ldcAccount: freshEsiid(),
      },
    });
    const newId = moved.body.data.id_new_enrollment as number;
    expect((await enrollment(renewed)).status).toBe('CANCELLED');
    expect((await historyOf(api, renewed)).at(-1)).toEqual({
      from_status: 'RENEWAL_PENDING',
      to_status: 'CANCELLED',
      actor: 'customer',
      reason: 'Renewal cancelled: the customer transferred service to a new address',
    });
    const autopays = await api.db.kysely
      .selectFrom('recurring_billings')
      .select(['enrollment_id', 'status', 'payment_profile_token'])
      .where('enrollment_id', 'in', [id, newId])
      .orderBy('id')
      .execute();
    expect(autopays).toEqual([
      { enrollment_id: id, status: 'finished', payment_profile_token: profile.payment_profile_token },
      { enrollment_id: newId, status: 'active', payment_profile_token: profile.payment_profile_token },
    ]);
  });

  it('a transfer is one unit: when the new enrollment cannot be written, the old address keeps its renewal and autopay', async () => {
    const id = await activeEnrollment();
    const profile = await savedCard(api, { token, customerHash, customerId });
    const autopay = await api.call('POST', `/enrollments/${id}/recurring-billing`, {
      token,
      customerHash,
      body: { ...profile, date_from: daysFromToday(0) },
    });
    expect(autopay.status, JSON.stringify(autopay.body)).toBe(200);
    const renewed = (await renew(id)).body.data.enrollmentId as number;
    const scheduledWork = () =>
      Promise.all([
        enrollment(id),
        enrollment(renewed),
        api.db.kysely
          .selectFrom('recurring_billings')
          .select(['enrollment_id', 'status'])
          .where('enrollment_id', '=', id)
          .execute(),
        api.db.kysely
          .selectFrom('enrollment_status_history')
          .select(['to_status', 'reason'])
          .where('enrollment_id', 'in', [id, renewed])
          .orderBy('id')
          .execute(),
      ]);
    const before = await scheduledWork();
    expect(before[0].status).toBe('ACTIVE');
    expect(before[1].status).toBe('RENEWAL_PENDING');
    expect(before[2]).toEqual([{ enrollment_id: id, status: 'active' }]);

    // The last step of the transfer, writing the new enrollment, fails inside the database, after the old address's
    // drop, renewal cancellation and autopay move were written in the same transaction.
    const newMeter = freshEsiid();
    const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
    if (onPostgres) {
      await sql`create function refuse_test_meter() returns trigger language plpgsql as $$
        begin raise exception 'injected failure: the new enrollment cannot be written'; end $$`.execute(
        api.db.kysely,
      );
      await sql`create trigger refuse_test_meter before insert on enrollments for each row
        when (new.ldc_account = ${sql.lit(newMeter)}) execute function refuse_test_meter()`.execute(
        api.db.kysely,
      );
    } else {
      await sql`create trigger refuse_test_meter before insert on enrollments
        when new.ldc_account = ${sql.lit(newMeter)}
        begin select raise(abort, 'injected failure: the new enrollment cannot be written'); end`.execute(
        api.db.kysely,
      );
    }
    const transfer = () =>
      post(`/enrollments/${id}/transfer-service`, {
        currentServiceEffectiveDate: daysFromToday(5),
        newServiceStartDate: daysFromToday(5),
        serviceAddress: {
          address: '2200 Ross Ave',
          city: 'Dallas',
          state: 'TX',
          zipcode: '75201',
          ldcAccount: newMeter,
        },
      });
    try {
      expectFailure(await transfer(), 500, 'INTERNAL_ERROR');
    } finally {
      await sql`drop trigger refuse_test_meter${sql.raw(onPostgres ? ' on enrollments' : '')}`.execute(
        api.db.kysely,
      );
      if (onPostgres) await sql`drop function refuse_test_meter()`.execute(api.db.kysely);
    }
    expect(await scheduledWork()).toEqual(before);
    expect(
      await api.db.kysely
        .selectFrom('enrollments')
        .select('id')
        .where('ldc_account', '=', newMeter)
        .execute(),
    ).toEqual([]);

    // Nothing half-done is left in the way: the same transfer, asked again, goes through whole.
    const moved = await transfer();
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await enrollment(id)).status).toBe('DROP_PENDING');
    expect((await enrollment(renewed)).status).toBe('CANCELLED');
  });

  it('a transfer to a meter that already has a live enrollment is refused, leaving the old address as it was', async () => {
    const held = freshEsiid();
    await activeEnrollment({ serviceAddress: { ldcAccount: held } });
    const id = await activeEnrollment();
    expectFailure(
      await post(`/enrollments/${id}/transfer-service`, {
        currentServiceEffectiveDate: daysFromToday(5),
        newServiceStartDate: daysFromToday(5),
        serviceAddress: {
          address: '2200 Ross Ave',
          city: 'Dallas',
          state: 'TX',
          zipcode: '75201',
          ldcAccount: held,
        },
      }),
      409,
      'ENROLLMENT_DUPLICATE',
    );
    expect((await enrollment(id)).status).toBe('ACTIVE');
  });
});

describe('delivery method where the utility bills', () => {
  /** The sandbox customer's Columbia Gas of Ohio enrollment: the utility bills unless the supplier dual bills. */
  const customersOhioGas = async () =>
    (await ohioGasEnrollment(api, token, { customer: { idCustomer: customerId } })).enrollmentId;
  const setDualBilling = (on: 0 | 1) => setUtility(api.db.kysely, 'COH', { dual_billing: on });

  it('is refused on a utility-consolidated account, and allowed on a dual-billed one', async () => {
    await setDualBilling(0);
    const consolidated = await customersOhioGas();
    expectFailure(
      await post(`/enrollments/${consolidated}/update-billing-delivery-method`, { id_method_delivery: 3 }),
      422,
      'DELIVERY_METHOD_CHANGE_NOT_ALLOWED',
    );
    await setDualBilling(1);
    const dual = await customersOhioGas();
    await setDualBilling(0);
    const changed = await post(`/enrollments/${dual}/update-billing-delivery-method`, {
      id_method_delivery: 3,
    });
    expect(changed.body.data, JSON.stringify(changed.body)).toMatchObject({
      id_method_delivery: 3,
      canMakePayments: true,
    });
    expectFailure(
      await post(`/enrollments/${consolidated}/update-billing-delivery-method`, { id_method_delivery: 3 }),
      422,
      'DELIVERY_METHOD_CHANGE_NOT_ALLOWED',
    );
  });
});
