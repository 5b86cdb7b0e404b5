import { beforeAll, describe, expect, it } from 'vitest';
import {
  creditCheck,
  daysFromToday,
  enrollmentBody,
  letterOfCreditEnrollment,
  nameOf,
  planId,
  requiredOptions,
  savedCard,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';

/** Account changes sent many at once through real HTTP: what must hold is held by the database. */
const api = useTestApi();
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

async function activeEnrollment() {
  const check = await creditCheck(api, token, {
    ...(await nameOf(api, { idCustomer: customerId })),
    socialSecurityNumber: ssnEnding('720'),
    planId: fixed12,
  });
  const response = await post(
    '/enrollments/create',
    enrollmentBody(fixed12, await requiredOptions(api, token, fixed12), {
      customer: { idCustomer: customerId },
      payment: { creditCheckId: check.id_credit_check },
    }),
  );
  const id = response.body.data.enrollmentId as number;
  await api.db.kysely
    .updateTable('enrollments')
    .set({ contract_start_date: daysFromToday(0), contract_end_date: daysFromToday(30) })
    .where('id', '=', id)
    .execute();
  await api.app.voltin.scheduler.runNow('advance-enrollments');
  expect(await statusOf(id)).toBe('ACTIVE');
  return id;
}

const renewalBody = async () => ({
  planId: fixed24,
  agreedAcceptanceValues: await requiredOptions(api, token, fixed24),
});

beforeAll(async () => {
  token = await api.sandboxToken();
  ({ customerHash, customerId } = await api.sandboxCustomerHash());
  fixed12 = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  fixed24 = await planId(api, 'Bluebonnet Energy 24-Month Fixed Electric');
});

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
    const upload = () => {
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
      });
    };
    const statuses = (await Promise.all(Array.from({ length: 6 }, upload))).map((r) => r.status);
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
