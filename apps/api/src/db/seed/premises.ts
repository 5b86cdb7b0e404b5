/**
 * The Texas premise (ESIID) directory seed.
 *
 * THIS IS A SAMPLE DIRECTORY: deterministic, made-up premises on real street names of each served Texas zip
 * code, with ESIIDs built from the real TDSP prefixes. No premise here is a real ESIID. In production the
 * directory is ERCOT's public TDSP ESIID extract, loaded through the same `premises` table (one row per
 * ESIID; `house_number` derived with `houseNumberOf`).
 *
 * For each Texas zip code: 20 to 40 premises, about 10% Commercial, about 5% De-Energized, some apartment
 * buildings with units. The same input always gives the same rows (a seeded generator, no Math.random).
 */
import type { Insertable, Kysely } from 'kysely';
import { houseNumberOf } from '../../domain/service-address.js';
import type { Database } from '../schema.js';
import type { PremisesTable } from '../tables/premises.js';
import { SERVICE_AREA_ZIPS, UTILITIES, type ZipRow } from './data/index.js';

/** The date of the sample extract. */
const EXTRACT_DATE = '2026-11-01T06:00:00.000Z';

/** Real street names of each seeded Texas city. */
const STREETS: Record<string, readonly string[]> = {
  Abilene: [
    'Pine St',
    'Cypress St',
    'Butternut St',
    'Treadaway Blvd',
    'Judge Ely Blvd',
    'Sayles Blvd',
    'Ambler Ave',
  ],
  Alice: ['Main St', 'Reynolds St', 'Cameron St', 'Stadium Rd', 'Texas Blvd', 'Almond St'],
  Alpine: ['Holland Ave', 'Murphy St', 'Fifth St', 'Cockrell St', 'Ward St', 'Avenue E'],
  Arlington: [
    'Abram St',
    'Cooper St',
    'Division St',
    'Pioneer Pkwy',
    'Park Row Dr',
    'Randol Mill Rd',
    'Bowen Rd',
  ],
  Baytown: ['Texas Ave', 'Decker Dr', 'Garth Rd', 'Baker Rd', 'Alexander Dr', 'Market St'],
  'Corpus Christi': [
    'Ocean Dr',
    'Alameda St',
    'Staples St',
    'Santa Fe St',
    'Everhart Rd',
    'Weber Rd',
    'Airline Rd',
  ],
  Dallas: [
    'Elm St',
    'Main St',
    'Commerce St',
    'Ross Ave',
    'McKinney Ave',
    'Gaston Ave',
    'Swiss Ave',
    'Lemmon Ave',
    'Cedar Springs Rd',
    'Greenville Ave',
    'Oak Lawn Ave',
    'Preston Rd',
  ],
  'Del Rio': ['Main St', 'Veterans Blvd', 'Gibbs St', 'Garfield Ave', 'Bedell Ave', 'Las Vacas St'],
  Dickinson: ['Main St', 'Deats Rd', 'Hughes Ln', 'Kansas Ave', 'Oak Dr'],
  'Eagle Pass': ['Main St', 'Ceylon St', 'Garrison St', 'Bliss St', 'Del Rio Blvd'],
  'Fort Stockton': ['Dickinson Blvd', 'Main St', 'Nelson St', 'Gallagher St', 'Sanderson Hwy'],
  'Fort Worth': [
    'Magnolia Ave',
    'Hemphill St',
    'Camp Bowie Blvd',
    'Lancaster Ave',
    'Berry St',
    'Park Place Ave',
    'Jennings Ave',
    'Rosedale St',
  ],
  Friendswood: ['Friendswood Dr', 'Edgewood Dr', 'Castlewood Ave', 'Sunset Dr', 'Winding Way'],
  Galveston: [
    'Seawall Blvd',
    'Broadway Ave',
    'Ball St',
    'Church St',
    'Postoffice St',
    'Winnie St',
    'Market St',
  ],
  Harlingen: ['Jackson Ave', 'Tyler Ave', 'Ed Carey Dr', 'Commerce St', 'Morgan Blvd', 'Harrison Ave'],
  Hitchcock: ['Main St', 'Neville Ave', 'Delesandri Ln', 'Stewart Rd'],
  Houston: [
    'Westheimer Rd',
    'Montrose Blvd',
    'Washington Ave',
    'Heights Blvd',
    'Yale St',
    'Richmond Ave',
    'Fannin St',
    'Shepherd Dr',
    'Alabama St',
    'Navigation Blvd',
    'Memorial Dr',
    'San Felipe St',
  ],
  Humble: ['Main St', 'Higgins St', 'Atascocita Rd', 'Will Clayton Pkwy', 'Charles St', 'Bender Ave'],
  Irving: ['MacArthur Blvd', 'Irving Blvd', 'Story Rd', 'Rochelle Blvd', 'Las Colinas Blvd', 'Belt Line Rd'],
  Katy: ['Mason Rd', 'Franz Rd', 'Pin Oak Rd', 'Katy Fort Bend Rd', 'Fry Rd', 'Clay Rd'],
  Killeen: ['Gray St', 'Rancier Ave', 'Trimmier Rd', 'Elms Rd', 'Fort Hood St', 'Jasper Dr'],
  Kingsville: ['Kleberg Ave', 'King Ave', 'Santa Gertrudis Ave', 'Armstrong St', 'Corral Ave'],
  'La Marque': ['Bayou Rd', 'Vauthier Rd', 'Cedar Dr', 'Laurel St', 'Lake Rd'],
  Laredo: ['San Bernardo Ave', 'Saunders St', 'McPherson Rd', 'Del Mar Blvd', 'Guadalupe St', 'Convent Ave'],
  'League City': ['Main St', 'League City Pkwy', 'Walker St', 'Egret Bay Blvd', 'Calder Rd', 'Butler Rd'],
  Lewisville: ['Main St', 'Mill St', 'Valley Pkwy', 'Fox Ave', 'Kealy Ave', 'Round Grove Rd', 'Corporate Dr'],
  Marfa: ['Highland Ave', 'San Antonio St', 'Lincoln St', 'El Paso St', 'Dean St'],
  McAllen: ['Main St', 'Nolana Ave', 'Pecan Blvd', 'Bicentennial Blvd', 'Ware Rd', 'Dove Ave', '10th St'],
  McCamey: ['Burleson St', 'Gulf Ave', 'Eighth St', 'Crane Hwy'],
  Midland: ['Wall St', 'Texas Ave', 'Big Spring St', 'Garfield St', 'Andrews Hwy', 'Wadley Ave'],
  'Missouri City': ['Texas Pkwy', 'Cartwright Rd', 'Murphy Rd', 'Sienna Pkwy', 'Lexington Blvd'],
  Odessa: ['Grant Ave', 'Dixie Blvd', 'University Blvd', 'Eighth St', 'Kermit Hwy', 'Golder Ave'],
  Pasadena: ['Southmore Ave', 'Shaver St', 'Burke Rd', 'Red Bluff Rd', 'Preston Ave', 'Fairmont Pkwy'],
  Pecos: ['Cedar St', 'Oak St', 'Eddy St', 'Third St', 'Palmer St'],
  Plano: [
    'Legacy Dr',
    'Parker Rd',
    'Spring Creek Pkwy',
    'Custer Rd',
    'Coit Rd',
    'Park Blvd',
    'Independence Pkwy',
  ],
  Presidio: ["O'Reilly St", 'Erma Ave', 'Anderson St', 'Kelly St'],
  'San Angelo': [
    'Chadbourne St',
    'Oakes St',
    'Beauregard Ave',
    'Sherwood Way',
    'Knickerbocker Rd',
    'Harris Ave',
  ],
  Stamford: ['Swenson St', 'Wells St', 'McHarg St', 'Ferguson St'],
  'Sugar Land': [
    'Brooks St',
    'Lexington Blvd',
    'Sweetwater Blvd',
    'Williams Trace Blvd',
    'Dulles Ave',
    'Eldridge Rd',
  ],
  'Texas City': ['Palmer Hwy', 'Texas Ave', 'Sixth St', '25th Ave', 'Bay St'],
  Tyler: [
    'Broadway Ave',
    'Front St',
    'Erwin St',
    'Beckham Ave',
    'Fifth St',
    'Old Jacksonville Hwy',
    'Paluxy Dr',
  ],
  Vernon: ['Wilbarger St', 'Main St', 'Cumberland St', 'Pease St', 'Paradise St'],
  Victoria: ['Navarro St', 'Main St', 'Rio Grande St', 'Red River St', 'Laurent St', 'Airline Rd'],
  Waco: ['Austin Ave', 'Franklin Ave', 'Colcord Ave', 'Bosque Blvd', 'Sanger Ave', 'Valley Mills Dr'],
  'Wichita Falls': ['Kemp Blvd', 'Kell Blvd', 'Seymour Hwy', 'Southwest Pkwy', 'Taft Blvd', 'Lamar St'],
};

