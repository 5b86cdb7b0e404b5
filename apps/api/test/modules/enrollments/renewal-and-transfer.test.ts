import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../src/domain/dates.js';
import {
  daysFromToday,
  freshEsiid,
  pendingEnrollment,
  planId,
  planOf,
  requiredOptions,
  sandboxDepositProfile,
  savedCard,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { taxIdOf } from '../customers/fixtures.js';
import {
  activeEnrollments,
  autopayRows,
  enrollmentRow,
  historyOf,
  login,
  ohioGasEnrollment,
  travelTo,
} from './rules.js';

/**
 * Renewal and transfer of service (spec: Enrollment, renewal; transfer of service): who may renew onto which plan
 * and when, and what a transfer does to the old and the new address. Each refusal with its code and details.
 */
const api = useTestApi();
type Plan = { id: number; options: number[]; term: number };
let fixed12: Plan;
let fixed24: Plan;
let daily: Plan;
let variable: Plan;

const renew = (token: string, id: number, body: Record<string, unknown>) =>
  api.call('POST', `/enrollments/${id}/renewal`, { token, body });
const toFixed24 = (extra: Record<string, unknown> = {}) => ({
  planId: fixed24.id,
  agreedAcceptanceValues: fixed24.options,
  ...extra,
});

beforeAll(async () => {
  const token = await login(api);
  const plan = async (name: string, term: number) => {
    const id = await planId(api, name);
    return { id, options: await requiredOptions(api, token, id), term };
  };
  fixed12 = await plan('Bluebonnet Energy 12-Month Fixed Electric', 12);
  fixed24 = await plan('Bluebonnet Energy 24-Month Fixed Electric', 24);
  daily = await plan('Bluebonnet Energy Month-to-Month Daily Rate Electric', 1);
  variable = await plan('Bluebonnet Energy Month-to-Month Variable Electric', 1);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /enrollments/{id}/renewal: when', () => {
  it('opens 60 days before the contract ends: refused the day before, with the reason', async () => {
    const { ids, end } = await activeEnrollments(api, fixed12, daysFromToday(0), 2);
    let token = await travelTo(api, addDays(end, -61));
    const refused = expectFailure(await renew(token, ids[0]!, toFixed24()), 422, 'ENROLLMENT_NOT_RENEWABLE');
    expect(refused.errors).toEqual([
      `isRenewable: false (renewal opens 60 days before the contract ends on ${end})`,
    ]);
    token = await travelTo(api, addDays(end, -60));
    const renewed = await renew(token, ids[1]!, toFixed24());
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.data.enrollmentStatus).toBe('RENEWAL_PENDING');
  });

  it('is refused on an enrollment that is not active', async () => {
    const token = await login(api);
    const pending = await pendingEnrollment(api, token, { plan: fixed12.id, options: fixed12.options });
    expect(
      expectFailure(await renew(token, pending, toFixed24()), 409, 'ENROLLMENT_STATUS_CONFLICT').errors,
    ).toEqual(['status: PENDING']);
  });

  it('is 404 for an enrollment that does not exist', async () => {
    const token = await login(api);
    expectFailure(await renew(token, 987_654_321, toFixed24()), 404, 'NOT_FOUND');
  });

  it('is refused when the current plan does not allow renewals', async () => {
    const { ids, start } = await activeEnrollments(api, daily, daysFromToday(0));
    const token = await travelTo(api, addDays(start, 1));
    expect(
      expectFailure(await renew(token, ids[0]!, toFixed24()), 422, 'ENROLLMENT_NOT_RENEWABLE').errors,
    ).toEqual(['isRenewable: false (its plan does not allow renewals)']);
  });

  it('is refused while another renewal is scheduled, naming it', async () => {
    const { ids, end } = await activeEnrollments(api, fixed12, daysFromToday(0));
    const token = await travelTo(api, addDays(end, -30));
    const first = (await renew(token, ids[0]!, toFixed24())).body.data.enrollmentId as number;
    expect(
      expectFailure(await renew(token, ids[0]!, toFixed24()), 409, 'ENROLLMENT_STATUS_CONFLICT').errors,
    ).toEqual([`renewal: ${first}`]);
    // the scheduled renewal is the answer before anything else wrong with the new request
    expect(
      expectFailure(
        await renew(token, ids[0]!, toFixed24({ agreedAcceptanceValues: [] })),
        409,
        'ENROLLMENT_STATUS_CONFLICT',
      ).errors,
    ).toEqual([`renewal: ${first}`]);
  });
});

