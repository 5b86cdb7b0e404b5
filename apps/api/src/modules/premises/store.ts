import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PremisesTable } from '../../db/tables/premises.js';

/** The company's active Texas utilities (TDSPs), with their ESIID prefix and length. */
export function texasUtilities(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('utilities')
    .innerJoin('markets', 'markets.id', 'utilities.market_id')
    .select([
      'utilities.id',
      'utilities.code',
      'utilities.name',
      'utilities.ldc_prefix',
      'utilities.ldc_length',
    ])
    .where('utilities.company_id', '=', companyId)
    .where('utilities.active', '=', 1)
    .where('markets.state_code', '=', 'TX')
    .where('utilities.ldc_prefix', 'is not', null)
    .orderBy('utilities.id')
    .execute();
}

/** The ids of the company's utilities that serve a zip code. */
export async function utilitiesServingZip(db: Kysely<Database>, companyId: number, zipcode: string) {
  const rows = await db
    .selectFrom('utility_zipcodes')
    .innerJoin('zipcodes', 'zipcodes.id', 'utility_zipcodes.zipcode_id')
    .innerJoin('utilities', 'utilities.id', 'utility_zipcodes.utility_id')
    .select('utilities.id')
    .where('zipcodes.zipcode', '=', zipcode)
    .where('utilities.company_id', '=', companyId)
    .execute();
  return rows.map((row) => row.id);
}

/** The USPS state of a zip code the platform knows, or undefined. */
export async function stateOfZip(db: Kysely<Database>, zipcode: string) {
  const row = await db
    .selectFrom('zipcodes')
    .innerJoin('cities', 'cities.id', 'zipcodes.city_id')
    .innerJoin('counties', 'counties.id', 'cities.county_id')
    .innerJoin('states', 'states.id', 'counties.state_id')
    .select('states.code')
    .where('zipcodes.zipcode', '=', zipcode)
    .executeTakeFirst();
  return row?.code;
}

/** Premises of a zip code delivered by the given utilities, narrowed to one house number when given. */
export function premisesInZip(
  db: Kysely<Database>,
  zipcode: string,
  utilityCodes: string[],
  houseNumber: string | undefined,
) {
  let query = db
    .selectFrom('premises')
    .selectAll()
    .where('zipcode', '=', zipcode)
    .where('utility_code', 'in', utilityCodes);
  if (houseNumber) query = query.where('house_number', '=', houseNumber);
  return query.execute();
}

export const findPremise = (db: Kysely<Database>, esiid: string) =>
  db.selectFrom('premises').selectAll().where('esiid', '=', esiid).executeTakeFirst();

export const findCustomerTypeCode = (db: Kysely<Database>, companyId: number, customerTypeId: number) =>
  db
    .selectFrom('customer_types')
    .select('code')
    .where('id', '=', customerTypeId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();

/** A company's utility with what the unknown-meter rule needs: its commodity, state and the company's setting. */
export const utilityForMeterCheck = (db: Kysely<Database>, companyId: number, utilityId: number) =>
  db
    .selectFrom('utilities')
    .innerJoin('markets', 'markets.id', 'utilities.market_id')
    .leftJoin('company_settings', 'company_settings.company_id', 'utilities.company_id')
    .select([
      'utilities.code',
      'utilities.name',
      'utilities.commodity',
      'markets.state_code',
      'company_settings.unknown_esiids',
    ])
    .where('utilities.company_id', '=', companyId)
    .where('utilities.id', '=', utilityId)
    .executeTakeFirstOrThrow();

export const isKnownEsiid = async (db: Kysely<Database>, utilityCode: string, esiid: string) =>
  Boolean(
    await db
      .selectFrom('premises')
      .select('esiid')
      .where('esiid', '=', esiid)
      .where('utility_code', '=', utilityCode)
      .executeTakeFirst(),
  );

/** The stored premises of these ESIIDs. */
export const premisesOf = (db: Kysely<Database>, esiids: string[]) =>
  db.selectFrom('premises').selectAll().where('esiid', 'in', esiids).execute();

/** Inserts the premises; one whose ESIID is stored overwrites the stored row's `columns`. */
export async function upsertPremises(
  db: Kysely<Database>,
  rows: Insertable<PremisesTable>[],
  columns: readonly (keyof PremisesTable)[],
) {
  await db
    .insertInto('premises')
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('esiid')
        .doUpdateSet((eb) =>
          Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}`)])),
        ),
    )
    .execute();
}

/** Deletes the premises of these ESIIDs: how many there were. */
export async function deletePremises(db: Kysely<Database>, esiids: string[]) {
  const result = await db.deleteFrom('premises').where('esiid', 'in', esiids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
