import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';
import { holdTransactions } from '../../helpers/races.js';
import { type ProspectRefs, prospectRefs, validProspect } from './fixtures.js';

/**
 * Pricing staff upload the prospect pricing matrix from the console: the file is checked whole, kept pending with its
 * differences from the matrix in force, then put in force or discarded; a past matrix can be restored.
 */
// No background tasks: their transactions would be counted by the race's gate.
const api = useTestApi({ backgroundTasks: false });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let pricing: StaffBrowser;
let refs: ProspectRefs;

const SEEDED = readFileSync(new URL('../../../src/db/seed/data/pricing-matrix.csv', import.meta.url), 'utf8');
const HEADER = SEEDED.split('\n')[0]!;
/** The price a prospect for ONCOR NORTH RES-FIXED, 12 months from January 2027 gets. */
const PROSPECT_LINE = 'ONCOR,NORTH,RES-FIXED,12,ALL,2027-01,';

/** The seeded matrix of a new price file date, with `edit` applied to its lines. */
function matrixFile(edit: (lines: string[]) => string[] = (lines) => lines) {
  const lines = SEEDED.trim()
    .split('\n')
    .slice(1)
    .map((line) => line.replace(/2026-11-20$/, '2026-12-01'));
  return [HEADER, ...edit(lines)].join('\n');
}

const repriced = (lines: string[], start: string, price: string) =>
  lines.map((line) => (line.startsWith(start) ? `${start}${price},2026-12-01` : line));

const formOf = (name: string, bytes: string | Buffer, type = 'text/csv') => {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return form;
};

const upload = (name: string, bytes: string | Buffer, who = pricing) =>
  who.call('POST', '/pricing-matrices', { form: formOf(name, bytes) });

const inForce = async () => {
  const list = (await pricing.call('GET', '/pricing-matrices')).body.data as Array<{
    id: number;
    status: string;
  }>;
  return list.find((entry) => entry.status === 'active')!;
};