const FALLBACK_STREETS = ['Main St', 'Oak St', 'Pecan St', 'Elm St', 'Cedar St', 'Church St'] as const;

/** mulberry32: a small, fast, seeded pseudo-random generator (deterministic for a given seed). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

type Generator = ReturnType<typeof generator>;

interface TexasUtility {
  code: string;
  prefix: string;
  length: number;
}

const TEXAS_TDSPS: readonly TexasUtility[] = UTILITIES.filter(
  (u) => u.stateCode === 'TX' && u.ldcPrefix !== null,
).map((u) => ({ code: u.code, prefix: u.ldcPrefix!, length: u.ldcLength }));

/**
 * ESIID: the TDSP's prefix, then the zip code, then the premise's number in that zip scrambled by a
 * bijection (multiplying by a prime coprime with 10 modulo a power of ten), so ESIIDs are unique.
 */
function esiidOf(utility: TexasUtility, zipcode: string, index: number): string {
  const digits = utility.length - utility.prefix.length - zipcode.length;
  const modulus = 10 ** digits;
  const serial = (index * 7919 + Number(zipcode) * 31) % modulus;
  return `${utility.prefix}${zipcode}${String(serial).padStart(digits, '0')}`;
}

function unitName(random: Generator, floorCount: number): string {
  const floor = random.int(1, floorCount);
  return random.next() < 0.5
    ? `Apt ${floor}${random.pick(['A', 'B', 'C', 'D'])}`
    : `Apt ${floor}${String(random.int(1, 20)).padStart(2, '0')}`;
}

