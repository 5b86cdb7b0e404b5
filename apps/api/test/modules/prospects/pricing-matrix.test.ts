import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { openDatabase } from '../../../src/db/client.js';
import type { Database } from '../../../src/db/schema.js';
import { sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, testConfig, useTestApi } from '../../helpers/app.js';
import { type ProspectRefs, prospectRefs, uploadFiles, validProspect } from './fixtures.js';

const api = useTestApi();
let token: string;
let refs: ProspectRefs;

const HEADER = 'utility_code,zone,rate_code,term_months,usage_tier,start_month,price,price_file_date';
const GOOD = [
  HEADER,
  'ONCOR,NORTH,RES-FIXED,12,ALL,2027-01,0.11111,2026-12-01',
  'ONCOR,NORTH,RES-FIXED,24,ALL,2027-01,0.10999,2026-12-01',
  '"CNP","HOUSTON","SMB-FIXED","12","0-100","2027-02","0.102","2026-12-01"',
  '',
].join('\r\n');

const importCsv = (csv: string, name = 'matrix.csv') =>
  uploadFiles(api, '/prospects/pricing-matrix/import', token, [{ name, bytes: csv, type: 'text/csv' }]);

/** The prices of the company's matrix in force, in the order they were loaded. */
const pricesInForce = (db: Kysely<Database>, companyId?: number) =>
  db
    .selectFrom('pricing_matrix_import_prices as p')
    .innerJoin('pricing_matrix_imports as i', 'i.id', 'p.import_id')
    .select('p.price_micros')
    .where('i.status', '=', 'active')
    .$if(companyId !== undefined, (q) => q.where('i.company_id', '=', companyId!))
    .orderBy('p.id')
    .execute();

const priceCount = async () =>
  (await pricesInForce(api.db.kysely, await sandboxCompanyId(api.db.kysely))).length;

beforeAll(async () => {
  token = await api.sandboxToken();
  refs = await prospectRefs(api, token);
});

describe('the seeded matrix', () => {
  it('holds the Texas prices of data/pricing-matrix.csv: 5 utility zones, 4 products, 4 terms, 12 months', async () => {
    expect(await priceCount()).toBe(5 * 4 * 4 * 12);
  });
});