const prospectRate = async () => {
  const response = await api.call('POST', '/prospects', {
    token: await api.sandboxToken(),
    body: validProspect(refs, { priceFileDate: '2026-12-01' }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.rate as number;
};

beforeAll(async () => {
  pricing = await signIn('Pricing');
  refs = await prospectRefs(api, await api.sandboxToken());
});

describe('uploading a pricing matrix', () => {
  it('keeps a good file pending with its differences, and changes nothing in force', async () => {
    const before = await inForce();
    const rateBefore = await prospectRate();
    const file = matrixFile((lines) => [
      ...repriced(lines, PROSPECT_LINE, '0.09500').filter(
        (line) => !line.startsWith('CNP,HOUSTON,RES-FIXED,6,'),
      ),
      'ONCOR,NORTH,RES-FIXED,18,ALL,2027-01,0.08000,2026-12-01',
    ]);
    const response = await upload('december.csv', file);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const differences = response.body.data;
    expect(differences.import).toMatchObject({
      fileName: 'december.csv',
      status: 'pending',
      priceFileDate: '2026-12-01',
      uploadedBy: staff('Pricing').email,
    });
    expect(differences.inForce.id).toBe(before.id);
    expect(differences.counts).toEqual({ added: 1, removed: 12, changed: 1, unchanged: 5 * 4 * 4 * 12 - 13 });
    expect(differences.changed).toEqual([
      expect.objectContaining({
        utilityCode: 'ONCOR',
        termMonths: 12,
        startMonth: '2027-01',
        before: 0.09025,
        price: 0.095,
        change: expect.closeTo(0.00475, 8),
        changePercent: 5.26,
      }),
    ]);
    expect(differences.largestIncreasePercent).toBe(5.26);
    expect(differences.added).toEqual([expect.objectContaining({ termMonths: 18, price: 0.08 })]);
    expect(differences.removed).toHaveLength(12);
    expect(await prospectRate()).toBe(rateBefore);
    expect((await inForce()).id).toBe(before.id);
  });

  it('rejects a file with a bad line whole, naming each line, and keeps nothing', async () => {
    const countBefore = (await pricing.call('GET', '/pricing-matrices')).body.data.length;
    const file = matrixFile((lines) => [
      ...lines.slice(0, 3),
      'ONCOR,NORTH,RES-FIXED,12,ALL,2027-01,abc,2026-12-01',
    ]);
    const response = await upload('bad.csv', file);
    expectFailure(response, 400, 'PRICING_MATRIX_INVALID');
    expect(response.body.errors).toEqual([
      'line 5: price "abc" must be a number above 0 and below 10 with at most six decimals',
    ]);
    expect((await pricing.call('GET', '/pricing-matrices')).body.data).toHaveLength(countBefore);
  });

  it('reads an Excel workbook, its dates and numbers as the CSV would hold them, errors by sheet row', async () => {
    const row = (month: Date | string, price: number | string) => [
      'ONCOR',
      'NORTH',
      'RES-FIXED',
      12,
      'ALL',
      month,
      price,
      '2026-12-01',
    ];
    const sheet = (rows: unknown[][]) =>
      writeExcelFile([HEADER.split(','), ...rows] as never, { dateFormat: 'yyyy-mm' }).toBuffer();
    const bad = await sheet([row(new Date('2027-01-01T00:00:00Z'), 0.0911), row('2027-02', 12)]);
    const refused = await pricing.call('POST', '/pricing-matrices', {
      form: formOf('matrix.xlsx', bad, 'application/octet-stream'),
    });
    expectFailure(refused, 400, 'PRICING_MATRIX_INVALID');
    expect(refused.body.errors).toEqual([
      'line 3: price "12" must be a number above 0 and below 10 with at most six decimals',
    ]);

    const good = await sheet([row(new Date('2027-01-01T00:00:00Z'), 0.0911), row('2027-02', 0.092345)]);
    const kept = await pricing.call('POST', '/pricing-matrices', { form: formOf('matrix.xlsx', good) });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.import.rows).toBe(2);
    const prices = await pricing.call('GET', `/pricing-matrices/${kept.body.data.import.id}/prices`);
    expect(prices.body.data).toEqual([
      expect.objectContaining({ startMonth: '2027-01', price: 0.0911 }),
      expect.objectContaining({ startMonth: '2027-02', price: 0.092345 }),
    ]);
  });

  it('is for pricing staff and administrators; other staff read', async () => {
    const support = await signIn('Customer support');
    expect((await upload('support.csv', matrixFile(), support)).status).toBe(403);
    expect((await support.call('GET', '/pricing-matrices')).status).toBe(200);
  });
});

describe('deciding on an upload', () => {
  it('puts it in force: prospects are priced from it at once, the matrix it replaces becomes history', async () => {
    const before = await inForce();
    const { body } = await upload(
      'january.csv',
      matrixFile((lines) => repriced(lines, PROSPECT_LINE, '0.08800')),
    );
    const id = body.data.import.id;
    const activated = await pricing.call('POST', `/pricing-matrices/${id}/activation`, {
      body: { inForceId: before.id },
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(activated.body.data).toMatchObject({ id, status: 'active', decidedBy: staff('Pricing').email });
    expect(await prospectRate()).toBe(0.088);
    const history = (await pricing.call('GET', '/pricing-matrices')).body.data;
    expect(history.find((entry: { id: number }) => entry.id === before.id)).toMatchObject({
      status: 'replaced',
      restorable: true,
    });
    const audit = await (await signIn('Administrator')).call('GET', '/audit-log', {
      query: { action: 'pricing-matrix.activate' },
    });
    expect(audit.body.data[0].summary).toContain(
      `january.csv (960 prices of 2026-12-01) put in force in place of import ${before.id}`,
    );
  });

  it('refuses when another matrix was put in force since the differences were read', async () => {
    const before = await inForce();
    const first = (await upload('a.csv', matrixFile())).body.data;
    const second = (await upload('b.csv', matrixFile())).body.data;
    expect(first.inForce.id).toBe(before.id);
    await pricing.call('POST', `/pricing-matrices/${first.import.id}/activation`, {
      body: { inForceId: before.id },
    });
    expectFailure(
      await pricing.call('POST', `/pricing-matrices/${second.import.id}/activation`, {
        body: { inForceId: before.id },
      }),
      409,
      'PRICING_MATRIX_CHANGED',
    );
    expect((await inForce()).id).toBe(first.import.id);
  });

  it('discards a pending upload, which can then neither be put in force nor discarded again', async () => {
    const pending = (await upload('typo.csv', matrixFile())).body.data.import;
    const discarded = await pricing.call('POST', `/pricing-matrices/${pending.id}/discard`);
    expect(discarded.body.data).toMatchObject({ status: 'discarded', restorable: false });
    const current = await inForce();
    expectFailure(
      await pricing.call('POST', `/pricing-matrices/${pending.id}/activation`, {
        body: { inForceId: current.id },
      }),
      409,
      'PRICING_MATRIX_NOT_ACTIVATABLE',
    );
    expectFailure(
      await pricing.call('POST', `/pricing-matrices/${pending.id}/discard`),
      409,
      'PRICING_MATRIX_NOT_ACTIVATABLE',
    );
    expectFailure(
      await pricing.call('POST', '/pricing-matrices/999999/discard'),
      404,
      'PRICING_MATRIX_NOT_FOUND',
    );
  });

  it('restores a past matrix, its prices as they were', async () => {
    const current = await inForce();
    const history = (await pricing.call('GET', '/pricing-matrices')).body.data as Array<{
      id: number;
      fileName: string;
      restorable: boolean;
    }>;
    const january = history.find((entry) => entry.fileName === 'january.csv')!;
    expect(january.restorable).toBe(true);
    const restored = await pricing.call('POST', `/pricing-matrices/${january.id}/activation`, {
      body: { inForceId: current.id },
    });
    expect(restored.body.data.status).toBe('active');
    expect(await prospectRate()).toBe(0.088);
    const audit = await (await signIn('Administrator')).call('GET', '/audit-log', {
      query: { action: 'pricing-matrix.restore' },
    });
    expect(audit.body.data[0].summary).toContain('january.csv (960 prices of 2026-12-01) restored');
  });

  it('lists the prices of a matrix page by page, searched by code', async () => {
    const { id } = await inForce();
    const page = await pricing.call('GET', `/pricing-matrices/${id}/prices`, {
      query: { search: 'cnp', pageSize: 5, pageNumber: 2 },
    });
    expect(page.body).toMatchObject({ pageNumber: 2, pageSize: 5, totalRecords: 4 * 4 * 12 });
    expect(page.body.data.map((price: { utilityCode: string }) => price.utilityCode)).toEqual(
      Array(5).fill('CNP'),
    );
  });
});

describe('activations at the same moment', () => {
  it('put exactly one matrix in force; the others are told the matrix changed', async () => {
    const current = await inForce();
    const uploads = [];
    for (let n = 0; n < 6; n += 1)
      uploads.push((await upload(`race-${n}.csv`, matrixFile())).body.data.import.id);
    const gate = holdTransactions(api, uploads.length);
    const requests = uploads.map((id) =>
      pricing.call('POST', `/pricing-matrices/${id}/activation`, { body: { inForceId: current.id } }),
    );
    await gate.held(requests);
    await gate.release();
    const answers = await Promise.all(requests);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const active = (await pricing.call('GET', '/pricing-matrices')).body.data.filter(
      (entry: { status: string }) => entry.status === 'active',
    );
    expect(active).toHaveLength(1);
  });
});