function meterType(random: Generator, commercial: boolean): string {
  const draw = random.next();
  if (commercial) return draw < 0.6 ? 'AMSR' : draw < 0.9 ? 'IDR' : 'NIDR';
  return draw < 0.96 ? 'AMSR' : 'AMSM';
}

/** The sample premises of one zip code. */
export function samplePremises(zip: ZipRow): Insertable<PremisesTable>[] {
  const utilities = TEXAS_TDSPS.filter((u) => zip.utilityCodes.includes(u.code));
  if (utilities.length === 0) return [];
  const random = generator(Number(zip.zipcode));
  const streets = STREETS[zip.city] ?? FALLBACK_STREETS;
  const count = random.int(20, 40);
  const seen = new Set<string>();
  const rows: Insertable<PremisesTable>[] = [];
  const add = (address_1: string, address_2: string | null, commercial: boolean) => {
    const key = `${address_1}|${address_2 ?? ''}`;
    if (seen.has(key) || rows.length >= count) return;
    seen.add(key);
    const utility = utilities[rows.length % utilities.length]!;
    rows.push({
      esiid: esiidOf(utility, zip.zipcode, rows.length),
      utility_code: utility.code,
      address_1,
      address_2,
      house_number: houseNumberOf(address_1),
      city: zip.city,
      state: zip.stateCode,
      zipcode: zip.zipcode,
      premise_type: commercial ? 'Commercial' : 'Residential',
      status: random.next() < 0.05 ? 'De-Energized' : 'Active',
      meter_type: meterType(random, commercial),
      // A made-up premise has none of the extract's TDSP, read cycle, region, station or metered columns.
      tdsp_duns: null,
      meter_read_cycle: null,
      power_region: null,
      station_code: null,
      metered: null,
      updated_at: EXTRACT_DATE,
    });
  };
  while (rows.length < count) {
    const street = random.pick(streets);
    const draw = random.next();
    if (draw < 0.15) {
      add(
        `${random.int(100, 9900)} ${street}`,
        random.next() < 0.4 ? `Ste ${random.int(1, 4)}00` : null,
        true,
      );
    } else if (draw < 0.24) {
      const building = `${random.int(100, 9900)} ${street}`;
      const floors = random.int(2, 4);
      for (let unit = random.int(3, 6); unit > 0; unit -= 1) add(building, unitName(random, floors), false);
    } else {
      add(`${random.int(100, 9999)} ${street}`, null, false);
    }
  }
  return rows;
}

const CHUNK = 500;

/** Loads the sample directory when the premises table is empty; returns whether it did. */
export async function seedPremises(db: Kysely<Database>): Promise<boolean> {
  const present = await db.selectFrom('premises').select('esiid').limit(1).executeTakeFirst();
  if (present) return false;
  const rows = SERVICE_AREA_ZIPS.filter((zip) => zip.stateCode === 'TX').flatMap(samplePremises);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += CHUNK) {
      await trx
        .insertInto('premises')
        .values(rows.slice(start, start + CHUNK))
        .execute();
    }
  });
  return true;
}
