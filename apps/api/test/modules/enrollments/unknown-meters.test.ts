import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  activateEnrollment,
  creditCheck,
  dayOn,
  enrollmentBody,
  freshEsiid,
  planId,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { setCompanySettings } from '../../fixtures/operator.js';
import { sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { ohioGasEnrollment } from './rules.js';

const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
let token: string;
let plan: number;
let options: number[];
let companyId: number;

beforeAll(async () => {
  token = await api.sandboxToken();
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, plan);
  companyId = await sandboxCompanyId(api.db.kysely);
});
// Starting service moves the clock on: each test signs in at the clock's time.
beforeEach(async () => {
  token = await api.sandboxToken();
});

const setPolicy = (policy: 'refuse' | 'verify_later') =>
  setCompanySettings(api.db.kysely, { unknown_esiids: policy }, companyId);

async function create(esiid: string) {
  const check = await creditCheck(api, token, { socialSecurityNumber: ssnEnding('720'), planId: plan });
  return api.call('POST', '/enrollments/create', {
    token,
    body: enrollmentBody(plan, options, {
      serviceAddress: { ldcAccount: esiid },
      payment: { creditCheckId: check.id_credit_check },
      requestedStartDate: dayOn(clock, 7),
    }),
  });
}

/** Oncor ESIIDs of the seeded ESIID data, none enrolled yet in this file's database. */
async function knownOncorEsiids(count: number) {
  const rows = await api.db.kysely
    .selectFrom('premises')
    .select('esiid')
    .where('utility_code', '=', 'ONCOR')
    .orderBy('esiid')
    .limit(count)
    .execute();
  return rows.map((r) => r.esiid);
}

const unverifiedQueue = async () =>
  (await api.call('GET', '/agent/unverified-meters', { token, query: { pageSize: 100 } })).body.data.map(
    (e: { id_enrollment: number }) => e.id_enrollment,
  );

describe('unknown meters: the ESIID data decides (company setting unknown_esiids)', () => {
  it("refuse: an ESIID the utility's ESIID data does not know is 400 ESIID_UNKNOWN on serviceAddress.ldcAccount", async () => {
    await setPolicy('refuse');
    const esiid = freshEsiid();
    const body = expectFailure(await create(esiid), 400, 'ESIID_UNKNOWN');
    expect(body.errors).toEqual(['serviceAddress.ldcAccount: not in the ESIID data of Oncor']);
    const saved = await api.db.kysely
      .selectFrom('enrollments')
      .select('id')
      .where('ldc_account', '=', esiid)
      .execute();
    expect(saved).toEqual([]);
  });

  it('refuse: a known ESIID is accepted and not flagged', async () => {
    await setPolicy('refuse');
    const [esiid] = await knownOncorEsiids(1);
    const response = await create(esiid!);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const id = response.body.data.enrollmentId as number;
    const enrollment = (await api.call('GET', `/enrollments/${id}`, { token })).body.data;
    expect(enrollment.meter_unverified).toBe(false);
    expect(await unverifiedQueue()).not.toContain(id);
  });

  it('verify_later: accepted, flagged (not held) and listed for an agent until verified', async () => {
    await setPolicy('verify_later');
    const response = await create(freshEsiid());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.enrollmentStatus).toBe('PENDING');
    const id = response.body.data.enrollmentId as number;
    expect((await api.call('GET', `/enrollments/${id}`, { token })).body.data.meter_unverified).toBe(true);
    expect(await unverifiedQueue()).toContain(id);

    const verified = await api.call('POST', `/agent/enrollments/${id}/meter-verified`, {
      token,
      body: { reason: 'ESIID confirmed on the TDSP portal' },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data.meter_unverified).toBe(false);
    expect(await unverifiedQueue()).not.toContain(id);
    expectFailure(
      await api.call('POST', `/agent/enrollments/${id}/meter-verified`, { token, body: { reason: 'again' } }),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );
  });

  it('verify_later: agents verifying one meter at once record it once', async () => {
    await setPolicy('verify_later');
    const response = await create(freshEsiid());
    const id = response.body.data.enrollmentId as number;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        api.call('POST', `/agent/enrollments/${id}/meter-verified`, {
          token,
          body: { reason: `Checked on the TDSP portal (${n})` },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const recorded = await api.db.kysely
      .selectFrom('enrollment_status_history')
      .select('reason')
      .where('enrollment_id', '=', id)
      .where('reason', 'like', 'Meter % verified by %')
      .execute();
    expect(recorded).toHaveLength(1);
  });

  it('gas and utilities outside Texas have no ERCOT data: an Ohio gas account is accepted under refuse, unflagged', async () => {
    await setPolicy('refuse');
    const { enrollmentId: id } = await ohioGasEnrollment(api, token);
    expect((await api.call('GET', `/enrollments/${id}`, { token })).body.data.meter_unverified).toBe(false);
  });

  it('transfer of service to an unknown ESIID is refused under refuse, and nothing moves', async () => {
    await setPolicy('refuse');
    const [, esiid] = await knownOncorEsiids(2);
    const created = await create(esiid!);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.enrollmentId as number;
    await activateEnrollment(api, clock, id);
    token = await api.sandboxToken();
    const transfer = (ldcAccount: string) =>
      api.call('POST', `/enrollments/${id}/transfer-service`, {
        token,
        body: {
          currentServiceEffectiveDate: dayOn(clock, 5),
          newServiceStartDate: dayOn(clock, 5),
          serviceAddress: {
            address: '2200 Ross Ave',
            city: 'Dallas',
            state: 'TX',
            zipcode: '75201',
            ldcAccount,
          },
        },
      });
    const body = expectFailure(await transfer(freshEsiid()), 400, 'ESIID_UNKNOWN');
    expect(body.errors).toEqual(['serviceAddress.ldcAccount: not in the ESIID data of Oncor']);
    expect((await api.call('GET', `/enrollments/${id}`, { token })).body.data.status).toBe('ACTIVE');

    await setPolicy('verify_later');
    const moved = await transfer(freshEsiid());
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await unverifiedQueue()).toContain(moved.body.data.id_new_enrollment);
  });
});
