/**
 * Loads ERCOT's public TDSP ESI ID extract into the premise directory (`premises`).
 *
 * The file is CSV with a header row; columns are found by name, in any order (ERCOT's documented names: ESIID,
 * ADDRESS, ADDRESS_OVERFLOW, CITY, STATE, ZIPCODE, DUNS, METER_READ_CYCLE, STATUS, PREMISE_TYPE, POWER_REGION,
 * STATIONCODE, STATIONNAME, METERED, TDSP_AMS_INDICATOR, ...; unknown columns are ignored), one premise per record
 * (RFC 4180, read by csv-parse: a quoted field may hold commas, "" for a quote and line breaks). It is streamed: a
 * batch of rows at a time, each batch one transaction, so a file of millions of rows needs constant memory.
 *
 * Decisions: a malformed record is skipped and reported with the line it starts on, the good rows are loaded (a
 * supplier wants the 3 million good premises, and the few bad ones listed to ask ERCOT about); a missing required
 * column refuses the whole file before anything is written. A row that equals the stored premise is not written, so a
 * second run of the same file changes nothing; a later extract updates addresses and status. An ESIID ERCOT lists as
 * Inactive or Retired can no longer be enrolled: it is removed from the directory.
 */
import { pipeline, type Readable } from 'node:stream';
import { type Options, parse } from 'csv-parse';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PremisesTable } from '../../db/tables/premises.js';
import { CsvLines, csvProblem, isBlankRecord } from '../../domain/csv.js';
import { houseNumberOf } from '../../domain/service-address.js';
import { ApiError } from '../../http/errors.js';
import { METER_TYPES } from './schemas.js';
import * as store from './store.js';

const REQUIRED_COLUMNS = [
  'ESIID',
  'ADDRESS',
  'CITY',
  'STATE',
  'ZIPCODE',
  'DUNS',
  'STATUS',
  'PREMISE_TYPE',
] as const;
const OPTIONAL_COLUMNS = [
  'ADDRESS_OVERFLOW',
  'METER_READ_CYCLE',
  'POWER_REGION',
  'STATIONCODE',
  'METERED',
  'TDSP_AMS_INDICATOR',
] as const;
type Column = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

/** The extract's STATUS values: Active and De-Energized premises are kept, Inactive and Retired ones removed. */
const STATUSES: Record<string, 'Active' | 'De-Energized' | 'removed'> = {
  ACTIVE: 'Active',
  'DE-ENERGIZED': 'De-Energized',
  INACTIVE: 'removed',
  RETIRED: 'removed',
};

/** The extract's PREMISE_TYPE: Residential, or Small / Large Non-Residential (Commercial here). */
const PREMISE_TYPES: Record<string, 'Residential' | 'Commercial'> = {
  RESIDENTIAL: 'Residential',
  'SMALL NON-RESIDENTIAL': 'Commercial',
  'LARGE NON-RESIDENTIAL': 'Commercial',
  'NON-RESIDENTIAL': 'Commercial',
  COMMERCIAL: 'Commercial',
};

/** The columns compared to decide whether a stored premise changed (everything but `updated_at`). */
const COMPARED = [
  'utility_code',
  'address_1',
  'address_2',
  'house_number',
  'city',
  'state',
  'zipcode',
  'premise_type',
  'status',
  'meter_type',
  'tdsp_duns',
  'meter_read_cycle',
  'power_region',
  'station_code',
  'metered',
] as const;

/** At most this many rejected lines are kept with their reason; all are counted. */
const MAX_LISTED_REJECTIONS = 1000;

export interface EsiidImportCounts {
  rowsRead: number;
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
  rejected: number;
}

export interface EsiidImportResult extends EsiidImportCounts {
  /** The first rejected lines, with their 1-based line number in the file and why. */
  rejectedLines: Array<{ line: number; reason: string }>;
}

export interface EsiidImportOptions {
  /** Rows per transaction. */
  batchSize?: number;
  /** Calls `onProgress` every this many rows read, and once at the end. */
  progressEvery?: number;
  onProgress?: (counts: EsiidImportCounts) => void;
}

