import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { sandboxCompanyId } from '../../fixtures/tenants.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * Pricing staff upload ERCOT's TDSP ESI ID extract from the console: the file is kept as it arrives and imported in
 * the background by the command line's import; the console polls the import for its counts and the lines it
 * rejected, by line number.
 */
const LIMIT = 8192;
const api = useTestApi({ esiidUploadLimitBytes: LIMIT });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let pricing: StaffBrowser;

const HEADER =
  'ESIID,ADDRESS,ADDRESS_OVERFLOW,CITY,STATE,ZIPCODE,DUNS,METER_READ_CYCLE,STATUS,PREMISE_TYPE,POWER_REGION,' +
  'STATIONCODE,STATIONNAME,METERED,TDSP_AMS_INDICATOR';
const ONCOR_DUNS = '1039940674000';
const oncorEsiid = (n: number) => `10443720${String(900_000_000 + n)}`;
const oncorLine = (n: number, status = 'Active') =>
  `${oncorEsiid(n)},${100 + n} Cedar Ave,,DALLAS,TX,75201,${ONCOR_DUNS},07,${status},Residential,ERCOT,DAL,DALLAS,Y,AMSR`;
const extract = (...lines: string[]) => [HEADER, ...lines].join('\n') + '\n';

interface ImportView {
  id: number;
  status: string;
  dataLines: number;
  attempts: number;
  counts: Record<string, number>;
  failure: { message: string; errors: string[] } | null;
  rejectedLines: { line: number; reason: string }[];
}

const upload = (
  browser: StaffBrowser,
  content: string | Uint8Array<ArrayBuffer>,
  name = 'ONCOR_ELEC_FUL.csv',
) => {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), name);
  return browser.call('POST', '/esiid-imports', { form });
};

