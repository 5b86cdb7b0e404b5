import type { Insertable } from 'kysely';
import type { PremisesTable } from '../../db/tables/premises.js';
import { houseNumberOf } from '../../domain/service-address.js';
import { ApiError } from '../../http/errors.js';
import type { TexasUtility } from './lookups.js';
import { METER_TYPES } from './schemas.js';

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

export type PremiseRow = Omit<Insertable<PremisesTable>, 'updated_at'>;
export type ParsedLine = { kind: 'premise'; row: PremiseRow } | { kind: 'removal'; esiid: string };

/** A data line that cannot be loaded: the import skips it and reports the message. */
export class MalformedLine extends Error {}

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

function checkedEsiid(esiid: string) {
  if (!/^[0-9]{1,32}$/.test(esiid)) throw new MalformedLine(`ESIID "${esiid}" is not digits`);
  return esiid;
}

function statusOf(value: string) {
  const statusValue = value.toUpperCase();
  const status = STATUSES[statusValue.replace(/[\s_]+/g, '-')];
  if (!status)
    throw new MalformedLine(`STATUS "${statusValue}" is not Active, De-Energized, Inactive or Retired`);
  return status;
}

function checkedZip(zip: string) {
  if (!/^[0-9]{5}(-?[0-9]{4})?$/.test(zip)) throw new MalformedLine(`ZIPCODE "${zip}" is not a US zip code`);
  return zip;
}

function checkedState(value: string) {
  const state = value.toUpperCase();
  if (!/^[A-Z]{2}$/.test(state)) throw new MalformedLine(`STATE "${state}" is not a two-letter state`);
  return state;
}

function premiseTypeOf(value: string) {
  const premiseType = PREMISE_TYPES[value.toUpperCase()];
  if (!premiseType) throw new MalformedLine(`PREMISE_TYPE "${value}" is not known`);
  return premiseType;
}

function checkedAmsIndicator(value: string) {
  const ams = value.toUpperCase();
  if (ams && !(METER_TYPES as readonly string[]).includes(ams))
    throw new MalformedLine(`TDSP_AMS_INDICATOR "${ams}" is not one of ${METER_TYPES.join(', ')}`);
  return ams;
}

function checkedMetered(value: string) {
  const metered = value.toUpperCase();
  if (metered && metered !== 'Y' && metered !== 'N')
    throw new MalformedLine(`METERED "${metered}" is not Y or N`);
  return metered;
}

const orNull = (value: string) => value || null;

/** Finds each ESIID's TDSP by prefix and length, and holds the file to one TDSP per DUNS. */
function utilityFinder(utilities: TexasUtility[]) {
  const dunsUtility = new Map<string, string>();
  return (esiid: string, duns: string) => {
    const utility = utilities.find((u) => esiid.startsWith(u.ldc_prefix!) && u.ldc_length === esiid.length);
    if (!utility)
      throw new MalformedLine(`ESIID ${esiid} is not an ESIID of any of the company's Texas utilities`);
    // One DUNS is one TDSP: a file mixing them up is not trusted line by line.
    const bound = dunsUtility.get(duns);
    if (bound && bound !== utility.code)
      throw new MalformedLine(`DUNS ${duns} is ${bound} in this file, but ESIID ${esiid} is ${utility.code}`);
    dunsUtility.set(duns, utility.code);
    return utility.code;
  };
}

/**
 * Reads the header, then each data line into a premise (or a removal), or throws MalformedLine saying what is
 * wrong (the first problem, checking the columns in a fixed order).
 */
export function lineParser(header: string[], utilities: TexasUtility[]) {
  const indexes = columnIndexes(header);
  const headerLength = header.length;
  const utilityOf = utilityFinder(utilities);
  const field = (record: string[], column: Column) => {
    const at = indexes.get(column);
    return at === undefined ? '' : (record[at] ?? '').trim();
  };
  const required = (record: string[], column: Column) => {
    const value = field(record, column);
    if (!value) throw new MalformedLine(`${column} is empty`);
    return value;
  };

  return (record: string[]): ParsedLine => {
    if (record.length !== headerLength)
      throw new MalformedLine(`${record.length} fields where the header has ${headerLength}`);
    const esiid = checkedEsiid(required(record, 'ESIID'));
    const status = statusOf(required(record, 'STATUS'));
    if (status === 'removed') return { kind: 'removal', esiid };
    const duns = required(record, 'DUNS');
    const zip = checkedZip(required(record, 'ZIPCODE'));
    const state = checkedState(required(record, 'STATE'));
    const premiseType = premiseTypeOf(required(record, 'PREMISE_TYPE'));
    const ams = checkedAmsIndicator(field(record, 'TDSP_AMS_INDICATOR'));
    const metered = checkedMetered(field(record, 'METERED'));
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