describe('POST /enrollments/{id}/renewal: onto which plan', () => {
  it.each([
    ['a plan that is not on sale', () => planId(api, 'Bluebonnet Energy 18-Month Fixed Electric')],
    ['a plan that cannot be renewed onto', async () => daily.id],
    ['a plan of another utility', () => planId(api, 'Bluebonnet Energy 12-Month Fixed Electric', 'CNP')],
    ['a plan for another customer type', () => planOf(api, 'SmallBusiness')],
  ])('refuses %s', async (_name, target) => {
    const { ids, end } = await activeEnrollments(api, fixed12, daysFromToday(0));
    const token = await travelTo(api, addDays(end, -30));
    const refused = expectFailure(
      await renew(token, ids[0]!, { planId: await target(), agreedAcceptanceValues: fixed12.options }),
      422,
      'PLAN_NOT_RENEWABLE',
    );
    expect(refused.errors).toEqual([
      'planId: must be on sale, renewable, and for the same utility and customer type',
    ]);
    expect((await enrollmentRow(api, ids[0]!)).status).toBe('ACTIVE');
  });

  it('refuses without every required acceptance of the new plan, naming each', async () => {
    const { ids, end } = await activeEnrollments(api, fixed12, daysFromToday(0));
    const token = await travelTo(api, addDays(end, -30));
    expect(fixed24.options.length).toBeGreaterThan(1);
    const refused = expectFailure(
      await renew(token, ids[0]!, toFixed24({ agreedAcceptanceValues: fixed24.options.slice(1) })),
      422,
      'ACCEPTANCE_REQUIRED',
    );
    expect(refused.errors).toEqual([`agreedAcceptanceValues: missing ${fixed24.options[0]}`]);
    const none = expectFailure(
      await renew(token, ids[0]!, toFixed24({ agreedAcceptanceValues: [] })),
      422,
      'ACCEPTANCE_REQUIRED',
    );
    expect(none.errors).toEqual(fixed24.options.map((o) => `agreedAcceptanceValues: missing ${o}`));
  });
});

