/**
 * Service-address normalisation for comparing what a customer typed with a premise directory entry.
 * Pure functions. Words are upper-cased, punctuation dropped, and street suffixes, directionals and unit
 * designators written the USPS way (Publication 28 abbreviations), so "1201 North Elm Street, Apartment 4b"
 * and "1201 N ELM ST APT 4B" compare equal.
 *
 * Text after a comma is read only when it starts with a unit designator ("…, Apt 4B"); anything else after a
 * comma (city, state, zip code) is ignored, since the premise is already known by its zip code.
 */

const DIRECTIONALS: Record<string, string> = {
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
};
const DIRECTIONAL_CODES = new Set(Object.values(DIRECTIONALS));

const SUFFIXES: Record<string, string> = {
  ALLEY: 'ALY',
  AV: 'AVE',
  AVENUE: 'AVE',
  BEND: 'BND',
  BOULEVARD: 'BLVD',
  CIRCLE: 'CIR',
  COURT: 'CT',
  COVE: 'CV',
  CROSSING: 'XING',
  DRIVE: 'DR',
  EXPRESSWAY: 'EXPY',
  FREEWAY: 'FWY',
  HIGHWAY: 'HWY',
  HOLLOW: 'HOLW',
  LANE: 'LN',
  PARKWAY: 'PKWY',
  PLACE: 'PL',
  PLAZA: 'PLZ',
  POINT: 'PT',
  RIDGE: 'RDG',
  ROAD: 'RD',
  SQUARE: 'SQ',
  STREET: 'ST',
  TERRACE: 'TER',
  TRAIL: 'TRL',
};
const SUFFIX_CODES = new Set([
  ...Object.values(SUFFIXES),
  'LOOP',
  'PATH',
  'PASS',
  'RUN',
  'ROW',
  'WAY',
  'WALK',
]);

const UNIT_DESIGNATORS: Record<string, string> = {
  APARTMENT: 'APT',
  APT: 'APT',
  BUILDING: 'BLDG',
  BLDG: 'BLDG',
  FLOOR: 'FL',
  FL: 'FL',
  LOT: 'LOT',
  ROOM: 'RM',
  RM: 'RM',
  SPACE: 'SPC',
  SPC: 'SPC',
  SUITE: 'STE',
  STE: 'STE',
  TRAILER: 'TRLR',
  TRLR: 'TRLR',
  UNIT: 'UNIT',
  '#': '#',
};

export interface ParsedAddress {
  /** The house number, e.g. "1201"; empty when the text starts with no number. */
  houseNumber: string;
  /** Street name words with standard abbreviations, e.g. ["N", "ELM", "ST"]. */
  street: string[];
  /** The unit, without its designator ("4B" for "Apt 4B"), or null. */
  unit: string | null;
}

function words(text: string): string[] {
  return text
    .toUpperCase()
    .replaceAll('#', ' # ')
    .replace(/[.']/g, '')
    .replace(/[^A-Z0-9#/-]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '' && w !== '-');
}

const standard = (word: string) => DIRECTIONALS[word] ?? SUFFIXES[word] ?? word;
const unitId = (word: string | undefined) => (word ? word.replaceAll('-', '') || null : null);
const HOUSE_NUMBER = /^\d+[A-Z]?$|^\d+-\d+$|^\d+\/\d+$/;

/** Splits an address line into house number, standardised street words and unit. */
export function parseServiceAddress(text: string): ParsedAddress {
  const [main = '', ...rest] = text.split(',');
  let tokens = words(main);
  const unitSegment = rest
    .map(words)
    .find((segment) => segment[0] !== undefined && segment[0] in UNIT_DESIGNATORS);
  if (unitSegment) tokens = [...tokens, ...unitSegment];
  let unit: string | null = null;
  const designatorAt = tokens.findIndex((token, i) => i > 0 && token in UNIT_DESIGNATORS);
  if (designatorAt > 0) {
    unit = unitId(tokens[designatorAt + 1]);
    tokens = tokens.slice(0, designatorAt);
  }
  const houseNumber = tokens[0] && HOUSE_NUMBER.test(tokens[0]) ? tokens[0] : '';
  const street = (houseNumber ? tokens.slice(1) : tokens).map(standard);
  return { houseNumber, street, unit };
}

/** The unit of a premise's second address line ("Apt 12B" gives "12B"), or null. */
export function unitOf(address2: string | null | undefined): string | null {
  if (!address2) return null;
  const tokens = words(address2);
  if (tokens.length === 0) return null;
  return tokens[0]! in UNIT_DESIGNATORS ? unitId(tokens[1]) : unitId(tokens.join(''));
}

/** The house number of an address line, as stored in the premise directory for indexed look-ups. */
export const houseNumberOf = (address1: string) => parseServiceAddress(address1).houseNumber;

/** The street name without directionals and a trailing suffix: "N ELM ST" gives "ELM". */
export function streetNameOf(street: string[]): string {
  const name = [...street];
  if (name.length > 1 && DIRECTIONAL_CODES.has(name[0]!)) name.shift();
  if (name.length > 1 && DIRECTIONAL_CODES.has(name.at(-1)!)) name.pop();
  if (name.length > 1 && SUFFIX_CODES.has(name.at(-1)!)) name.pop();
  return name.join(' ');
}

export interface PremiseAddress {
  address_1: string;
  address_2: string | null;
}

/**
 * Strict look-up: the same house number and street, written in any standard way. Without a unit in the
 * searched text, every unit at that street address matches; with one, only that unit.
 */
export function matchesStrictly(searched: ParsedAddress, premise: PremiseAddress): boolean {
  const line = parseServiceAddress(premise.address_1);
  if (line.houseNumber !== searched.houseNumber) return false;
  if (line.street.join(' ') !== searched.street.join(' ')) return false;
  return searched.unit === null || searched.unit === unitOf(premise.address_2);
}

/**
 * Loose look-up (alternative search): units, directionals and street suffixes are ignored; the house number
 * must be the same (when one is given) and the premise's street name must start with the searched one.
 */
export function matchesLoosely(searched: ParsedAddress, premise: PremiseAddress): boolean {
  const line = parseServiceAddress(premise.address_1);
  if (searched.houseNumber !== '' && line.houseNumber !== searched.houseNumber) return false;
  const wanted = streetNameOf(searched.street);
  return wanted !== '' && streetNameOf(line.street).startsWith(wanted);
}

/** Whether a typed service address is this premise's address: same street line and the same unit (or none). */
export function isSameServiceAddress(text: string, premise: PremiseAddress): boolean {
  const searched = parseServiceAddress(text);
  const line = parseServiceAddress(premise.address_1);
  return (
    searched.houseNumber !== '' &&
    line.houseNumber === searched.houseNumber &&
    line.street.join(' ') === searched.street.join(' ') &&
    searched.unit === unitOf(premise.address_2)
  );
}
