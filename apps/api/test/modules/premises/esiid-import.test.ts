import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EsiidImportCounts, importEsiidExtract } from '../../../src/modules/premises/index.js';
import { sandboxCompanyId } from '../../fixtures/tenants.js';
import { useTestApi } from '../../helpers/app.js';

const api = useTestApi();
let companyId: number;
beforeAll(async () => {
  companyId = await sandboxCompanyId(api.db.kysely);
});

/** ERCOT's documented columns, in ERCOT's order. */
const HEADER =
  'ESIID,ADDRESS,ADDRESS_OVERFLOW,CITY,STATE,ZIPCODE,DUNS,METER_READ_CYCLE,STATUS,PREMISE_TYPE,POWER_REGION,' +
  'STATIONCODE,STATIONNAME,METERED,TDSP_AMS_INDICATOR';
const ONCOR_DUNS = '1039940674000';
const CNP_DUNS = '957877905';

// Live heap, not garbage waiting for the collector: the test asks V8 to collect before each measurement.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const liveHeap = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

const oncorEsiid = (n: number) => `10443720${String(n).padStart(9, '0')}`;
const cnpEsiid = (n: number) => `1008901${String(n).padStart(15, '0')}`;

function oncorLine(n: number, changes: { address?: string; status?: string } = {}) {
  return [
    oncorEsiid(n),
    changes.address ?? `${100 + (n % 9000)} Elm St`,
    n % 10 === 0 ? `Apt ${n % 50}` : '',
    'DALLAS',
    'TX',
    '75201-1234',
    ONCOR_DUNS,
    String(n % 20),
    changes.status ?? 'Active',
    n % 7 === 0 ? 'Small Non-Residential' : 'Residential',
    'ERCOT',
    'DAL',
    '"DALLAS, SUB 7"',
    'Y',
    'AMSR',
  ].join(',');
}

const extract = (lines: string[]) => Readable.from([`${HEADER}\n`, ...lines.map((l) => `${l}\n`)]);

/** A generated extract of `rows` Oncor and CenterPoint rows, made while it is read (never whole in memory). */
function generatedExtract(rows: number): Readable {
  async function* lines() {
    yield `${HEADER}\n`;
    for (let start = 0; start < rows; start += 1000) {
      let chunk = '';
      for (let n = start; n < Math.min(rows, start + 1000); n += 1) {
        chunk +=
          n % 4 === 3
            ? `${cnpEsiid(n)},${n} Main St,,HOUSTON,TX,77002,${CNP_DUNS},07,Active,Residential,ERCOT,HOU,HOUSTON,Y,AMSR\n`
            : `${oncorLine(n)}\n`;
      }
      yield chunk;
    }
  }
  return Readable.from(lines());
}

