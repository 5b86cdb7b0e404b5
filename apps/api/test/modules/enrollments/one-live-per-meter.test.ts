import { beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_ENROLLMENT_PREDICATE,
  METER_HOLDER_PREDICATE,
} from '../../../src/db/migrations/2026-11-25T0600-one-live-enrollment-per-meter.js';
import { ENDED_STATUSES, SERVING_STATUSES } from '../../../src/modules/enrollments/lifecycle.js';
import {
  creditCheck,
  enrollmentBody,
  freshEsiid,
  planId,
  requiredOptions,
  sandboxDepositProfile,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';

const api = useTestApi();
let token: string;
let plan: number;
let options: number[];

beforeAll(async () => {
  token = await api.sandboxToken();
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, plan);
});

/** A create body for `esiid` backed by a credit check of its own; a score of 520 makes a $150 deposit due. */
async function depositEnrollment(esiid: string) {
  const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('520'), planId: plan });
  return enrollmentBody(plan, options, {
    serviceAddress: { ldcAccount: esiid },
    payment: {
      creditCheckId: check.id_credit_check,
      depositOptions: 'PayNow',
      ...(await sandboxDepositProfile(api, '1111')),
    },
  });
}

const create = (body: unknown) => api.call('POST', '/enrollments/create', { token, body });

async function enrollmentsOf(esiid: string) {
  return api.db.kysely
    .selectFrom('enrollments')
    .select(['id', 'status'])
    .where('ldc_account', '=', esiid)
    .execute();
}

async function depositChargesOf(esiid: string) {
  return api.db.kysely
    .selectFrom('charge_transactions')
    .innerJoin('enrollments', 'enrollments.id', 'charge_transactions.enrollment_id')
    .select(['charge_transactions.id', 'charge_transactions.status'])
    .where('enrollments.ldc_account', '=', esiid)
    .where('charge_transactions.transaction_type', '=', 'DEPOSIT')
    .execute();
}

describe('one live enrollment per meter (company, commodity, LDC number)', () => {
  it('twelve creates for one ESIID at once: one enrollment, one deposit charge, eleven 409s naming it', async () => {
    const esiid = freshEsiid();
    const bodies = await Promise.all(Array.from({ length: 12 }, () => depositEnrollment(esiid)));
    const responses = await Promise.all(bodies.map(create));

    const won = responses.filter((r) => r.status === 200);
    expect(won, JSON.stringify(responses.map((r) => r.body))).toHaveLength(1);
    const winner = won[0]!.body.data.enrollmentId as number;
    for (const lost of responses.filter((r) => r.status !== 200)) {
      const body = expectFailure(lost, 409, 'ENROLLMENT_DUPLICATE');
      expect(body.errors).toEqual([`id_previous_enrollment: ${winner}`]);
    }
    expect(await enrollmentsOf(esiid)).toEqual([{ id: winner, status: 'PENDING' }]);
    expect(await depositChargesOf(esiid)).toMatchObject([{ status: 'approved' }]);
  });

  it('one after another: the second is refused with the first one named, and nothing is charged', async () => {
    const esiid = freshEsiid();
    const first = await create(await depositEnrollment(esiid));
    expect(first.status).toBe(200);
    const second = await create(await depositEnrollment(esiid));
    const body = expectFailure(second, 409, 'ENROLLMENT_DUPLICATE');
    expect(body.errors).toEqual([`id_previous_enrollment: ${first.body.data.enrollmentId}`]);
    expect(await depositChargesOf(esiid)).toHaveLength(1);
  });

  it('a cancelled enrollment lets the meter go: a new enrollment may take it', async () => {
    const esiid = freshEsiid();
    const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('520'), planId: plan });
    const held = await create(
      enrollmentBody(plan, options, {
        serviceAddress: { ldcAccount: esiid },
        payment: { creditCheckId: check.id_credit_check },
      }),
    );
    expect(held.body.data.enrollmentStatus).toBe('ON_HOLD_DEPOSIT_PENDING');
    const cancel = await api.call('POST', `/enrollments/${held.body.data.enrollmentId}/drop`, {
      token,
      body: { reasonCodeId: 1, effectiveDate: new Date().toISOString().slice(0, 10) },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const again = await create(await depositEnrollment(esiid));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('exists-repeated answers from the same definition of live', async () => {
    const esiid = freshEsiid();
    const first = await create(await depositEnrollment(esiid));
    const response = await api.call('POST', '/enrollments/exists-repeated', {
      token,
      query: { ldcNumber: esiid, idPlan: plan },
      body: { firstName: 'Ana', lastName: 'Garcia', email: 'ana.garcia@example.com' },
    });
    expect(response.body).toMatchObject({
      data: true,
      id_previous_enrollment: first.body.data.enrollmentId,
    });
  });

  it('the unique index and the lifecycle table agree on which statuses end an enrollment and which serve', () => {
    const quoted = (statuses: readonly string[]) => `(${statuses.map((s) => `'${s}'`).join(', ')})`;
    expect(LIVE_ENROLLMENT_PREDICATE).toBe(`status not in ${quoted(ENDED_STATUSES)}`);
    expect(METER_HOLDER_PREDICATE).toContain(`status in ${quoted(SERVING_STATUSES)}`);
  });
});
