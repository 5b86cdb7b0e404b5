import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isUniqueViolation } from '../../../src/db/unique-violation.js';
import { addDays } from '../../../src/domain/dates.js';
import {
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
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { holdTransactions, holdUniqueEntry } from '../../helpers/races.js';
import { customerSession, login, travelTo } from './rules.js';

/** Account changes sent many at once through real HTTP: what must hold is held by the database. */
// No background tasks: their transactions would be counted by the gates of holdTransactions.
const api = useTestApi({ backgroundTasks: false });
let token: string;
let customerHash: string;
let customerId: number;
let fixed12: number;
let fixed24: number;

const post = (path: string, body?: unknown) => api.call('POST', path, { token, body: body ?? {} });
const statusOf = async (id: number) =>
  (
    await api.db.kysely
      .selectFrom('enrollments')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

/** Moves the clock to `day` (see travelTo) and signs the account and the sandbox customer in again there. */
async function moveTo(day: string) {
  token = await travelTo(api, day);
  ({ customerHash } = await customerSession(api, token));
}

/**
 * An ACTIVE enrollment for the sandbox customer: made today, started a week later by the lifecycle task, the clock
 * then moved on to 30 days before its contract ends (inside the renewal window).
 */
async function activeEnrollment() {
  const start = daysFromToday(7);
  const check = await creditCheck(api, token, {
    ...(await nameOf(api, { idCustomer: customerId })),
    socialSecurityNumber: ssnEnding('720'),
    planId: fixed12,
  });
  const response = await post(
    '/enrollments/create',
    enrollmentBody(fixed12, await requiredOptions(api, token, fixed12), {
      requestedStartDate: start,
      customer: { idCustomer: customerId },
      payment: { creditCheckId: check.id_credit_check },
    }),
  );
  const id = response.body.data.enrollmentId as number;
  await moveTo(start);
  await api.app.voltin.scheduler.runNow('advance-enrollments');
  expect(await statusOf(id)).toBe('ACTIVE');
  const { contract_end_date } = (await api.call('GET', `/enrollments/${id}`, { token })).body.data;
  await moveTo(addDays(contract_end_date, -30));
  return id;
}

// Each test starts from the real time again, signed in there.
afterEach(async () => {
  vi.useRealTimers();
  token = await login(api);
  ({ customerHash } = await customerSession(api, token));
});

const renewalBody = async () => ({
  planId: fixed24,
  agreedAcceptanceValues: await requiredOptions(api, token, fixed24),
});

beforeAll(async () => {
  token = await login(api);
  ({ customerHash, customerId } = await customerSession(api, token));
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  fixed24 = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
});

const uploadLetter = (id: number) => {
  const form = new FormData();
  form.append(
    'file',
    new Blob([Buffer.from('%PDF-1.4\n% letter\n')], { type: 'application/pdf' }),
    'letter.pdf',
  );
  return fetch(`${api.baseUrl}/api/v1/enrollments/${id}/upload-credit-letter`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
};

describe('account changes at once', () => {
  it('five renewals of one enrollment at once: one renewal, four 409s', async () => {
    const id = await activeEnrollment();
    const body = await renewalBody();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => post(`/enrollments/${id}/renewal`, body)),
    );
    const created = responses.filter((r) => r.status === 200);
    expect(created, JSON.stringify(responses.map((r) => r.body))).toHaveLength(1);
    for (const r of responses.filter((r) => r.status !== 200))
      expectFailure(r, 409, 'ENROLLMENT_STATUS_CONFLICT');
    const renewals = await api.db.kysely
      .selectFrom('enrollments')
      .select('id')
      .where('previous_enrollment_id', '=', id)
      .execute();
    expect(renewals).toEqual([{ id: created[0]!.body.data.enrollmentId }]);
  });

  it('a renewal and a drop of one enrollment at once never leave a renewal scheduled on a dropped enrollment', async () => {
    const body = await renewalBody();
    for (let round = 0; round < 6; round++) {
      const id = await activeEnrollment();
      const [renewal, drop] = await Promise.all([
        post(`/enrollments/${id}/renewal`, body),
        post(`/enrollments/${id}/drop`, { effectiveDate: daysFromToday(3), reasonCodeId: 2 }),
      ]);
      expect(drop.status, JSON.stringify(drop.body)).toBe(200);
      expect(await statusOf(id)).toBe('DROP_PENDING');
      if (renewal.status === 200) expect(await statusOf(renewal.body.data.enrollmentId)).toBe('CANCELLED');
      else expectFailure(renewal, 409, 'ENROLLMENT_STATUS_CONFLICT');
      const live = await api.db.kysely
        .selectFrom('enrollments')
        .select('id')
        .where('previous_enrollment_id', '=', id)
        .where('status', 'not in', ['CANCELLED', 'DROPPED', 'ARCHIVED'])
        .execute();
      expect(live).toEqual([]);
    }
  });

  it('eight autopay set-ups of one enrollment at once: one active recurring billing', async () => {
    const id = await activeEnrollment();
    const profile = await savedCard(api, { token, customerHash, customerId });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.call('POST', `/enrollments/${id}/recurring-billing`, {
          token,
          customerHash,
          body: { ...profile, date_from: daysFromToday(0) },
        }),
      ),
    );
    expect(responses.some((r) => r.status === 200)).toBe(true);
    for (const r of responses.filter((r) => r.status !== 200))
      expectFailure(r, 409, 'ENROLLMENT_STATUS_CONFLICT');
    const active = await api.db.kysely
      .selectFrom('recurring_billings')
      .select('id')
      .where('enrollment_id', '=', id)
      .where('status', '=', 'active')
      .execute();
    expect(active).toHaveLength(1);
  });

  it('six letter-of-credit uploads at once: one pending letter, the others 409, no orphaned files', async () => {
    const id = await letterOfCreditEnrollment(api, token);
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => uploadLetter(id)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const letters = await api.db.kysely
      .selectFrom('credit_letters')
      .select('file_id')
      .where('enrollment_id', '=', id)
      .execute();
    const files = await api.db.kysely
      .selectFrom('stored_files')
      .select('id')
      .where('owner_type', '=', 'enrollment-credit-letter')
      .where('owner_id', '=', id)
      .execute();
    expect(letters).toHaveLength(1);
    expect(files).toEqual([{ id: letters[0]!.file_id }]);
    // The uploads refused by the unique index gave their room in the customer's upload quota back.
    const { customer_id } = await api.db.kysely
      .selectFrom('enrollments')
      .select('customer_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const quota = await api.db.kysely
      .selectFrom('upload_usage')
      .select(['files', 'bytes'])
      .where('holder', '=', `customer:${customer_id}`)
      .executeTakeFirstOrThrow();
    expect(quota).toEqual({ files: 1, bytes: Buffer.from('%PDF-1.4\n% letter\n').length });
  });
});