type TexasUtility = Awaited<ReturnType<typeof store.texasUtilities>>[number];
type PremiseRow = Omit<Insertable<PremisesTable>, 'updated_at'>;
type ParsedLine = { kind: 'premise'; row: PremiseRow } | { kind: 'removal'; esiid: string };

class MalformedLine extends Error {}

/** A record longer than this is a quote left open in a file with few quotes, not a premise (a line is ~200 bytes). */
const MAX_RECORD_BYTES = 64 * 1024;

type ExtractRecord =
  | { kind: 'record'; line: number; fields: string[] }
  | { kind: 'malformed'; line: number; reason: string };

/**
 * The extract's records, each with the line it starts on, read as they are taken: csv-parse waits while the
 * importer writes a batch, so memory holds a batch whatever the file's size. A record csv-parse cannot read comes
 * as `malformed`, once, in file order. A quote left open runs on, as CSV reads it, to the next closing quote, so a
 * malformed record can take the lines after it with it: its reason names them. One that runs past MAX_RECORD_BYTES
 * stops the import (VALIDATION_FAILED) rather than holding the rest of the file in memory.
 */
async function* extractRecords(input: Readable): AsyncGenerator<ExtractRecord> {
  const lines = new CsvLines();
  // csv-parse reports a bad record through on_skip, once per bad quote and ahead of the records the importer has
  // taken: the reports wait here, one per record, until the records before them are taken.
  const failed: Array<{ line: number; lastLine: number; reason: string }> = [];
  const options: Options<{ line: number; fields: string[] }, { record: string[] }> = {
    bom: true,
    raw: true,
    record_delimiter: ['\r\n', '\n'],
    relax_column_count: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_BYTES,
    on_record: ({ record }, info) => ({
      line: lines.recordStart(info.lines, record),
      fields: record,
    }),
    on_skip: (error, raw) => {
      if (!error) return undefined;
      const { line, errorLine, first } = lines.failedRecord(error, raw);
      if (error.code === 'CSV_MAX_RECORD_SIZE') {
        throw new ApiError(
          'VALIDATION_FAILED',
          'The file has a quote left open: the rest of the file reads as one record, so the import stopped there.',
          [`line ${line}: a record of more than ${MAX_RECORD_BYTES} bytes`],
        );
      }
      if (first) failed.push({ line, lastLine: errorLine, reason: csvProblem(error) });
      else failed.at(-1)!.lastLine = errorLine;
      return undefined;
    },
  };
  // csv-parse types its options with custom records only together with `columns`; these records are arrays.
  const parser = parse(options as unknown as Options);
  function* failedBefore(line: number): Generator<ExtractRecord> {
    while (failed.length > 0 && failed[0]!.line < line) {
      const record = failed.shift()!;
      const next = Math.min(failed[0]?.line ?? line, line);
      const lastLine = Number.isFinite(next) ? next - 1 : record.lastLine;
      const reason =
        lastLine > record.line
          ? `${record.reason}; lines ${record.line} to ${lastLine} read as this one record, none loaded`
          : record.reason;
      yield { kind: 'malformed', line: record.line, reason };
    }
  }
  // An error of the file's stream reaches the loop below through the parser, which pipeline destroys with it.
  pipeline(input, parser, () => {});
  for await (const { line, fields } of parser as AsyncIterable<{ line: number; fields: string[] }>) {
    yield* failedBefore(line);
    yield { kind: 'record', line, fields };
  }
  yield* failedBefore(Number.POSITIVE_INFINITY);
}

/** Header names as ERCOT writes them, or with spaces ("ESI ID"): upper case, spaces and dashes as underscores. */
const normalizeHeader = (name: string) => {
  const key = name
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return key === 'ESI_ID' ? 'ESIID' : key;
};

function columnIndexes(header: string[]): Map<Column, number> {
  const names = header.map(normalizeHeader);
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    throw new ApiError(
      'VALIDATION_FAILED',
      'The file is not a TDSP ESI ID extract: its header lacks required columns; nothing was loaded.',
      missing.map((c) => `line 1: no ${c} column`),
    );
  }
  const indexes = new Map<Column, number>();
  for (const column of [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]) {
    const at = names.indexOf(column);
    if (at >= 0) indexes.set(column, at);
  }
  return indexes;
}