/** Polls the import as the console does, until it is over. */
async function finished(id: number): Promise<ImportView> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const view = (await pricing.call('GET', `/esiid-imports/${id}`)).body.data as ImportView;
    if (view.status === 'succeeded' || view.status === 'failed') return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not finish`);
}

beforeAll(async () => {
  pricing = await signIn('Pricing');
});

describe('an ESIID extract uploaded from the console', () => {
  it('is imported in the background with its counts; the utility list counts its premises', async () => {
    const before = (await pricing.call('GET', '/utilities')).body.data.find(
      (u: { code: string }) => u.code === 'ONCOR',
    ).counts.esiids as number;
    const sent = await upload(pricing, extract(oncorLine(1), oncorLine(2), oncorLine(3)));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({
      fileName: 'ONCOR_ELEC_FUL.csv',
      dataLines: 3,
      requestedBy: staff('Pricing').email,
    });
    const done = await finished(sent.body.data.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      counts: { rowsRead: 3, inserted: 3, updated: 0, unchanged: 0, removed: 0, rejected: 0 },
      failure: null,
      rejectedLines: [],
    });
    const after = (await pricing.call('GET', '/utilities')).body.data.find(
      (u: { code: string }) => u.code === 'ONCOR',
    ).counts.esiids;
    expect(after).toBe(before + 3);

    const again = await finished(
      (await upload(pricing, extract(oncorLine(1), oncorLine(2, 'Retired')))).body.data.id,
    );
    expect(again.counts).toMatchObject({ rowsRead: 2, inserted: 0, unchanged: 1, removed: 1 });
  });

  it('skips the bad lines and lists each with its line number; the good lines load', async () => {
    const sent = await upload(
      pricing,
      extract(
        oncorLine(10),
        `${oncorEsiid(11)},1 Elm St,,DALLAS,TX,7520,${ONCOR_DUNS},07,Active,Residential`,
        oncorLine(12),
      ),
    );
    const done = await finished(sent.body.data.id);
    expect(done.status).toBe('succeeded');
    expect(done.counts).toMatchObject({ rowsRead: 3, inserted: 2, rejected: 1 });
    expect(done.rejectedLines).toEqual([{ line: 3, reason: '10 fields where the header has 15' }]);
  });

  it('without the required columns, fails whole with the reason', async () => {
    const done = await finished(
      (await upload(pricing, 'ESIID,ADDRESS\n10443720900000099,1 Elm St\n')).body.data.id,
    );
    expect(done).toMatchObject({
      status: 'failed',
      counts: { rowsRead: 0, inserted: 0 },
      failure: {
        message:
          'The file is not a TDSP ESI ID extract: its header lacks required columns; nothing was loaded.',
      },
    });
    expect(done.failure?.errors).toContain('line 1: no DUNS column');
  });

  it('is refused at once when empty, not text (a zip) or above the limit, and nothing is kept', async () => {
    expectFailure(await upload(pricing, ''), 400, 'VALIDATION_FAILED');
    expectFailure(
      await upload(pricing, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]) as Uint8Array<ArrayBuffer>),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const lines = (count: number) => extract(...Array.from({ length: count }, (_, n) => oncorLine(100 + n)));
    // Cut at the limit as it arrives, and refused before it is read when its length says so.
    const large = await upload(pricing, lines(100));
    expect(expectFailure(large, 413, 'PAYLOAD_TOO_LARGE').errors).toEqual([
      `file: at most ${LIMIT} bytes (ESIID_UPLOAD_LIMIT_BYTES)`,
    ]);
    const larger = await upload(pricing, lines(1000));
    expect(expectFailure(larger, 413, 'PAYLOAD_TOO_LARGE').errors).toEqual([`file: at most ${LIMIT} bytes`]);
    const chunks = await api.db.kysely.selectFrom('esiid_import_chunks').select('import_id').execute();
    expect(chunks).toEqual([]);
  });

  it('is listed newest first, audited, and uploaded by Pricing and Administrators only', async () => {
    const listed = (await pricing.call('GET', '/esiid-imports')).body.data as ImportView[];
    expect(listed.map((i) => i.status)).toEqual(['failed', 'succeeded', 'succeeded', 'succeeded']);
    const admin = await signIn('Administrator');
    const audit = (await admin.call('GET', '/audit-log', { query: { action: 'esiid.import' } })).body.data;
    expect(audit).toHaveLength(4);
    expect(audit[0].summary).toMatch(
      /^ESIID extract ONCOR_ELEC_FUL\.csv uploaded \(\d+ bytes, 1 lines\): import \d+ queued$/,
    );

    const agent = await signIn('Operations agent');
    expect((await agent.call('GET', '/esiid-imports')).status).toBe(200);
    expectFailure(await upload(agent, extract(oncorLine(20))), 403, 'PERMISSION_DENIED');
  });

  it('left running by a node that stopped is run again from its first line by the sweep', async () => {
    const companyId = await sandboxCompanyId(api.db.kysely);
    const long = '2000-01-01T00:00:00.000Z';
    const { id } = await api.db.kysely
      .insertInto('esiid_imports')
      .values({
        company_id: companyId,
        file_name: 'stopped.csv',
        file_bytes: 300,
        data_lines: 2,
        status: 'running',
        requested_by: staff('Pricing').email,
        requested_at: long,
        started_at: long,
        heartbeat_at: long,
        attempts: 1,
        rows_read: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const file = Buffer.from(extract(oncorLine(30), oncorLine(31)));
    await api.db.kysely
      .insertInto('esiid_import_chunks')
      .values([
        { import_id: id, seq: 0, content: file.subarray(0, 200) },
        { import_id: id, seq: 1, content: file.subarray(200) },
      ])
      .execute();
    expect(await api.app.voltin.scheduler.runNow('import-esiid-extracts')).toBe(
      `import ${id} run (attempt 2)`,
    );
    expect(await finished(id)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      counts: { rowsRead: 2, inserted: 2, rejected: 0 },
    });
  });
});