describe('POST /prospects/pricing-matrix/import', () => {
  it('rejects a malformed file as a whole, with line-numbered errors, and loads none of it', async () => {
    const before = await priceCount();
    const bad = [
      HEADER,
      'ONCOR,NORTH,RES-FIXED,12,ALL,2027-01,0.11111,2026-12-01',
      'ONCOR,NORTH,RES-FIXED,40,ALL,2027-01,0.11111,2026-12-01',
      'XCEL,NORTH,RES-FIXED,12,ALL,2027-01,0.11111,2026-12-01',
      'ONCOR,NORTH,RES-FIXED,12,ALL,2027-13,-0.5,2026-12-01',
      'ONCOR,NORTH,RES-FIXED,12,ALL,2027-01,0.11111,2026-12-01',
      'ONCOR,NORTH,RES-FIXED,6,ALL,2027-01,0.11111',
      'ONCOR,NORTH,RES-FIXED,6,ALL,2027-01,0.11111,2026-12-02',
    ].join('\n');
    const failure = expectFailure(await importCsv(bad), 400, 'PRICING_MATRIX_INVALID');
    expect(failure.errors).toEqual([
      'line 3: term_months "40" must be a whole number from 1 to 36',
      'line 4: utility_code "XCEL" is not one of the company\'s utilities',
      'line 5: start_month "2027-13" must be YYYY-MM',
      'line 5: price "-0.5" must be a number above 0 and below 10 with at most six decimals',
      'line 6: repeats the price of line 2',
      'line 7: expected 8 fields, found 7',
      'line 8: price_file_date 2026-12-02 differs from 2026-12-01 on the first line',
    ]);
    expect(failure.message).toBe('The pricing matrix file was rejected (7 problems); nothing was loaded.');
    expect(await priceCount()).toBe(before);
    // The seeded matrix still prices prospects.
    expect((await api.call('POST', '/prospects', { token, body: validProspect(refs) })).status).toBe(200);
  });

  it('reads the file as CSV: quoted commas, "" and line breaks, a BOM and CRLF; each problem on its line', async () => {
    const csv = [
      `\uFEFF${HEADER}`,
      'ONCOR,"NORTH\nCENTRAL",RES-FIXED,12,ALL,2027-01,0.11111,2026-12-01', // lines 2 and 3
      'ONCOR,NORTH,"RES ""FIXED""",12,ALL,2027-01,0.11111,2026-12-01', // 4
      'ONCOR,NORTH,RES-FIXED,12,"ALL, 0-100",2027-01,0.11111,2026-12-01', // 5: eight fields
      'ONCOR,NORTH,RES-FIXED,12,ALL,2027-01,0.11111,20"26-12-01', // 6
      'ONCOR,NORTH,RES-FIXED,12,ALL,2027-01,"0.11111",2026-12-01', // 7: good
      'ONCOR,NORTH,RES-FIXED,24,ALL,2027-01,0.11111', // 8
    ].join('\r\n');
    const failure = expectFailure(await importCsv(csv), 400, 'PRICING_MATRIX_INVALID');
    expect(failure.errors).toEqual([
      'line 2: zone must be 1 to 50 letters, digits, spaces or _ . + -',
      'line 4: rate_code must be 1 to 50 letters, digits, spaces or _ . + -',
      'line 5: usage_tier must be 1 to 50 letters, digits, spaces or _ . + -',
      'line 6: field 8: a quote in a field that does not start with one (quote the whole field, doubling its quotes)',
      'line 8: expected 8 fields, found 7',
    ]);
  });

  it('refuses a file with the wrong header, or without prices', async () => {
    let failure = expectFailure(
      await importCsv('utility,zone,price\nONCOR,NORTH,0.1\n'),
      400,
      'PRICING_MATRIX_INVALID',
    );
    expect(failure.errors).toEqual([`line 1: the header must be ${HEADER}`]);
    failure = expectFailure(await importCsv(`${HEADER}\n\n`), 400, 'PRICING_MATRIX_INVALID');
    expect(failure.errors).toEqual(['line 2: the file has no price lines']);
  });

  it('refuses a file that is not text, and two files', async () => {
    expectFailure(
      await uploadFiles(api, '/prospects/pricing-matrix/import', token, [
        { name: 'matrix.xlsx', bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0xff]) },
      ]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectFailure(
      await uploadFiles(api, '/prospects/pricing-matrix/import', token, [
        { name: 'a.csv', bytes: GOOD },
        { name: 'b.csv', bytes: GOOD },
      ]),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('replaces the whole matrix with a good file; new prospects are priced from it', async () => {
    const response = await importCsv(GOOD, 'bluebonnet-2026-12-01.csv');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      idImport: expect.any(Number),
      fileName: 'bluebonnet-2026-12-01.csv',
      rows: 3,
      priceFileDate: '2026-12-01',
      utilities: ['CNP', 'ONCOR'],
      importedAt: expect.any(String),
    });
    expect(await priceCount()).toBe(3);
    const prospect = await api.call('POST', '/prospects', {
      token,
      body: validProspect(refs, { priceFileDate: '2026-12-01' }),
    });
    expect(prospect.body.data.rate).toBe(0.11111);
    expectFailure(
      await api.call('POST', '/prospects', { token, body: validProspect(refs, { term: 6 }) }),
      422,
      'PRICE_NOT_FOUND',
    );
  });
});

describe('the import:pricing-matrix CLI', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'voltin-matrix-'));
  const database = path.join(dir, 'voltin.sqlite');
  const apiRoot = fileURLToPath(new URL('../../../', import.meta.url));
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/import-pricing-matrix.ts', ...args], {
      cwd: apiRoot,
      env: { ...process.env, DATABASE_URL: `sqlite:${database}`, LOG_LEVEL: 'silent' },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  beforeAll(async () => {
    // A sandbox database on disk, as `npm start` leaves it.
    const app = await buildApp(testConfig({ databaseUrl: `sqlite:${database}`, passwordHashCost: 10 }), {
      logger: false,
    });
    await app.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports a good file for a company and reports what it loaded', async () => {
    const file = path.join(dir, 'good.csv');
    writeFileSync(file, GOOD);
    const result = await run('bluebonnet-energy', file);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(
      'Imported 3 prices (price file 2026-12-01; CNP, ONCOR) for Bluebonnet Energy',
    );
    const db = openDatabase(`sqlite:${database}`);
    try {
      const rows = await pricesInForce(db.kysely);
      expect(rows.map((r) => r.price_micros)).toEqual([111_110, 109_990, 102_000]);
    } finally {
      await db.close();
    }
  });

  it('rejects a malformed file with exit code 1, line by line, loading nothing', async () => {
    const file = path.join(dir, 'bad.csv');
    writeFileSync(file, `${HEADER}\nONCOR,NORTH,RES-FIXED,12,ALL,2027-01,abc,2026-12-01\n`);
    const result = await run('bluebonnet-energy', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'line 2: price "abc" must be a number above 0 and below 10 with at most six decimals',
    );
    const db = openDatabase(`sqlite:${database}`);
    try {
      expect(await pricesInForce(db.kysely)).toHaveLength(3);
    } finally {
      await db.close();
    }
    expect((await run('no-such-company', file)).stderr).toContain(
      'No retail company has the slug "no-such-company".',
    );
  });
});
