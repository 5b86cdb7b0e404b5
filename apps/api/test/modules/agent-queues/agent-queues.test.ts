import { beforeAll, describe, expect, it } from 'vitest';
import {
  correctCustomerName,
  creditCheck,
  enrollmentBody,
  freshEsiid,
  letterOfCreditEnrollment,
  pendingEnrollment,
  planId,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { createAccount, sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';

/**
 * The operations team's work queues (role group Agent), used as an agent does: what waits in each queue, the pages,
 * what the agent does from there, and what is refused.
 */
const api = useTestApi();
let token: string;
let plan: number;
let options: number[];
let companyId: number;

const get = (path: string, query?: Record<string, string | number>) =>
  api.call('GET', path, { token, query });
const post = (path: string, body: unknown = {}) => api.call('POST', path, { token, body });
const ids = (items: Array<{ id_enrollment: number }>) => items.map((e) => e.id_enrollment);
const queued = async (query: Record<string, string | number> = {}) =>
  ids((await get('/agent/enrollments', { pageSize: 100, ...query })).body.data);
const statusOf = async (id: number) => (await get(`/enrollments/${id}`)).body.data.status as string;

/** An enrollment of a new customer with `lastName`: the sandbox credit bureau flags "Alert" (a fraud alert, held)
 * and the sandbox billing system rejects "Rejected" (SUBMITTED_WITH_ERRORS). */
async function enrollmentOf(lastName: string, serviceAddress: Record<string, unknown> = {}) {
  const check = await creditCheck(api, token, {
    lastName,
    socialSecurityNumber: ssnEnding('720'),
    planId: plan,
  });
  const response = await post(
    '/enrollments/create',
    enrollmentBody(plan, options, {
      customer: { lastName },
      serviceAddress,
      payment: { creditCheckId: check.id_credit_check },
    }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { enrollmentId: number; enrollmentStatus: string; customerId: number };
}

beforeAll(async () => {
  token = await api.sandboxToken();
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, plan);
  companyId = await sandboxCompanyId(api.db.kysely);
});

describe('GET /agent/enrollments', () => {
  it('lists holds and failed submissions by default, not enrollments on their way; ?status narrows it', async () => {
    const held = await enrollmentOf('Alert');
    const failed = await enrollmentOf('Rejected');
    expect([held.enrollmentStatus, failed.enrollmentStatus]).toEqual(['ON_HOLD', 'SUBMITTED_WITH_ERRORS']);
    const pending = await pendingEnrollment(api, token, { plan, options });

    const all = (await get('/agent/enrollments', { pageSize: 100 })).body;
    expect(ids(all.data)).toEqual(expect.arrayContaining([held.enrollmentId, failed.enrollmentId]));
    expect(ids(all.data)).not.toContain(pending);
    for (const item of all.data)
      expect(item.status).toMatch(/^ON_HOLD|^SUBMITTED_WITH_ERRORS$|^SUBMITION_NOT_SENT/);

    expect(await queued({ status: 'ON_HOLD' })).toContain(held.enrollmentId);
    expect(await queued({ status: 'ON_HOLD' })).not.toContain(failed.enrollmentId);
    const both = await queued({ status: 'SUBMITTED_WITH_ERRORS,PENDING' });
    expect(both).toEqual(expect.arrayContaining([failed.enrollmentId, pending]));
    expect(both).not.toContain(held.enrollmentId);
  });

  it('pages the queue: each item once, totalRecords and totalPages agree with the pages', async () => {
    await enrollmentOf('Alert');
    await enrollmentOf('Alert');
    const first = (await get('/agent/enrollments', { pageSize: 2, pageNumber: 1 })).body;
    const total = first.totalRecords as number;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(first).toMatchObject({ pageNumber: 1, pageSize: 2, totalPages: Math.ceil(total / 2) });
    const seen: number[] = [];
    for (let page = 1; page <= first.totalPages; page += 1) {
      const body = (await get('/agent/enrollments', { pageSize: 2, pageNumber: page })).body;
      expect(body.data.length).toBe(page < first.totalPages ? 2 : total - 2 * (first.totalPages - 1));
      seen.push(...ids(body.data));
    }
    expect(new Set(seen).size).toBe(total);
    expect(ids((await get('/agent/enrollments', { pageNumber: first.totalPages + 1 })).body.data)).toEqual(
      [],
    );
  });
});

describe('from the enrollment queue', () => {
  it('release-hold: the enrollment goes on (PENDING) and leaves the queue; a second release is refused', async () => {
    const { enrollmentId: id } = await enrollmentOf('Alert');
    expect(await queued()).toContain(id);
    const released = await post(`/agent/enrollments/${id}/release-hold`, {
      reason: 'Identity confirmed by phone',
    });
    expect(released.body.data).toMatchObject({ id_enrollment: id, status: 'PENDING' });
    expect(await queued()).not.toContain(id);
    expect(
      expectFailure(
        await post(`/agent/enrollments/${id}/release-hold`, { reason: 'again' }),
        409,
        'ENROLLMENT_STATUS_CONFLICT',
      ).errors,
    ).toEqual(['status: PENDING']);
  });

  it('reject: the held enrollment is CANCELLED and leaves the queue; a cancelled one cannot be rejected again', async () => {
    const { enrollmentId: id } = await enrollmentOf('Alert');
    const rejected = await post(`/agent/enrollments/${id}/reject`, { reason: 'Could not confirm identity' });
    expect(rejected.body.data.status).toBe('CANCELLED');
    expect(await queued()).not.toContain(id);
    expectFailure(
      await post(`/agent/enrollments/${id}/reject`, { reason: 'again' }),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );
  });

  it('retry-submission: refused but for a failed submission; unfixed it fails again and stays, fixed it leaves', async () => {
    const failed = await enrollmentOf('Rejected');
    const held = await enrollmentOf('Alert');
    expect(
      expectFailure(
        await post(`/agent/enrollments/${held.enrollmentId}/retry-submission`),
        409,
        'ENROLLMENT_STATUS_CONFLICT',
      ).errors,
    ).toEqual(['status: ON_HOLD']);

    const again = await post(`/agent/enrollments/${failed.enrollmentId}/retry-submission`);
    expect(again.body.data.status).toBe('SUBMITTED_WITH_ERRORS');
    expect(await queued()).toContain(failed.enrollmentId);

    // What the billing system reported is fixed at the source (the customer's name), then the agent sends again.
    await correctCustomerName(api, failed.customerId);
    expect((await post(`/agent/enrollments/${failed.enrollmentId}/retry-submission`)).body.data.status).toBe(
      'PENDING',
    );
    expect(await queued()).not.toContain(failed.enrollmentId);
  });

  it('answers 404 for an enrollment that does not exist, and 400 for an action without its reason', async () => {
    for (const action of ['release-hold', 'reject', 'retry-submission', 'meter-verified'])
      expectFailure(await post(`/agent/enrollments/987654/${action}`, { reason: 'none' }), 404, 'NOT_FOUND');
    const { enrollmentId: id } = await enrollmentOf('Alert');
    expectFailure(await post(`/agent/enrollments/${id}/release-hold`, {}), 400, 'VALIDATION_FAILED');
    expect(await statusOf(id)).toBe('ON_HOLD');
  });
});

describe('GET /agent/unverified-meters', () => {
  it('lists enrollments on an ESIID the data did not know; meter-verified takes one out, once', async () => {
    // The sandbox company verifies unknown ESIIDs later: every enrollment of this file on a fresh ESIID is listed.
    const before = (await get('/agent/unverified-meters', { pageSize: 1 })).body.totalRecords as number;
    const first = (await enrollmentOf('Garcia', { ldcAccount: freshEsiid() })).enrollmentId;
    const second = (await enrollmentOf('Garcia', { ldcAccount: freshEsiid() })).enrollmentId;
    const page = (await get('/agent/unverified-meters', { pageSize: 1, pageNumber: before + 1 })).body;
    expect(page).toMatchObject({ pageSize: 1, totalRecords: before + 2, totalPages: before + 2 });
    expect(ids(page.data)).toEqual([first]);
    expect(
      ids((await get('/agent/unverified-meters', { pageSize: 1, pageNumber: before + 2 })).body.data),
    ).toEqual([second]);

    const verified = await post(`/agent/enrollments/${first}/meter-verified`, {
      reason: 'On the Oncor bill',
    });
    expect(verified.status).toBe(200);
    const left = ids((await get('/agent/unverified-meters', { pageSize: 100 })).body.data);
    expect(left).toContain(second);
    expect(left).not.toContain(first);
    expectFailure(
      await post(`/agent/enrollments/${first}/meter-verified`, { reason: 'again' }),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );
  });
});

describe('letters of credit', () => {
  const upload = async (id: number) => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4\n% letter\n')], { type: 'application/pdf' }),
      'l.pdf',
    );
    const response = await fetch(`${api.baseUrl}/api/v1/enrollments/${id}/upload-credit-letter`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return ((await response.json()) as any).data.id_customer_credit_letters as number;
  };

  it('an approved letter releases the hold: the enrollment leaves the queue; a letter is reviewed once', async () => {
    const id = await letterOfCreditEnrollment(api, token);
    expect(await queued({ status: 'ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD' })).toContain(id);
    const letter = await upload(id);
    const approved = await post(`/agent/credit-letters/${letter}/approve`, { reason: 'Bank confirmed' });
    expect(approved.body.data).toEqual({
      id_customer_credit_letters: letter,
      id_status: 1,
      id_enrollment: id,
    });
    expect(await queued()).not.toContain(id);
    for (const verdict of ['approve', 'reject'])
      expectFailure(
        await post(`/agent/credit-letters/${letter}/${verdict}`, { reason: 'again' }),
        409,
        'ENROLLMENT_STATUS_CONFLICT',
      );
    expectFailure(await post('/agent/credit-letters/987654/approve', { reason: 'none' }), 404, 'NOT_FOUND');
  });

  it('a rejected letter keeps the enrollment on hold, in the queue', async () => {
    const id = await letterOfCreditEnrollment(api, token);
    const letter = await upload(id);
    expect(
      (await post(`/agent/credit-letters/${letter}/reject`, { reason: 'Unsigned' })).body.data.id_status,
    ).toBe(2);
    expect(await statusOf(id)).toBe('ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD');
    expect(await queued()).toContain(id);
  });
});

describe('who may work the queues', () => {
  it('refuses every queue and action to a caller outside the Agent role group (403)', async () => {
    const integration = await createAccount(api.db.kysely, api.app.voltin.keys, {
      companyId,
      apiKey: 'vlt_agent_queue_outsider',
      permissions: ['*'],
    });
    const outsider = (
      await api.call('POST', '/auth/login', { query: signLogin(integration.apiKey, integration.secret) })
    ).body.data.token;
    const { enrollmentId: held } = await enrollmentOf('Alert');
    const calls: Array<[string, string]> = [
      ['GET', '/agent/enrollments'],
      ['GET', '/agent/unverified-meters'],
      ['GET', '/agent/etf-invoices'],
      ['POST', `/agent/enrollments/${held}/release-hold`],
      ['POST', `/agent/enrollments/${held}/reject`],
      ['POST', `/agent/enrollments/${held}/retry-submission`],
      ['POST', `/agent/enrollments/${held}/meter-verified`],
      ['POST', '/agent/credit-letters/1/approve'],
      ['POST', '/agent/credit-letters/1/reject'],
      ['POST', '/agent/etf-invoices/1/send'],
      ['POST', '/agent/etf-invoices/1/waive'],
    ];
    for (const [method, path] of calls) {
      const response = await api.call(method as 'GET' | 'POST', path, {
        token: outsider,
        ...(method === 'POST' ? { body: { reason: 'not mine to decide' } } : {}),
      });
      expect(`${method} ${path} ${response.status} ${response.body.code}`).toBe(
        `${method} ${path} 403 PERMISSION_DENIED`,
      );
    }
    expect(await statusOf(held)).toBe('ON_HOLD');
  });
});
