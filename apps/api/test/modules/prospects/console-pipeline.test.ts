import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PROSPECTS } from '../../../src/db/seed/prospects.js';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { hashPassword } from '../../../src/security/passwords.js';
import { createTenant } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';
import { holdTransactions } from '../../helpers/races.js';
import { PDF, type ProspectRefs, prospectRefs, uploadFiles, validProspect } from './fixtures.js';

/**
 * Staff keep the company's affiliates and their reps, and follow and move the prospects the affiliates' sales systems
 * create, in the Operations console. Prospects are made here as an affiliate makes them: through the public API.
 */
// No background tasks: their transactions would be counted by the gate of holdTransactions.
const api = useTestApi({ backgroundTasks: false });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const as = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let marketing: StaffBrowser;
let agent: StaffBrowser;
let admin: StaffBrowser;
let auditor: StaffBrowser;
let rivalStaff: StaffBrowser;
let affiliateToken: string;
let refs: ProspectRefs;
let affiliateId: number;

async function affiliateLogin() {
  const response = await api.call('POST', '/auth/login', {
    query: signLogin(SANDBOX_PROSPECTS.affiliateApiKey, SANDBOX_PROSPECTS.affiliateApiSecret),
  });
  return response.body.data.token as string;
}

/** A prospect the sandbox affiliate's sales system creates. */
async function affiliateProspect(overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await api.call('POST', '/prospects', {
    token: affiliateToken,
    body: validProspect(refs, overrides),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.idProspect;
}

/** A staff member of another retail company, signed in to the console. */
async function anotherCompanysAdmin(): Promise<StaffBrowser> {
  const db = api.db.kysely;
  const rival = await createTenant(db, api.app.voltin.keys, 'rival-pipeline');
  await db
    .insertInto('staff_users')
    .values({
      company_id: rival.companyId,
      email: 'admin@rival-pipeline.example',
      name: 'Rival admin',
      roles: JSON.stringify(['Administrator']),
      password_hash: await hashPassword('Rival-Password-1', 4),
      created_at: new Date().toISOString(),
    })
    .execute();
  return signedIn(api.consoleUrl, 'admin@rival-pipeline.example', 'Rival-Password-1');
}

const auditOf = async (targetType: string, targetId: number) =>
  (await admin.call('GET', '/audit-log', { query: { targetType, targetId } })).body.data as Array<{
    action: string;
    summary: string;
  }>;

beforeAll(async () => {
  marketing = await as('Marketing');
  agent = await as('Operations agent');
  admin = await as('Administrator');
  auditor = await as('Read-only');
  rivalStaff = await anotherCompanysAdmin();
  affiliateToken = await affiliateLogin();
  refs = await prospectRefs(api, await api.sandboxToken());
  const affiliates = (await marketing.call('GET', '/affiliates')).body.data as Array<{
    id: number;
    name: string;
  }>;
  affiliateId = affiliates.find((a) => a.name === SANDBOX_PROSPECTS.affiliateName)!.id;
});

describe('affiliates', () => {
  it('lists the affiliates with their counts, and shows one with its reps and bound web service accounts', async () => {
    await affiliateProspect();
    const list = await auditor.call('GET', '/affiliates');
    expect(list.status).toBe(200);
    const row = list.body.data.find((a: { id: number }) => a.id === affiliateId);
    expect(row).toMatchObject({ name: SANDBOX_PROSPECTS.affiliateName, active: true });
    expect(row.prospects).toBeGreaterThan(0);
    const page = await auditor.call('GET', `/affiliates/${affiliateId}`);
    expect(page.status).toBe(200);
    expect(page.body.data.accounts).toEqual([
      expect.objectContaining({ apiKey: SANDBOX_PROSPECTS.affiliateApiKey, active: true }),
    ]);
    expect(JSON.stringify(page.body.data)).not.toContain(SANDBOX_PROSPECTS.affiliateApiSecret);
  });

  it('lets marketing staff add, rename and deactivate an affiliate, audited; a taken name is 409', async () => {
    const created = await marketing.call('POST', '/affiliates', {
      body: { name: 'Hill Country Solar Sales' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: 'Hill Country Solar Sales',
      active: true,
      repList: [],
      accounts: [],
    });
    const id = created.body.data.id as number;
    expectFailure(
      await marketing.call('POST', '/affiliates', { body: { name: 'Hill Country Solar Sales' } }),
      409,
      'AFFILIATE_NAME_TAKEN',
    );
    const renamed = await marketing.call('PATCH', `/affiliates/${id}`, {
      body: { name: 'Hill Country Sales' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.name).toBe('Hill Country Sales');
    expectFailure(
      await marketing.call('PATCH', `/affiliates/${id}`, { body: { name: SANDBOX_PROSPECTS.affiliateName } }),
      409,
      'AFFILIATE_NAME_TAKEN',
    );
    const deactivated = await marketing.call('PATCH', `/affiliates/${id}`, { body: { active: false } });
    expect(deactivated.body.data.active).toBe(false);
    // Newest first.
    expect((await auditOf('affiliate', id)).map((e) => e.summary)).toEqual([
      'affiliate Hill Country Sales deactivated',
      'affiliate Hill Country Sales changed',
      'affiliate Hill Country Solar Sales added',
    ]);
  });

  it('keeps reps with a reference unique in the affiliate, which names a prospect’s rep', async () => {
    const rep = await marketing.call('POST', `/affiliates/${affiliateId}/reps`, {
      body: {
        reference: 'rep-dallas-7',
        name: 'Jorge Lopez',
        email: 'jorge@lonestar.example',
        phone: '214-555-0107',
      },
    });
    expect(rep.status, JSON.stringify(rep.body)).toBe(200);
    expect(rep.body.data).toMatchObject({ reference: 'rep-dallas-7', name: 'Jorge Lopez', active: true });
    expectFailure(
      await marketing.call('POST', `/affiliates/${affiliateId}/reps`, {
        body: { reference: 'rep-dallas-7', name: 'Someone else' },
      }),
      409,
      'AFFILIATE_REP_REFERENCE_TAKEN',
    );
    expectFailure(
      await marketing.call('POST', `/affiliates/${affiliateId}/reps`, {
        body: { reference: 'x', name: 'Bad', email: 'no' },
      }),
      400,
      'VALIDATION_FAILED',
    );
    const changed = await marketing.call('PATCH', `/affiliates/${affiliateId}/reps/${rep.body.data.id}`, {
      body: { phone: '214-555-0199', active: false },
    });
    expect(changed.body.data).toMatchObject({ phone: '214-555-0199', active: false });
    const prospectId = await affiliateProspect({ repReferenceId: 'rep-dallas-7' });
    expect((await auditor.call('GET', `/prospects/${prospectId}`)).body.data.rep).toEqual({
      id: rep.body.data.id,
      name: 'Jorge Lopez',
    });
    expect((await auditOf('affiliate', affiliateId)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['affiliate-rep.create', 'affiliate-rep.update']),
    );
  });

  it('refuses changes to staff without marketing.write (403) and answers 404 for an unknown affiliate or rep', async () => {
    expectFailure(
      await agent.call('POST', '/affiliates', { body: { name: 'Nope' } }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(
      await auditor.call('PATCH', `/affiliates/${affiliateId}`, { body: { active: false } }),
      403,
      'PERMISSION_DENIED',
    );
    expectFailure(await marketing.call('GET', '/affiliates/999999'), 404, 'NOT_FOUND');
    expectFailure(
      await marketing.call('PATCH', `/affiliates/${affiliateId}/reps/999999`, { body: { active: false } }),
      404,
      'NOT_FOUND',
    );
  });

  it('hides them from another company’s staff (404)', async () => {
    expect((await rivalStaff.call('GET', '/affiliates')).body.data).toEqual([]);
    expectFailure(await rivalStaff.call('GET', `/affiliates/${affiliateId}`), 404, 'NOT_FOUND');
    expectFailure(
      await rivalStaff.call('PATCH', `/affiliates/${affiliateId}`, { body: { active: false } }),
      404,
      'NOT_FOUND',
    );
    expectFailure(
      await rivalStaff.call('POST', `/affiliates/${affiliateId}/reps`, {
        body: { reference: 'r', name: 'R' },
      }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('the prospect pipeline', () => {
  it('shows the board by sales status, each card with its signing status, and the table filtered', async () => {
    const id = await affiliateProspect({
      customer: { ...validProspect(refs).customer, firstName: 'Board', lastName: 'Tester' },
      status: 'Quote_Sent',
    });
    const board = await auditor.call('GET', '/prospects/board');
    expect(board.status).toBe(200);
    expect(board.body.data.map((c: { status: string }) => c.status)).toEqual([
      'New',
      'Contacted',
      'Quote_Sent',
      'Quote_Expired',
      'Contract_Sent',
      'Contract_Expired',
      'Contract_Signed',
      'Contract_Approved',
      'Canceled',
    ]);
    const quoted = board.body.data.find((c: { status: string }) => c.status === 'Quote_Sent');
    expect(quoted.cards[0]).toMatchObject({
      id,
      customerName: 'Board Tester',
      affiliate: { id: affiliateId, name: SANDBOX_PROSPECTS.affiliateName },
      signingStatus: null,
      utilityCode: 'ONCOR',
    });
    const found = await auditor.call('GET', '/prospects', {
      query: { q: 'board tes', status: 'Quote_Sent' },
    });
    expect(found.body.data.map((p: { id: number }) => p.id)).toEqual([id]);
    expect(found.body.totalRecords).toBe(1);
    const none = await auditor.call('GET', '/prospects', { query: { q: 'board', status: 'New' } });
    expect(none.body.data).toEqual([]);
    const byAffiliate = await auditor.call('GET', '/prospects', { query: { affiliateId, pageSize: 100 } });
    expect(
      byAffiliate.body.data.every((p: { affiliate: { id: number } }) => p.affiliate.id === affiliateId),
    ).toBe(true);
  });

  it('shows one prospect with its quote, documents (opened from the console), envelopes and history', async () => {
    const id = await affiliateProspect();
    const upload = await uploadFiles(api, `/prospects/${id}/upload-document`, affiliateToken, [
      { name: 'bill.pdf', bytes: PDF, type: 'application/pdf' },
    ]);
    expect(upload.status).toBe(200);
    await api.call('POST', `/prospects/${id}/update-status`, {
      token: affiliateToken,
      body: { newStatus: 'Contacted' },
    });
    const page = await auditor.call('GET', `/prospects/${id}`);
    expect(page.status).toBe(200);
    const { prospect, envelopes, history, allowedMoves } = page.body.data;
    expect(prospect).toMatchObject({ idProspect: id, status: 'Contacted', term: 12, zone: 'NORTH' });
    expect(prospect.documents).toEqual([expect.objectContaining({ fileName: 'bill.pdf' })]);
    expect(envelopes).toEqual([]);
    expect(history).toEqual([
      expect.objectContaining({ from: 'New', to: 'Contacted', trigger: 'update-status' }),
    ]);
    expect(allowedMoves).toEqual(['Quote_Sent', 'Canceled']);
    const file = await auditor.call('GET', `/prospects/${id}/documents/${prospect.documents[0].idDocument}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expectFailure(await auditor.call('GET', `/prospects/${id}/documents/999999`), 404, 'NOT_FOUND');
  });

  it('moves a prospect through the update-status transitions, audited, and sends the contract on Contract_Sent', async () => {
    const id = await affiliateProspect({ status: 'Quote_Sent' });
    const moved = await agent.call('POST', `/prospects/${id}/status`, {
      body: { newStatus: 'Contract_Sent', expectedStatus: 'Quote_Sent' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toEqual({
      idProspect: id,
      previousStatus: 'Quote_Sent',
      newStatus: 'Contract_Sent',
    });
    const page = (await agent.call('GET', `/prospects/${id}`)).body.data;
    expect(page.prospect.signingStatus).toBe('Unsigned');
    expect(page.envelopes).toHaveLength(1);
    expect(page.envelopes[0].events.length).toBeGreaterThanOrEqual(0);
    expect(page.history.at(-1)).toMatchObject({
      from: 'Quote_Sent',
      to: 'Contract_Sent',
      trigger: 'console',
      actor: staff('Operations agent').email,
    });
    expect((await auditOf('prospect', id)).map((e) => e.summary)).toEqual([
      `prospect ${id} moved from Quote_Sent to Contract_Sent`,
    ]);
  });

  it('refuses a move the table does not allow (409), a stale expected status (409), and roles without enrollments.act (403)', async () => {
    const id = await affiliateProspect();
    expectFailure(
      await agent.call('POST', `/prospects/${id}/status`, { body: { newStatus: 'Contract_Signed' } }),
      409,
      'PROSPECT_STATUS_TRANSITION_REFUSED',
    );
    expectFailure(
      await agent.call('POST', `/prospects/${id}/status`, {
        body: { newStatus: 'Canceled', expectedStatus: 'Contacted' },
      }),
      409,
      'PROSPECT_STATUS_TRANSITION_REFUSED',
    );
    expectFailure(
      await marketing.call('POST', `/prospects/${id}/status`, { body: { newStatus: 'Contacted' } }),
      403,
      'PERMISSION_DENIED',
    );
    const byAdmin = await admin.call('POST', `/prospects/${id}/status`, { body: { newStatus: 'Contacted' } });
    expect(byAdmin.status).toBe(200);
  });

  it('hides another company’s prospects from its staff (404)', async () => {
    const id = await affiliateProspect();
    expectFailure(await rivalStaff.call('GET', `/prospects/${id}`), 404, 'NOT_FOUND');
    expectFailure(
      await rivalStaff.call('POST', `/prospects/${id}/status`, { body: { newStatus: 'Contacted' } }),
      404,
      'NOT_FOUND',
    );
    expect((await rivalStaff.call('GET', '/prospects')).body.totalRecords).toBe(0);
    expect(
      (await rivalStaff.call('GET', '/prospects/board')).body.data.every(
        (c: { total: number }) => c.total === 0,
      ),
    ).toBe(true);
  });

  it('gives one of two staff moving the same prospect at once the move, and the other 409', async () => {
    const id = await affiliateProspect();
    const gate = holdTransactions(api, 2);
    const requests = [
      agent.call('POST', `/prospects/${id}/status`, { body: { newStatus: 'Contacted' } }),
      admin.call('POST', `/prospects/${id}/status`, { body: { newStatus: 'Canceled' } }),
    ];
    await gate.held(requests);
    await gate.release();
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('PROSPECT_STATUS_TRANSITION_REFUSED');
    const history = (await agent.call('GET', `/prospects/${id}`)).body.data.history;
    expect(history).toHaveLength(1);
  });
});