describe('POST /enrollments/{id}/renewal: the renewed enrollment', () => {
  const poBox = { address: 'PO Box 9', address2: 'Suite 1', city: 'Dallas', state: 'TX', zipcode: '75202' };

  it('starts the day after the contract ends, keeping the addresses, delivery method and nothing of the old money or holds', async () => {
    const card = await sandboxDepositProfile(api, '1111');
    const { ids, end } = await activeEnrollments(api, fixed12, daysFromToday(0), 1, () => ({
      score: '520',
      payment: { depositOptions: 'PayNow', ...card },
      billingDeliveryMethod: 2,
      billingAddress: poBox,
    }));
    const original = await enrollmentRow(api, ids[0]!);
    // the original paid a deposit and was made with an Idempotency-Key
    expect(original).toMatchObject({
      deposit_required: 1,
      deposit_amount_cents: 15000,
      deposit_status: 'paid',
    });
    expect(original.idempotency_key).not.toBeNull();
    const token = await travelTo(api, addDays(end, -30));
    const renewed = await renew(token, original.id, toFixed24());
    expect(renewed.body.data).toMatchObject({
      enrollmentStatus: 'RENEWAL_PENDING',
      customerId: original.customer_id,
      enrollmentLdc: original.ldc_account,
      statusDetails: { sentToBillingSystem: false, depositPending: false },
    });
    const row = await enrollmentRow(api, renewed.body.data.enrollmentId);
    expect(row).toMatchObject({
      plan_id: fixed24.id,
      customer_id: original.customer_id,
      status: 'RENEWAL_PENDING',
      requested_start_date: addDays(end, 1),
      contract_start_date: null,
      contract_end_date: null,
      ldc_account: original.ldc_account,
      billing_delivery_method: 2,
      billing_address_1: 'PO Box 9',
      billing_address_2: 'Suite 1',
      billing_city: 'Dallas',
      billing_state: 'TX',
      billing_zipcode: '75202',
      accepted_options: JSON.stringify(fixed24.options),
      autopay_required: 0,
      previous_enrollment_id: original.id,
      deposit_required: 0,
      deposit_amount_cents: 0,
      deposit_status: 'not_required',
      manual_review_reasons: '[]',
      billing_account_number: null,
      billing_errors: null,
      submission_attempts: 0,
      next_submission_at: null,
      drop_effective_date: null,
      idempotency_key: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    expect(await historyOf(api, row.id)).toEqual([
      { from_status: null, to_status: 'RENEWAL_PENDING', actor: 'customer', reason: 'Created' },
    ]);
    expect((await enrollmentRow(api, original.id)).status).toBe('ACTIVE');
  });

  it('takes a new delivery method, billing address and start date, and the new plan autopay rule', async () => {
    const { ids, end } = await activeEnrollments(api, fixed12, daysFromToday(0), 1, () => ({
      billingAddress: poBox,
    }));
    const token = await travelTo(api, addDays(end, -30));
    const renewed = await renew(token, ids[0]!, {
      planId: variable.id,
      agreedAcceptanceValues: variable.options,
      billingDeliveryMethod: 3,
      requestedStartDate: addDays(end, -10),
      billingAddress: { address: '77 Oak Ln', city: 'Irving', state: 'TX', zipcode: '75038' },
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(await enrollmentRow(api, renewed.body.data.enrollmentId)).toMatchObject({
      plan_id: variable.id,
      requested_start_date: addDays(end, -10),
      billing_delivery_method: 3,
      billing_address_1: '77 Oak Ln',
      billing_address_2: null,
      billing_city: 'Irving',
      billing_state: 'TX',
      billing_zipcode: '75038',
      autopay_required: 1,
    });
  });

  it("keeps a new billing address's second line", async () => {
    const { ids, end } = await activeEnrollments(api, fixed12, daysFromToday(0), 1);
    const token = await travelTo(api, addDays(end, -30));
    const renewed = await renew(token, ids[0]!, toFixed24({ billingAddress: poBox }));
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(await enrollmentRow(api, renewed.body.data.enrollmentId)).toMatchObject({
      billing_address_1: 'PO Box 9',
      billing_address_2: 'Suite 1',
    });
  });

  it('may start as early as the plan delay allows (tomorrow), not today', async () => {
    const { ids, end } = await activeEnrollments(api, fixed12, daysFromToday(0), 1);
    const today = addDays(end, -30);
    const token = await travelTo(api, today);
    const early = expectFailure(
      await renew(token, ids[0]!, toFixed24({ requestedStartDate: today })),
      422,
      'START_DATE_TOO_EARLY',
    );
    expect(early.errors).toEqual(['requestedStartDate: too early']);
    const renewed = await renew(token, ids[0]!, toFixed24({ requestedStartDate: addDays(today, 1) }));
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
  });

  it("updates the customer's details given with it, phone and tax id as digits, and leaves the rest", async () => {
    const { ids, end } = await activeEnrollments(api, fixed12, daysFromToday(0));
    const original = await enrollmentRow(api, ids[0]!);
    const token = await travelTo(api, addDays(end, -30));
    const before = await api.db.kysely
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', original.customer_id)
      .executeTakeFirstOrThrow();
    await renew(
      token,
      original.id,
      toFixed24({
        customer: { email: 'ana.new@example.com', phoneNumber: '(214) 555-0101', fedtaxid: '74-1234567' },
      }),
    );
    const after = await api.db.kysely
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', original.customer_id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      first_name: before.first_name,
      last_name: before.last_name,
      firm_name: before.firm_name,
      email: 'ana.new@example.com',
      phone: '2145550101',
    });
    expect(await taxIdOf(api, original.customer_id)).toBe('741234567');
  });

  it('renames the customer and the firm when asked', async () => {
    const { ids, end } = await activeEnrollments(api, fixed12, daysFromToday(0));
    const original = await enrollmentRow(api, ids[0]!);
    const token = await travelTo(api, addDays(end, -30));
    await renew(
      token,
      original.id,
      toFixed24({ customer: { firstName: 'Anna', lastName: 'Garza', firmName: 'Garza LLC' } }),
    );
    expect(
      await api.db.kysely
        .selectFrom('customers')
        .select(['first_name', 'last_name', 'firm_name', 'email'])
        .where('id', '=', original.customer_id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      first_name: 'Anna',
      last_name: 'Garza',
      firm_name: 'Garza LLC',
      email: 'ana.garcia@example.com',
    });
  });
});

describe('POST /enrollments/{id}/transfer-service', () => {
  const dallas = (extra: Record<string, unknown> = {}) => ({
    address: '2200 Ross Ave',
    city: 'Dallas',
    state: 'TX',
    zipcode: '75201',
    ldcAccount: freshEsiid(),
    ...extra,
  });
  const transfer = (token: string, id: number, body: Record<string, unknown>) =>
    api.call('POST', `/enrollments/${id}/transfer-service`, { token, body });

  it('drops the old address and starts the same plan at the new one as a move-in', async () => {
    const { ids, start } = await activeEnrollments(api, fixed12, daysFromToday(0));
    const old = await enrollmentRow(api, ids[0]!);
    const today = addDays(start, 20);
    const token = await travelTo(api, today);
    const esiid = freshEsiid();
    const response = await transfer(token, old.id, {
      currentServiceEffectiveDate: addDays(today, 3),
      newServiceStartDate: addDays(today, 4),
      removeMeter: true,
      serviceAddress: dallas({
        address2: 'Unit 5',
        county: 'Dallas',
        ldcAccount: `${esiid.slice(0, 8)} ${esiid.slice(8)}`,
        meter_number: 'M-77',
      }),
    });
    expect(response.body.data).toEqual({
      is_near_to_renew: false,
      open_wizard: false,
      error: null,
      id_new_enrollment: expect.any(Number),
    });
    expect(await enrollmentRow(api, old.id)).toMatchObject({
      status: 'DROP_PENDING',
      drop_effective_date: addDays(today, 3),
      drop_reason_code: 2,
      remove_meter: 1,
      autopay_active: 0,
    });
    expect((await historyOf(api, old.id)).at(-1)).toEqual({
      from_status: 'ACTIVE',
      to_status: 'DROP_PENDING',
      actor: 'customer',
      reason: 'Transfer of service: leaving the old address',
    });
    const moved = await enrollmentRow(api, response.body.data.id_new_enrollment);
    expect(moved).toMatchObject({
      status: 'PENDING',
      plan_id: fixed12.id,
      customer_id: old.customer_id,
      switch_type: 'Move-In',
      requested_start_date: addDays(today, 4),
      service_address_1: '2200 Ross Ave',
      service_address_2: 'Unit 5',
      service_city: 'Dallas',
      service_county: 'Dallas',
      service_state: 'TX',
      service_zipcode: '75201',
      ldc_account: esiid,
      meter_number: 'M-77',
      billing_address_1: '2200 Ross Ave',
      billing_address_2: 'Unit 5',
      billing_zipcode: '75201',
      autopay_active: 0,
      previous_enrollment_id: null,
      drop_effective_date: null,
      remove_meter: 0,
      submission_attempts: 1,
      meter_unverified: 1,
      idempotency_key: null,
      billing_account_number: `BB001${String(response.body.data.id_new_enrollment).padStart(8, '0')}`,
    });
    expect((await historyOf(api, moved.id))[0]).toEqual({
      from_status: null,
      to_status: 'QUEUED_FOR_SUBMISSION',
      actor: 'customer',
      reason: 'Created',
    });
    expect(await autopayRows(api, moved.id)).toEqual([]);
  });

  it('bills the new enrollment at the billing address given, and says when the old contract is near renewal', async () => {
    const { ids, end } = await activeEnrollments(api, fixed12, daysFromToday(0));
    const today = addDays(end, -60);
    const token = await travelTo(api, today);
    const response = await transfer(token, ids[0]!, {
      currentServiceEffectiveDate: today,
      newServiceStartDate: today,
      serviceAddress: dallas(),
      billingAddress: { address: 'PO Box 1', city: 'Irving', state: 'TX', zipcode: '75038' },
    });
    expect(response.body.data).toMatchObject({ is_near_to_renew: true, open_wizard: false });
    expect(await enrollmentRow(api, ids[0]!)).toMatchObject({ status: 'DROP_PENDING', remove_meter: 0 });
    expect(await enrollmentRow(api, response.body.data.id_new_enrollment)).toMatchObject({
      billing_address_1: 'PO Box 1',
      billing_address_2: null,
      billing_city: 'Irving',
      billing_zipcode: '75038',
      requested_start_date: today,
    });
  });

  it('a day before the renewal window, the old contract is not near renewal', async () => {
    const { ids, end } = await activeEnrollments(api, fixed12, daysFromToday(0));
    const today = addDays(end, -61);
    const token = await travelTo(api, today);
    const response = await transfer(token, ids[0]!, {
      currentServiceEffectiveDate: today,
      newServiceStartDate: addDays(today, 1),
      serviceAddress: dallas(),
    });
    expect(response.body.data.is_near_to_renew).toBe(false);
  });

  it('moves an active autopay to the new address from its start date', async () => {
    // A new customer with a self-service login, who sets up autopay with a saved card once service has started.
    const username = `autopay.${freshEsiid()}`;
    const password = 'Autopay-Password-7';
    const { ids, start } = await activeEnrollments(api, fixed12, daysFromToday(0), 1, () => ({
      customer: { username, password },
    }));
    const old = await enrollmentRow(api, ids[0]!);
    const startToken = await login(api);
    const signedIn = await api.call('POST', '/customers/login', {
      token: startToken,
      body: { username, password },
    });
    const session = { token: startToken, ...signedIn.body.data };
    const card = await savedCard(api, session);
    const autopay = await api.call('POST', `/enrollments/${old.id}/recurring-billing`, {
      token: startToken,
      customerHash: session.customerHash,
      body: { ...card, date_from: start },
    });
    expect(autopay.status, JSON.stringify(autopay.body)).toBe(200);
    const today = addDays(start, 10);
    const token = await travelTo(api, today);
    const response = await transfer(token, old.id, {
      currentServiceEffectiveDate: today,
      newServiceStartDate: addDays(today, 2),
      serviceAddress: dallas(),
    });
    const newId = response.body.data.id_new_enrollment as number;
    expect((await enrollmentRow(api, newId)).autopay_active).toBe(1);
    expect(await autopayRows(api, old.id)).toMatchObject([{ status: 'finished' }]);
    expect(await autopayRows(api, newId)).toEqual([
      {
        customer_profile_token: card.customer_profile_token,
        payment_profile_token: card.payment_profile_token,
        date_from: addDays(today, 2),
        status: 'active',
      },
    ]);
  });

  it('asks for a new plan where the plan is not sold, changing nothing', async () => {
    const { ids, start } = await activeEnrollments(api, fixed12, daysFromToday(0));
    const token = await travelTo(api, addDays(start, 1));
    const response = await transfer(token, ids[0]!, {
      currentServiceEffectiveDate: addDays(start, 5),
      newServiceStartDate: addDays(start, 5),
      serviceAddress: {
        address: '900 Travis St',
        city: 'Houston',
        state: 'TX',
        zipcode: '77002',
        ldcAccount: freshEsiid('1008901', 22),
      },
    });
    expect(response.body.data).toEqual({
      is_near_to_renew: false,
      open_wizard: true,
      error: 'The current plan is not sold at 77002; choose a plan for the new address.',
      id_new_enrollment: null,
    });
    expect((await enrollmentRow(api, ids[0]!)).status).toBe('ACTIVE');
  });

  it('refuses a new start date before today, and a new address without its ESIID', async () => {
    const { ids, start } = await activeEnrollments(api, fixed12, daysFromToday(0));
    const today = addDays(start, 3);
    const token = await travelTo(api, today);
    const past = expectFailure(
      await transfer(token, ids[0]!, {
        currentServiceEffectiveDate: today,
        newServiceStartDate: addDays(today, -1),
        serviceAddress: dallas(),
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(past.errors).toEqual(['newServiceStartDate: before today']);
    const noEsiid = expectFailure(
      await transfer(token, ids[0]!, {
        currentServiceEffectiveDate: today,
        newServiceStartDate: today,
        serviceAddress: dallas({ ldcAccount: undefined }),
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(noEsiid.errors).toEqual(['body.serviceAddress.ldcAccount: is required']);
    expect((await enrollmentRow(api, ids[0]!)).status).toBe('ACTIVE');
  });

  it('refuses an enrollment that is not active, and a new address outside Texas', async () => {
    const token = await login(api);
    const pending = await pendingEnrollment(api, token, { plan: fixed12.id, options: fixed12.options });
    const body = { currentServiceEffectiveDate: daysFromToday(2), newServiceStartDate: daysFromToday(2) };
    expect(
      expectFailure(
        await transfer(token, pending, { ...body, serviceAddress: dallas() }),
        409,
        'ENROLLMENT_STATUS_CONFLICT',
      ).errors,
    ).toEqual(['status: PENDING']);
    const ohio = {
      address: '100 Main St',
      city: 'Columbus',
      state: 'OH',
      zipcode: '43215',
      ldcAccount: '12345678901',
    };
    expect(
      expectFailure(await transfer(token, pending, { ...body, serviceAddress: ohio }), 422, 'TEXAS_ONLY')
        .errors,
    ).toEqual(['serviceAddress.state: must be TX']);
  });

  it('refuses an enrollment outside Texas, even to a Texas address', async () => {
    const token = await login(api);
    const ohio = await ohioGasEnrollment(api, token);
    const refused = expectFailure(
      await transfer(token, ohio.enrollmentId, {
        currentServiceEffectiveDate: daysFromToday(2),
        newServiceStartDate: daysFromToday(2),
        serviceAddress: dallas(),
      }),
      422,
      'TEXAS_ONLY',
    );
    expect(refused.errors).toEqual(['serviceAddress.state: must be TX']);
  });
});
