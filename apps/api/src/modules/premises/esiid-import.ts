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
import type { Readable } from 'node:stream';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PremisesTable } from '../../db/tables/premises.js';
import { isBlankRecord } from '../../domain/csv.js';
import { ApiError } from '../../http/errors.js';
import { extractRecords } from './esiid-extract.js';
import { lineParser, MalformedLine, type ParsedLine, type PremiseRow } from './esiid-lines.js';
import { texasUtilities } from './lookups.js';
import * as store from './store.js';

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

/** The counts so far, and the first rejected lines. */
function newTally() {
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
  return { counts, rejectedLines, reject };
}

/** The lines read since the last write, by ESIID: a later line of the same ESIID replaces an earlier one. */
interface Batch {
  premises: Map<string, PremiseRow>;
  removals: Set<string>;
}

const emptyBatch = (): Batch => ({ premises: new Map(), removals: new Set() });

function addToBatch(batch: Batch, parsed: ParsedLine) {
  if (parsed.kind === 'premise') {
    batch.removals.delete(parsed.row.esiid);
    batch.premises.set(parsed.row.esiid, parsed.row);
  } else {
    batch.premises.delete(parsed.esiid);
    batch.removals.add(parsed.esiid);
  }
}

const differs = (stored: Record<string, unknown>, row: PremiseRow) =>
  COMPARED.some((column) => (stored[column] ?? null) !== (row[column] ?? null));

/** Inserts new premises and updates changed ones; equal ones are left alone and counted unchanged. */
async function writePremises(
  db: Kysely<Database>,
  premises: Map<string, PremiseRow>,
  counts: EsiidImportCounts,
) {
  const stored = await store.premisesOf(db, [...premises.keys()]);
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
  if (writes.length > 0) await store.upsertPremises(db, writes, [...COMPARED, 'updated_at']);
}

/** Writes one batch in one transaction. */
async function writeBatch(db: Kysely<Database>, batch: Batch, counts: EsiidImportCounts) {
  await db.transaction().execute(async (trx) => {
    if (batch.premises.size > 0) await writePremises(trx, batch.premises, counts);
    if (batch.removals.size > 0) counts.removed += await store.deletePremises(trx, [...batch.removals]);
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
  const utilities = await texasUtilities(db, companyId);
  if (utilities.length === 0)
    throw new ApiError('VALIDATION_FAILED', 'The company has no active Texas utility to load ESIIDs for.');
  const { counts, rejectedLines, reject } = newTally();

  let parseLine: ((record: string[]) => ParsedLine) | undefined;
  let batch = emptyBatch();
  const flush = async () => {
    await writeBatch(db, batch, counts);
    batch = emptyBatch();
  };

  for await (const record of extractRecords(input)) {
    if (record.kind === 'record' && isBlankRecord(record.fields)) continue;
    if (!parseLine) {
      if (record.kind === 'malformed')
        throw new ApiError('VALIDATION_FAILED', 'The header row cannot be read.', [
          `line ${record.line}: ${record.reason}`,
        ]);
      parseLine = lineParser(record.fields, utilities);
      continue;
    }
    counts.rowsRead += 1;
    try {
      if (record.kind === 'malformed') throw new MalformedLine(record.reason);
      addToBatch(batch, parseLine(record.fields));
    } catch (error) {
      if (!(error instanceof MalformedLine)) throw error;
      reject(record.line, error.message);
    }
    if (batch.premises.size + batch.removals.size >= batchSize) await flush();
    if (counts.rowsRead % progressEvery === 0) options.onProgress?.({ ...counts });
  }
  if (!parseLine) throw new ApiError('VALIDATION_FAILED', 'The file is empty: no header row.');
  await flush();
  options.onProgress?.({ ...counts });
  return { ...counts, rejectedLines };
}