/** Reads one data line into a premise (or a removal), or throws MalformedLine saying what is wrong. */
function lineParser(indexes: Map<Column, number>, headerLength: number, utilities: TexasUtility[]) {
  const dunsUtility = new Map<string, string>();
  const field = (record: string[], column: Column) => {
    const at = indexes.get(column);
    return at === undefined ? '' : (record[at] ?? '').trim();
  };
  const required = (record: string[], column: Column) => {
    const value = field(record, column);
    if (!value) throw new MalformedLine(`${column} is empty`);
    return value;
  };
  const orNull = (value: string) => value || null;

  function utilityOf(esiid: string, duns: string) {
    const utility = utilities.find((u) => esiid.startsWith(u.ldc_prefix!) && u.ldc_length === esiid.length);
    if (!utility)
      throw new MalformedLine(`ESIID ${esiid} is not an ESIID of any of the company's Texas utilities`);
    // One DUNS is one TDSP: a file mixing them up is not trusted line by line.
    const bound = dunsUtility.get(duns);
    if (bound && bound !== utility.code)
      throw new MalformedLine(`DUNS ${duns} is ${bound} in this file, but ESIID ${esiid} is ${utility.code}`);
    dunsUtility.set(duns, utility.code);
    return utility.code;
  }

  return (record: string[]): ParsedLine => {
    if (record.length !== headerLength)
      throw new MalformedLine(`${record.length} fields where the header has ${headerLength}`);
    const esiid = required(record, 'ESIID');
    if (!/^[0-9]{1,32}$/.test(esiid)) throw new MalformedLine(`ESIID "${esiid}" is not digits`);
    const statusValue = required(record, 'STATUS').toUpperCase();
    const status = STATUSES[statusValue.replace(/[\s_]+/g, '-')];
    if (!status)
      throw new MalformedLine(`STATUS "${statusValue}" is not Active, De-Energized, Inactive or Retired`);
    if (status === 'removed') return { kind: 'removal', esiid };
    const duns = required(record, 'DUNS');
    const zip = required(record, 'ZIPCODE');
    if (!/^[0-9]{5}(-?[0-9]{4})?$/.test(zip))
      throw new MalformedLine(`ZIPCODE "${zip}" is not a US zip code`);
    const state = required(record, 'STATE').toUpperCase();
    if (!/^[A-Z]{2}$/.test(state)) throw new MalformedLine(`STATE "${state}" is not a two-letter state`);
    const premiseType = PREMISE_TYPES[required(record, 'PREMISE_TYPE').toUpperCase()];
    if (!premiseType) throw new MalformedLine(`PREMISE_TYPE "${field(record, 'PREMISE_TYPE')}" is not known`);
    const ams = field(record, 'TDSP_AMS_INDICATOR').toUpperCase();
    if (ams && !(METER_TYPES as readonly string[]).includes(ams))
      throw new MalformedLine(`TDSP_AMS_INDICATOR "${ams}" is not one of ${METER_TYPES.join(', ')}`);
    const metered = field(record, 'METERED').toUpperCase();
    if (metered && metered !== 'Y' && metered !== 'N')
      throw new MalformedLine(`METERED "${metered}" is not Y or N`);
    const address1 = required(record, 'ADDRESS');
    return {
      kind: 'premise',
      row: {
        esiid,
        utility_code: utilityOf(esiid, duns),
        address_1: address1,
        address_2: orNull(field(record, 'ADDRESS_OVERFLOW')),
        house_number: houseNumberOf(address1),
        city: required(record, 'CITY'),
        state,
        zipcode: zip.slice(0, 5),
        premise_type: premiseType,
        status,
        // No AMS indicator: a non-interval meter (or none at all, METERED = N).
        meter_type: ams || 'NIDR',
        tdsp_duns: duns,
        meter_read_cycle: orNull(field(record, 'METER_READ_CYCLE')),
        power_region: orNull(field(record, 'POWER_REGION')),
        station_code: orNull(field(record, 'STATIONCODE')),
        metered: orNull(metered),
      },
    };
  };
}

const differs = (stored: Record<string, unknown>, row: PremiseRow) =>
  COMPARED.some((column) => (stored[column] ?? null) !== (row[column] ?? null));

