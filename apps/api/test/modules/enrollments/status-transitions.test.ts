import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/http/errors.js';
import type { EnrollmentStatus } from '../../../src/modules/enrollments/index.js';
import {
  activateEnrollment,
  pendingEnrollment,
  planId,
  requiredOptions,
} from '../../fixtures/enrollments.js';
import { sandboxCompanyId } from '../../fixtures/tenants.js';
import { useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';

/*
 * Every status change goes through the lifecycle table (`LIFECYCLE[from].next`). No route can ask for a move the
 * table refuses (each checks its own precondition first), so the refusal is reached as a user of the enrollments
 * module reaches it: the service's `move`, which every status change of the module calls.
 */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({ backgroundTasks: false }, {}, { clock });
let token: string;
let companyId: number;
let plan: number;
let options: number[];

beforeAll(async () => {
  token = await api.sandboxToken();
  companyId = await sandboxCompanyId(api.db.kysely);
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, plan);
});
// Starting service moves the clock on: each test signs in at the clock's time.
beforeEach(async () => {
  token = await api.sandboxToken();
});

const service = () => api.app.voltin.enrollments!;
const history = (enrollmentId: number) =>
  api.db.kysely
    .selectFrom('enrollment_status_history')
    .select(['from_status', 'to_status', 'actor'])
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('id')
    .execute();

async function refusal(move: Promise<unknown>): Promise<ApiError> {
  const error = await move.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the status transition table', () => {
  it('refuses a move it does not list with 409 ENROLLMENT_STATUS_CONFLICT, leaving the status and its history as they were', async () => {
    const id = await pendingEnrollment(api, token, { plan, options });
    await activateEnrollment(api, clock, id);
    const active = await service().row(companyId, id);
    expect(active.status).toBe('ACTIVE');
    const before = await history(id);

    const refused: Array<[EnrollmentStatus, 'customer' | 'agent' | 'system' | 'billing']> = [
      ['CANCELLED', 'customer'], // service has started: it is dropped, not cancelled
      ['DROPPED', 'system'], // only through DROP_PENDING, on the drop date
      ['PENDING', 'agent'], // no way back
      ['DROP_PENDING', 'system'], // a drop is asked for by the customer or an agent, never made up by the system
    ];
    for (const [to, actor] of refused) {
      const error = await refusal(service().move(active, to, actor, 'test'));
      expect(error.status).toBe(409);
      expect(error.code).toBe('ENROLLMENT_STATUS_CONFLICT');
      expect(error.details).toEqual([`status: ACTIVE does not allow ${to}`]);
    }
    expect((await service().row(companyId, id)).status).toBe('ACTIVE');
    expect(await history(id)).toEqual(before);

    // The same table allows what it lists, for the actor it lists.
    await service().move(active, 'DROP_PENDING', 'customer', 'test: drop asked for');
    expect((await service().row(companyId, id)).status).toBe('DROP_PENDING');
    expect((await history(id)).at(-1)).toEqual({
      from_status: 'ACTIVE',
      to_status: 'DROP_PENDING',
      actor: 'customer',
    });
  });

  it('an ended enrollment moves nowhere: a cancelled one cannot be revived', async () => {
    const id = await pendingEnrollment(api, token, { plan, options });
    await service().move(await service().row(companyId, id), 'CANCELLED', 'customer', 'test: rescinded');
    const cancelled = await service().row(companyId, id);
    for (const to of ['PENDING', 'ACTIVE', 'QUEUED_FOR_SUBMISSION'] as const) {
      const error = await refusal(service().move(cancelled, to, 'agent', 'test'));
      expect(error.status).toBe(409);
      expect(error.details).toEqual([`status: CANCELLED does not allow ${to}`]);
    }
    expect((await service().row(companyId, id)).status).toBe('CANCELLED');
  });
});
