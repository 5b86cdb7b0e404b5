import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import {
  activateEnrollment,
  creditCheck,
  dayOn,
  enrollmentBody,
  freshEsiid,
  letterOfCreditEnrollment,
  pendingEnrollment,
  planId,
  requiredOptions,
  ssnEnding,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { signedIn } from '../../helpers/console.js';

/** What agents review in the console besides holds: letters of credit, unverified meters, ETF invoices of drops. */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
const agentStaff = SANDBOX_STAFF.find((member) => member.role === 'Operations agent')!;
let plan: number;
let options: number[];
const agent = () => signedIn(api.consoleUrl, agentStaff.email, agentStaff.password);
const auditor = SANDBOX_STAFF.find((member) => member.role === 'Read-only')!;
const ids = (page: { data: { id: number }[] }) => page.data.map((item) => item.id);

beforeAll(async () => {
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, await api.sandboxToken(), plan);
});

async function uploadLetter(enrollmentId: number, content: string) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(content)], { type: 'application/pdf' }), 'letter.pdf');
  const response = await fetch(`${api.baseUrl}/api/v1/enrollments/${enrollmentId}/upload-credit-letter`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await api.sandboxToken()}` },
    body: form,
  });
  return ((await response.json()) as { data: { id_customer_credit_letters: number } }).data
    .id_customer_credit_letters;
}

describe('letters of credit in the console', () => {
  it('lists them oldest first, shows the uploaded file, and approves one once', async () => {
    const browser = await agent();
    const enrollment = await letterOfCreditEnrollment(api, await api.sandboxToken());
    const letter = await uploadLetter(enrollment, '%PDF-1.4\n% the bank letter\n');
    const queue = (await browser.call('GET', '/queues/credit-letters', { query: { pageSize: 100 } })).body;
    const item = queue.data.find((row: { id: number }) => row.id === letter);
    expect(item).toMatchObject({
      enrollmentId: enrollment,
      customerName: 'Elm Bakery',
      fileName: 'letter.pdf',
    });

    const file = await fetch(new URL(`/ops/api/v1/credit-letters/${letter}/file`, api.consoleUrl), {
      headers: { cookie: `voltin_console_session=${browser.cookie()}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('inline; filename="letter.pdf"');
    expect(await file.text()).toContain('the bank letter');

    const approved = await browser.call('POST', `/credit-letters/${letter}/approve`, {
      body: { reason: 'Bank confirmed' },
    });
    expect(approved.body.data).toEqual({ id: letter, enrollmentId: enrollment, approved: true });
    expectFailure(
      await browser.call('POST', `/credit-letters/${letter}/reject`, { body: { reason: 'Too late' } }),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );
    const after = (await browser.call('GET', '/queues/credit-letters', { query: { pageSize: 100 } })).body;
    expect(after.succeeded, JSON.stringify(after)).toBe(true);
    expect(ids(after)).not.toContain(letter);
  });
});

describe('unverified meters in the console', () => {
  it('lists enrollments on an ESIID the data did not know; recording the check takes one out, once', async () => {
    const browser = await agent();
    const check = await creditCheck(api, await api.sandboxToken(), {
      socialSecurityNumber: ssnEnding('720'),
      planId: plan,
    });
    const created = await api.call('POST', '/enrollments/create', {
      token: await api.sandboxToken(),
      body: enrollmentBody(plan, options, {
        serviceAddress: { ldcAccount: freshEsiid() },
        payment: { creditCheckId: check.id_credit_check },
      }),
    });
    const id = created.body.data.enrollmentId as number;
    expect(
      ids((await browser.call('GET', '/queues/unverified-meters', { query: { pageSize: 100 } })).body),
    ).toContain(id);
    const verified = await browser.call('POST', `/enrollments/${id}/meter-verified`, {
      body: { reason: 'Oncor confirmed the meter by phone' },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(
      ids((await browser.call('GET', '/queues/unverified-meters', { query: { pageSize: 100 } })).body),
    ).not.toContain(id);
    expectFailure(
      await browser.call('POST', `/enrollments/${id}/meter-verified`, { body: { reason: 'Again' } }),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );
  });
});

describe('ETF invoices of drops in the console', () => {
  it('sends one to be billed and waives another, each once, with the staff member recorded', async () => {
    const invoices: number[] = [];
    for (let i = 0; i < 2; i++) {
      const id = await pendingEnrollment(api, await api.sandboxToken(), { plan, options });
      await activateEnrollment(api, clock, id);
      const drop = await api.call('POST', `/enrollments/${id}/drop`, {
        token: await api.sandboxToken(),
        body: { effectiveDate: dayOn(clock), reasonCodeId: 1 },
      });
      invoices.push(drop.body.data.etf_invoice.id_etf_invoice);
    }
    const browser = await agent();
    const queued = (
      await browser.call('GET', '/queues/etf-invoices', { query: { status: 'queued', pageSize: 100 } })
    ).body;
    expect(queued.data.map((i: { id_etf_invoice: number }) => i.id_etf_invoice)).toEqual(
      expect.arrayContaining(invoices),
    );
    const sent = await browser.call('POST', `/etf-invoices/${invoices[0]}/send`);
    expect(sent.body.data).toMatchObject({ status: 'sent', resolved_by: 'staff:agent@bluebonnet.example' });
    expectFailure(await browser.call('POST', `/etf-invoices/${invoices[1]}/waive`), 400, 'VALIDATION_FAILED');
    const waived = await browser.call('POST', `/etf-invoices/${invoices[1]}/waive`, {
      body: { reason: 'Customer moved abroad' },
    });
    expect(waived.body.data).toMatchObject({ status: 'waived', resolution_note: 'Customer moved abroad' });
    const reader = await signedIn(api.consoleUrl, auditor.email, auditor.password);
    const [entry] = (
      await reader.call('GET', '/audit-log', { query: { targetType: 'etf_invoice', targetId: invoices[1]! } })
    ).body.data;
    expect(entry).toMatchObject({ action: 'etf-invoice.waive', after: { reason: 'Customer moved abroad' } });
    expectFailure(
      await browser.call('POST', `/etf-invoices/${invoices[0]}/waive`, { body: { reason: 'Too late now' } }),
      409,
      'ENROLLMENT_STATUS_CONFLICT',
    );
    const overview = (await browser.call('GET', '/queues')).body.data as { queue: string; count: number }[];
    expect(overview.find((q) => q.queue === 'etf-invoices')?.count).toBe(0);
  });
});