const count = async () =>
  Number(
    (
      await api.db.kysely
        .selectFrom('premises')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => eb.or([eb('tdsp_duns', '=', ONCOR_DUNS), eb('tdsp_duns', '=', CNP_DUNS)]))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('ERCOT TDSP ESI ID extract import', () => {
  const ROWS = 200_000;

  it('streams a 200,000-row extract with bounded memory, reporting progress; a second run changes nothing', async () => {
    const progress: EsiidImportCounts[] = [];
    const heap: number[] = [];
    const baseline = liveHeap();
    const first = await importEsiidExtract(api.db.kysely, companyId, generatedExtract(ROWS), {
      progressEvery: 20_000,
      onProgress: (counts) => {
        progress.push(counts);
        heap.push(liveHeap());
      },
    });
    expect(first).toMatchObject({ rowsRead: ROWS, inserted: ROWS, updated: 0, unchanged: 0, rejected: 0 });
    expect(progress.map((p) => p.rowsRead)).toEqual([
      ...Array.from({ length: ROWS / 20_000 }, (_, i) => (i + 1) * 20_000),
      ROWS,
    ]);
    expect(progress.at(-1)).toMatchObject({ inserted: ROWS });
    // 200,000 rows held at once would take well over 100 MB of heap; streamed, a batch at a time, the live heap
    // stays within a few MB of where it started.
    const growthMb = (Math.max(...heap) - baseline) / 2 ** 20;
    expect(growthMb).toBeLessThan(16);
    expect(await count()).toBe(ROWS);

    const stamp = await api.db.kysely
      .selectFrom('premises')
      .select(['updated_at'])
      .where('esiid', '=', oncorEsiid(1))
      .executeTakeFirstOrThrow();
    const second = await importEsiidExtract(api.db.kysely, companyId, generatedExtract(ROWS));
    expect(second).toMatchObject({ rowsRead: ROWS, inserted: 0, updated: 0, removed: 0, unchanged: ROWS });
    expect(await count()).toBe(ROWS);
    const after = await api.db.kysely
      .selectFrom('premises')
      .select(['updated_at'])
      .where('esiid', '=', oncorEsiid(1))
      .executeTakeFirstOrThrow();
    expect(after).toEqual(stamp);
  }, 240_000);

  it('maps the columns by name: the TDSP from the ESIID, zip+4 cut to five digits, the types and status', async () => {
    const reordered = Readable.from([
      'STATUS,ZIPCODE,PREMISE_TYPE,DUNS,CITY,ESIID,STATE,ADDRESS,METERED\n',
      `De-Energized,77002,Large Non-Residential,${CNP_DUNS},HOUSTON,${cnpEsiid(999_001)},TX,900 Travis St,N\n`,
    ]);
    expect(await importEsiidExtract(api.db.kysely, companyId, reordered)).toMatchObject({ inserted: 1 });
    expect(
      await api.db.kysely
        .selectFrom('premises')
        .selectAll()
        .where('esiid', '=', cnpEsiid(999_001))
        .executeTakeFirstOrThrow(),
    ).toMatchObject({
      utility_code: 'CNP',
      address_1: '900 Travis St',
      address_2: null,
      house_number: '900',
      zipcode: '77002',
      status: 'De-Energized',
      premise_type: 'Commercial',
      meter_type: 'NIDR',
      metered: 'N',
      tdsp_duns: CNP_DUNS,
    });
  });

  it('skips malformed lines, naming each with its line number, and loads the good ones', async () => {
    const result = await importEsiidExtract(
      api.db.kysely,
      companyId,
      extract([
        oncorLine(500_001), // line 2
        `${cnpEsiid(500_000)},900 Travis St,,HOUSTON,TX,77002,${CNP_DUNS},07,Active,Residential,ERCOT,H,H,Y,AMSR`,
        `${oncorEsiid(500_002)},1 Elm St,,DALLAS,TX,75201`, // 4: too few fields
        oncorLine(500_003).replace(oncorEsiid(500_003), '10443720ABC'), // 5
        oncorLine(500_004).replace(',Active,', ',Pending,'), // 6
        oncorLine(500_005).replace('75201-1234', '7520'), // 7
        oncorLine(500_006).replace(oncorEsiid(500_006), '99999999999999999'), // 8: no utility of the company
        oncorLine(500_007).replace(ONCOR_DUNS, CNP_DUNS), // 9: an Oncor ESIID under CenterPoint's DUNS
        // 10: a quote inside the quoted address is not doubled, so CSV reads on to the next closing quote: the
        // quoted STATIONNAME of line 11, which goes with it.
        `${oncorEsiid(500_008)},"1 Elm "St,,DALLAS,TX,75201,${ONCOR_DUNS},1,Active,Residential,ERCOT,D,D,Y,AMSR`,
        oncorLine(500_010), // 11
        oncorLine(500_009), // 12
        `${oncorEsiid(500_011)},"1 Elm St,,DALLAS,TX,75201,${ONCOR_DUNS},1,Active,Residential,ERCOT,D,D,Y,AMSR`, // 13
      ]),
    );
    expect(result).toMatchObject({ rowsRead: 11, inserted: 3, rejected: 8 });
    expect(result.rejectedLines.map((r) => r.line)).toEqual([4, 5, 6, 7, 8, 9, 10, 13]);
    expect(result.rejectedLines.map((r) => r.reason)).toEqual([
      '6 fields where the header has 15',
      'ESIID "10443720ABC" is not digits',
      'STATUS "PENDING" is not Active, De-Energized, Inactive or Retired',
      'ZIPCODE "7520" is not a US zip code',
      "ESIID 99999999999999999 is not an ESIID of any of the company's Texas utilities",
      `DUNS ${CNP_DUNS} is CNP in this file, but ESIID ${oncorEsiid(500_007)} is ONCOR`,
      'field 2: a quote inside a quoted field is neither doubled ("") nor followed by a comma; lines 10 to 11 ' +
        'read as this one record, none loaded',
      'field 2: a quoted field is not closed',
    ]);
    const loaded = await api.db.kysely
      .selectFrom('premises')
      .select('esiid')
      .where('esiid', 'in', [
        oncorEsiid(500_001),
        oncorEsiid(500_002),
        oncorEsiid(500_009),
        oncorEsiid(500_010),
      ])
      .orderBy('esiid')
      .execute();
    expect(loaded.map((r) => r.esiid)).toEqual([oncorEsiid(500_001), oncorEsiid(500_009)]);
  });

  it('reads CSV as RFC 4180 does: quoted commas, doubled quotes and line breaks, CRLF, a BOM, blank lines', async () => {
    const row = (n: number, address: string, overflow: string, zip = '75201') =>
      `${oncorEsiid(n)},${address},${overflow},DALLAS,TX,${zip},${ONCOR_DUNS},3,Active,Residential,ERCOT,DAL,"D, 1",Y,AMSR`;
    const text = [
      `\uFEFF${HEADER}`, // 1
      row(800_001, '"100 Elm St, Unit 4"', ''), // 2
      '', // 3
      '   ', // 4
      row(800_002, '"12 ""The Loft"" Ln"', '"Bldg 2\r\nSuite 9"'), // 5 and 6
      row(800_003, '200 Elm St', '"Rear\nGate"'), // 7 and 8
      row(800_004, '300 Elm St', '', '7520'), // 9
      `${row(800_005, '400 Elm St', '')}`, // 10, the last line without a line break
    ].join('\r\n');
    // Chunks of 7 bytes: a quote, a CRLF or the BOM may be cut between two reads.
    const bytes = Buffer.from(text, 'utf8');
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) =>
      bytes.subarray(i * 7, i * 7 + 7),
    );
    const result = await importEsiidExtract(api.db.kysely, companyId, Readable.from(chunks));
    expect(result).toMatchObject({ rowsRead: 5, inserted: 4, rejected: 1 });
    expect(result.rejectedLines).toEqual([{ line: 9, reason: 'ZIPCODE "7520" is not a US zip code' }]);
    const rows = await api.db.kysely
      .selectFrom('premises')
      .select(['esiid', 'address_1', 'address_2', 'house_number'])
      .where('esiid', 'in', [800_001, 800_002, 800_003, 800_005].map(oncorEsiid))
      .orderBy('esiid')
      .execute();
    expect(rows).toEqual([
      { esiid: oncorEsiid(800_001), address_1: '100 Elm St, Unit 4', address_2: null, house_number: '100' },
      {
        esiid: oncorEsiid(800_002),
        address_1: '12 "The Loft" Ln',
        address_2: 'Bldg 2\r\nSuite 9',
        house_number: '12',
      },
      { esiid: oncorEsiid(800_003), address_1: '200 Elm St', address_2: 'Rear\nGate', house_number: '200' },
      { esiid: oncorEsiid(800_005), address_1: '400 Elm St', address_2: null, house_number: '400' },
    ]);
  });

  it('stops at a quote left open in a file with no quote after it, rather than reading the rest into memory', async () => {
    const unquoted = (n: number) =>
      `${oncorEsiid(n)},${n} Oak St,,DALLAS,TX,75201,${ONCOR_DUNS},3,Active,Residential,ERCOT,DAL,DAL,Y,AMSR`;
    const lines = [unquoted(900_000), `${oncorEsiid(900_001)},"1 Oak St,,DALLAS`];
    for (let n = 900_002; n < 902_000; n += 1) lines.push(unquoted(n));
    await expect(importEsiidExtract(api.db.kysely, companyId, extract(lines))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: ['line 3: a record of more than 65536 bytes'],
    });
  });

  it('a later extract updates a changed address and status and removes a retired ESIID', async () => {
    await importEsiidExtract(
      api.db.kysely,
      companyId,
      extract([oncorLine(600_001), oncorLine(600_002), oncorLine(600_003)]),
    );
    const later = await importEsiidExtract(
      api.db.kysely,
      companyId,
      extract([
        oncorLine(600_001),
        oncorLine(600_002, { address: '4500 Ross Ave', status: 'De-Energized' }),
        oncorLine(600_003, { status: 'Retired' }),
      ]),
    );
    expect(later).toMatchObject({ inserted: 0, updated: 1, unchanged: 1, removed: 1, rejected: 0 });
    const rows = await api.db.kysely
      .selectFrom('premises')
      .select(['esiid', 'address_1', 'house_number', 'status'])
      .where('esiid', 'in', [oncorEsiid(600_001), oncorEsiid(600_002), oncorEsiid(600_003)])
      .orderBy('esiid')
      .execute();
    expect(rows).toEqual([
      {
        esiid: oncorEsiid(600_001),
        address_1: `${100 + (600_001 % 9000)} Elm St`,
        house_number: String(100 + (600_001 % 9000)),
        status: 'Active',
      },
      {
        esiid: oncorEsiid(600_002),
        address_1: '4500 Ross Ave',
        house_number: '4500',
        status: 'De-Energized',
      },
    ]);
  });

  it('refuses a file whose header lacks required columns, before writing anything', async () => {
    const before = await count();
    await expect(
      importEsiidExtract(
        api.db.kysely,
        companyId,
        Readable.from(['ESIID,ADDRESS,CITY\n', `${oncorEsiid(700_001)},1 Elm St,DALLAS\n`]),
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [
        'line 1: no STATE column',
        'line 1: no ZIPCODE column',
        'line 1: no DUNS column',
        'line 1: no STATUS column',
        'line 1: no PREMISE_TYPE column',
      ],
    });
    expect(await count()).toBe(before);
  });
});
