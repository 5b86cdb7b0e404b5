import { execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openTestDatabase, SANDBOX, testConfig } from '../helpers/app.js';

const apiRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

const HEADER =
  'ESIID,ADDRESS,ADDRESS_OVERFLOW,CITY,STATE,ZIPCODE,DUNS,METER_READ_CYCLE,STATUS,PREMISE_TYPE,POWER_REGION,' +
  'STATIONCODE,STATIONNAME,METERED,TDSP_AMS_INDICATOR';
const ONCOR_DUNS = '1039940674000';
const oncorEsiid = (n: number) => `10443720${String(n).padStart(9, '0')}`;
const oncorLine = (n: number) =>
  `${oncorEsiid(n)},${100 + (n % 9000)} Cedar Ave,,DALLAS,TX,75201-1234,${ONCOR_DUNS},${n % 20},Active,Residential,ERCOT,DAL,DALLAS,Y,AMSR`;

let dir: string;
let databaseUrl: string;
let premisesLoaded: (esiids: string[]) => Promise<string[]>;
let close: () => Promise<void>;

/**
 * The command's database: the test's own (a SQLite file, or a PostgreSQL schema the command reaches through the
 * URL's search_path), seeded with the sandbox company as a first server start does.
 */
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voltin-esiids-'));
  const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
  const sqliteUrl = `sqlite:${path.join(dir, 'voltin.sqlite')}`;
  const database = onPostgres ? await openTestDatabase() : null;
  const app = await buildApp(testConfig({ databaseUrl: database?.url ?? sqliteUrl }), {
    logger: false,
    ...(database ? { db: database.db } : {}),
  });
  if (database) {
    const schema = (
      await app.voltin.db.kysely
        .selectNoFrom((eb) => eb.fn<string>('current_schema').as('s'))
        .executeTakeFirst()
    )?.s;
    const url = new URL(database.url);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  } else databaseUrl = sqliteUrl;
  premisesLoaded = async (esiids) =>
    (
      await app.voltin.db.kysely
        .selectFrom('premises')
        .select('esiid')
        .where('esiid', 'in', esiids)
        .orderBy('esiid')
        .execute()
    ).map((r) => r.esiid);
  close = async () => {
    await app.close();
    await database?.drop();
  };
});

afterAll(async () => {
  await close?.();
  rmSync(dir, { recursive: true, force: true });
});

/** The operator's command, as its own process: `npm run import:esiids -w @voltin/api -- <slug> <file>` runs this. */
function importEsiids(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/cli/import-esiids.ts', ...args], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, INIT_CWD: dir },
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

function writeExtract(name: string, lines: string[]) {
  writeFileSync(path.join(dir, name), `${[HEADER, ...lines].join('\n')}\n`);
  return name;
}

describe('npm run import:esiids', () => {
  it('loads an extract, printing its counts every 100,000 rows and at the end; exit code 0', async () => {
    const file = path.join(dir, 'oncor-full.csv');
    const out = createWriteStream(file);
    out.write(`${HEADER}\n`);
    for (let start = 0; start < 100_002; start += 1000) {
      let chunk = '';
      for (let n = start; n < Math.min(100_002, start + 1000); n += 1) chunk += `${oncorLine(n)}\n`;
      out.write(chunk);
    }
    await new Promise((resolve) => out.end(resolve));

    const result = await importEsiids(SANDBOX.companySlug, 'oncor-full.csv');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim().split('\n')).toEqual([
      '100000 rows read: 100000 inserted, 0 updated, 0 unchanged, 0 removed, 0 rejected',
      '100002 rows read: 100002 inserted, 0 updated, 0 unchanged, 0 removed, 0 rejected',
      'Done. 100002 rows read: 100002 inserted, 0 updated, 0 unchanged, 0 removed, 0 rejected.',
    ]);
    expect(await premisesLoaded([oncorEsiid(0), oncorEsiid(100_001)])).toEqual([
      oncorEsiid(0),
      oncorEsiid(100_001),
    ]);
  }, 120_000);

  it('lists each malformed line with its line number, loads the good ones, and exits 1 so a scheduled job notices', async () => {
    const file = writeExtract('with-errors.csv', [
      oncorLine(200_001), // line 2
      `${oncorEsiid(200_002)},1 Elm St,,DALLAS,TX,75201`, // 3: too few fields
      oncorLine(200_003).replace(',Active,', ',Pending,'), // 4
      oncorLine(200_004), // line 5
    ]);
    const result = await importEsiids(SANDBOX.companySlug, file);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'line 3: 6 fields where the header has 15',
      'line 4: STATUS "PENDING" is not Active, De-Energized, Inactive or Retired',
    ]);
    expect(result.stdout).toContain(
      'Done. 4 rows read: 2 inserted, 0 updated, 0 unchanged, 0 removed, 2 rejected.',
    );
    expect(await premisesLoaded([oncorEsiid(200_001), oncorEsiid(200_002), oncorEsiid(200_004)])).toEqual([
      oncorEsiid(200_001),
      oncorEsiid(200_004),
    ]);
  });

  it('refuses, with one clear sentence and a non-zero exit, a missing file, an unknown company and a header without the required columns', async () => {
    const missing = await importEsiids(SANDBOX.companySlug, 'no-such-extract.csv');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr.trim()).toBe(`The file ${path.join(dir, 'no-such-extract.csv')} does not exist.`);

    const good = writeExtract('good.csv', [oncorLine(300_001)]);
    const unknown = await importEsiids('no-such-company', good);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr.trim()).toBe('No retail company has the slug "no-such-company".');

    writeFileSync(
      path.join(dir, 'no-columns.csv'),
      `ESIID,ADDRESS,CITY\n${oncorEsiid(300_002)},1 Elm St,DALLAS\n`,
    );
    const headerless = await importEsiids(SANDBOX.companySlug, 'no-columns.csv');
    expect(headerless.code).not.toBe(0);
    expect(headerless.stderr.trim().split('\n')).toEqual([
      'The file is not a TDSP ESI ID extract: its header lacks required columns; nothing was loaded.',
      '  line 1: no STATE column',
      '  line 1: no ZIPCODE column',
      '  line 1: no DUNS column',
      '  line 1: no STATUS column',
      '  line 1: no PREMISE_TYPE column',
    ]);
    expect(await premisesLoaded([oncorEsiid(300_001), oncorEsiid(300_002)])).toEqual([]);

    const usage = await importEsiids(SANDBOX.companySlug);
    expect(usage.code).toBe(2);
    expect(usage.stderr.trim()).toBe('Usage: import-esiids <company-slug> <tdsp-esiid-extract.csv>');
  }, 120_000);
});