/** Each request held until every one has passed its early checks: the database decides, every time. */
describe('account changes at once, the losers past their early checks', () => {
  const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
  const transferTo = (id: number, ldcAccount: string) =>
    post(`/enrollments/${id}/transfer-service`, {
      currentServiceEffectiveDate: daysFromToday(5),
      newServiceStartDate: daysFromToday(5),
      serviceAddress: { address: '2200 Ross Ave', city: 'Dallas', state: 'TX', zipcode: '75201', ldcAccount },
    });

  it('five renewals of one enrollment: the losers meet the unique index and are told the renewal that won', async () => {
    const id = await activeEnrollment();
    const body = await renewalBody();
    const gate = holdTransactions(api, 5);
    const requests = Array.from({ length: 5 }, () => post(`/enrollments/${id}/renewal`, body));
    await gate.held(requests);
    await gate.release();
    const responses = await Promise.all(requests);
    const created = responses.filter((r) => r.status === 200);
    expect(created, JSON.stringify(responses.map((r) => r.body))).toHaveLength(1);
    const winner = created[0]!.body.data.enrollmentId as number;
    for (const r of responses.filter((r) => r.status !== 200))
      expect(expectFailure(r, 409, 'ENROLLMENT_STATUS_CONFLICT').errors).toEqual([`renewal: ${winner}`]);
    // The early check would answer the same: what shows the index decided is that each loser's insert was refused.
    expect(gate.failures.map(isUniqueViolation)).toEqual([true, true, true, true]);
  });

  it('a renewal past its early checks, and a drop that moves the enrollment first: the renewal meets its status lock', async () => {
    const id = await activeEnrollment();
    const gate = holdTransactions(api, 1);
    const renewal = post(`/enrollments/${id}/renewal`, await renewalBody());
    await gate.held([renewal]);
    const drop = await post(`/enrollments/${id}/drop`, { effectiveDate: daysFromToday(3), reasonCodeId: 2 });
    expect(drop.status, JSON.stringify(drop.body)).toBe(200);
    await gate.release();
    expect(expectFailure(await renewal, 409, 'ENROLLMENT_STATUS_CONFLICT').errors).toEqual([
      'status: changed meanwhile',
    ]);
    expect(await statusOf(id)).toBe('DROP_PENDING');
    const renewals = await api.db.kysely
      .selectFrom('enrollments')
      .select('id')
      .where('previous_enrollment_id', '=', id)
      .execute();
    expect(renewals).toEqual([]);
  });

  it('two transfers to one new meter: the loser meets the one-live-enrollment-per-meter index, its old address untouched', async () => {
    const ids = [await activeEnrollment(), await activeEnrollment()];
    const meter = freshEsiid();
    const gate = holdTransactions(api, 2);
    const requests = ids.map((id) => transferTo(id, meter));
    await gate.held(requests);
    await gate.release();
    const responses = await Promise.all(requests);
    const moved = responses.findIndex((r) => r.status === 200);
    expect(moved, JSON.stringify(responses.map((r) => r.body))).not.toBe(-1);
    const newId = responses[moved]!.body.data.id_new_enrollment as number;
    expect(expectFailure(responses[1 - moved]!, 409, 'ENROLLMENT_DUPLICATE').errors).toEqual([
      `id_previous_enrollment: ${newId}`,
    ]);
    // The early check would answer the same: what shows the index decided is that the loser's insert was refused.
    expect(gate.failures.map(isUniqueViolation)).toEqual([true]);
    expect(await statusOf(ids[moved]!)).toBe('DROP_PENDING');
    expect(await statusOf(ids[1 - moved]!)).toBe('ACTIVE');
  });

  it('three letter-of-credit uploads: the losers meet the open-letter index, their files and quota rolled back', async () => {
    const id = await letterOfCreditEnrollment(api, token);
    const gate = holdTransactions(api, 3);
    const requests = Array.from({ length: 3 }, () => uploadLetter(id));
    await gate.held(requests);
    await gate.release();
    const responses = await Promise.all(requests);
    expect(
      responses.filter((r) => r.status === 200),
      JSON.stringify(responses),
    ).toHaveLength(1);
    for (const r of responses.filter((r) => r.status !== 200))
      expect(expectFailure(r as any, 409, 'CREDIT_LETTER_PENDING').errors).toEqual([
        'file: another upload of this enrollment was saved at the same moment',
      ]);
    const files = await api.db.kysely
      .selectFrom('stored_files')
      .select('id')
      .where('owner_type', '=', 'enrollment-credit-letter')
      .where('owner_id', '=', id)
      .execute();
    expect(files).toHaveLength(1);
  });

  // On SQLite's one connection the set-ups' transactions run one after another, each finishing the autopay saved
  // before it: no set-up can lose at the index there.
  it.skipIf(!onPostgres)(
    'two autopay set-ups that both found no active autopay: the loser meets the one-active index',
    async () => {
      const id = await activeEnrollment();
      const profile = await savedCard(api, { token, customerHash, customerId });
      const { company_id } = await api.db.kysely
        .selectFrom('enrollments')
        .select('company_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const gate = await holdUniqueEntry(
        api,
        'recurring_billings',
        {
          company_id,
          enrollment_id: id,
          ...profile,
          date_from: daysFromToday(0),
          status: 'active',
          created_at: new Date().toISOString(),
        },
        2,
      );
      const requests = Array.from({ length: 2 }, () =>
        api.call('POST', `/enrollments/${id}/recurring-billing`, {
          token,
          customerHash,
          body: { ...profile, date_from: daysFromToday(0) },
        }),
      );
      await gate.held(requests);
      await gate.release();
      const responses = await Promise.all(requests);
      expect(
        responses.filter((r) => r.status === 200),
        JSON.stringify(responses.map((r) => r.body)),
      ).toHaveLength(1);
      const loser = responses.find((r) => r.status !== 200)!;
      expect(expectFailure(loser, 409, 'ENROLLMENT_STATUS_CONFLICT').errors).toEqual([
        'recurring billing: changed meanwhile',
      ]);
      const active = await api.db.kysely
        .selectFrom('recurring_billings')
        .select('id')
        .where('enrollment_id', '=', id)
        .where('status', '=', 'active')
        .execute();
      expect(active).toHaveLength(1);
    },
  );
});