/** Writes one batch in one transaction: new premises inserted, changed ones updated, equal ones left alone. */
async function writeBatch(
  db: Kysely<Database>,
  premises: Map<string, PremiseRow>,
  removals: Set<string>,
  counts: EsiidImportCounts,
) {
  await db.transaction().execute(async (trx) => {
    if (premises.size > 0) {
      const stored = await trx
        .selectFrom('premises')
        .selectAll()
        .where('esiid', 'in', [...premises.keys()])
        .execute();
      const byEsiid = new Map(stored.map((row) => [row.esiid, row]));
      const now = new Date().toISOString();
      const writes: Insertable<PremisesTable>[] = [];
      for (const row of premises.values()) {
        const before = byEsiid.get(row.esiid);
        if (before && !differs(before, row)) counts.unchanged += 1;
        else {
          counts[before ? 'updated' : 'inserted'] += 1;
          writes.push({ ...row, updated_at: now });
        }
      }
      if (writes.length > 0) {
        await trx
          .insertInto('premises')
          .values(writes)
          .onConflict((oc) =>
            oc
              .column('esiid')
              .doUpdateSet((eb) =>
                Object.fromEntries(
                  [...COMPARED, 'updated_at' as const].map((column) => [
                    column,
                    eb.ref(`excluded.${column}`),
                  ]),
                ),
              ),
          )
          .execute();
      }
    }
    if (removals.size > 0) {
      const result = await trx
        .deleteFrom('premises')
        .where('esiid', 'in', [...removals])
        .executeTakeFirst();
      counts.removed += Number(result.numDeletedRows);
    }
  });
}

/**
 * Streams a TDSP ESI ID extract into the premise directory. `companyId` names whose Texas utilities (their ESIID
 * prefix and length) place each ESIID with its TDSP; the directory itself is shared, as ERCOT's data is.
 */
export async function importEsiidExtract(
  db: Kysely<Database>,
  companyId: number,
  input: Readable,
  options: EsiidImportOptions = {},
): Promise<EsiidImportResult> {
  const batchSize = options.batchSize ?? 1000;
  const progressEvery = options.progressEvery ?? 100_000;
  const utilities = await store.texasUtilities(db, companyId);
  if (utilities.length === 0)
    throw new ApiError('VALIDATION_FAILED', 'The company has no active Texas utility to load ESIIDs for.');
  const counts: EsiidImportCounts = {
    rowsRead: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
    rejected: 0,
  };
  const rejectedLines: EsiidImportResult['rejectedLines'] = [];
  const reject = (line: number, reason: string) => {
    counts.rejected += 1;
    if (rejectedLines.length < MAX_LISTED_REJECTIONS) rejectedLines.push({ line, reason });
  };

  let parseLine: ((record: string[]) => ParsedLine) | undefined;
  let premises = new Map<string, PremiseRow>();
  let removals = new Set<string>();
  const flush = async () => {
    await writeBatch(db, premises, removals, counts);
    premises = new Map();
    removals = new Set();
  };

  for await (const record of extractRecords(input)) {
    if (record.kind === 'record' && isBlankRecord(record.fields)) continue;
    if (!parseLine) {
      if (record.kind === 'malformed')
        throw new ApiError('VALIDATION_FAILED', 'The header row cannot be read.', [
          `line ${record.line}: ${record.reason}`,
        ]);
      parseLine = lineParser(columnIndexes(record.fields), record.fields.length, utilities);
      continue;
    }
    counts.rowsRead += 1;
    try {
      if (record.kind === 'malformed') throw new MalformedLine(record.reason);
      const parsed = parseLine(record.fields);
      if (parsed.kind === 'premise') {
        removals.delete(parsed.row.esiid);
        premises.set(parsed.row.esiid, parsed.row);
      } else {
        premises.delete(parsed.esiid);
        removals.add(parsed.esiid);
      }
    } catch (error) {
      if (!(error instanceof MalformedLine)) throw error;
      reject(record.line, error.message);
    }
    if (premises.size + removals.size >= batchSize) await flush();
    if (counts.rowsRead % progressEvery === 0) options.onProgress?.({ ...counts });
  }
  if (!parseLine) throw new ApiError('VALIDATION_FAILED', 'The file is empty: no header row.');
  await flush();
  options.onProgress?.({ ...counts });
  return { ...counts, rejectedLines };
}
