import type { Insertable, Kysely } from 'kysely';
import type { Database, UtilityDeliveryChargesTable } from '../../db/schema.js';

export function listBrands(db: Kysely<Database>, companyId: number, systemName?: string) {
  let query = db.selectFrom('brands').selectAll().where('company_id', '=', companyId);
  if (systemName !== undefined) query = query.where('system_name', '=', systemName);
  return query.orderBy('id').execute();
}

export const listStates = (db: Kysely<Database>) =>
  db.selectFrom('states').selectAll().orderBy('name').execute();

export const findState = (db: Kysely<Database>, stateId: number) =>
  db.selectFrom('states').select('id').where('id', '=', stateId).executeTakeFirst();

export function listCounties(db: Kysely<Database>, stateId?: number) {
  let query = db.selectFrom('counties').selectAll();
  if (stateId !== undefined) query = query.where('state_id', '=', stateId);
  return query.orderBy('name').execute();
}

export const findCounty = (db: Kysely<Database>, countyId: number) =>
  db.selectFrom('counties').select('id').where('id', '=', countyId).executeTakeFirst();

export const findZipcode = (db: Kysely<Database>, zipcodeId: number) =>
  db.selectFrom('zipcodes').select(['id', 'zipcode']).where('id', '=', zipcodeId).executeTakeFirst();

export function listCities(db: Kysely<Database>, countyId?: number) {
  let query = db.selectFrom('cities').selectAll();
  if (countyId !== undefined) query = query.where('county_id', '=', countyId);
  return query.orderBy('name').execute();
}

/** Zip codes served by at least one of the company's active utilities. */
export function listServedZipcodes(
  db: Kysely<Database>,
  companyId: number,
  filter: { stateCode?: string; zipcodePrefix?: string },
) {
  let query = db
    .selectFrom('zipcodes')
    .innerJoin('cities', 'cities.id', 'zipcodes.city_id')
    .innerJoin('counties', 'counties.id', 'cities.county_id')
    .innerJoin('states', 'states.id', 'counties.state_id')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('utility_zipcodes')
          .innerJoin('utilities', 'utilities.id', 'utility_zipcodes.utility_id')
          .select('utility_zipcodes.zipcode_id')
          .whereRef('utility_zipcodes.zipcode_id', '=', 'zipcodes.id')
          .where('utilities.company_id', '=', companyId)
          .where('utilities.active', '=', 1),
      ),
    )
    .select([
      'zipcodes.id as id_zipcode',
      'zipcodes.zipcode',
      'cities.id as id_city',
      'cities.name as city',
      'counties.id as id_county',
      'counties.name as county',
      'states.id as id_state',
      'states.code as state_code',
    ]);
  if (filter.stateCode) query = query.where('states.code', '=', filter.stateCode);
  if (filter.zipcodePrefix) query = query.where('zipcodes.zipcode', 'like', `${filter.zipcodePrefix}%`);
  return query.orderBy('zipcodes.zipcode').execute();
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

/** The ids of the utilities (every company's) that serve a zip code. */
export async function utilityIdsServingZip(db: Kysely<Database>, zipcode: string) {
  const rows = await db
    .selectFrom('utility_zipcodes')
    .innerJoin('zipcodes', 'zipcodes.id', 'utility_zipcodes.zipcode_id')
    .select('utility_zipcodes.utility_id')
    .where('zipcodes.zipcode', '=', zipcode)
    .execute();
  return rows.map((row) => row.utility_id);
}

/** The zip codes these utilities serve, with the utility, by zip code. */
export function zipcodesOfUtilities(db: Kysely<Database>, utilityIds: number[]) {
  if (utilityIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('utility_zipcodes')
    .innerJoin('zipcodes', 'zipcodes.id', 'utility_zipcodes.zipcode_id')
    .select(['utility_zipcodes.utility_id', 'zipcodes.zipcode'])
    .where('utility_zipcodes.utility_id', 'in', utilityIds)
    .orderBy('zipcodes.zipcode')
    .execute();
}

/**
 * The delivery charges in effect at `at` (ISO 8601) of every utility (all companies'), or only of these utilities when
 * given, in id order: each utility's set with the latest moment not after `at`.
 */
export function listDeliveryCharges(db: Kysely<Database>, at: string, utilityIds?: number[]) {
  let query = db
    .selectFrom('utility_delivery_charges')
    .selectAll()
    .where((eb) =>
      eb(
        'effective_from',
        '=',
        eb
          .selectFrom('utility_delivery_charges as set')
          .select((inner) => inner.fn.max('set.effective_from').as('moment'))
          .whereRef('set.utility_id', '=', 'utility_delivery_charges.utility_id')
          .where('set.effective_from', '<=', at),
      ),
    );
  if (utilityIds !== undefined) query = query.where('utility_id', 'in', utilityIds.length ? utilityIds : [0]);
  return query.orderBy('id').execute();
}

/** Every set of a utility's delivery charges, past, in effect and scheduled, newest moment first. */
export function deliveryChargeSets(db: Kysely<Database>, utilityId: number) {
  return db
    .selectFrom('utility_delivery_charges')
    .selectAll()
    .where('utility_id', '=', utilityId)
    .orderBy('effective_from', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * A utility's new set of delivery charges from `effectiveFrom`, in one transaction that locks the utility's row
 * first: two sets saved at once for one moment would mix their charges, so the second finds the first and is
 * refused (false).
 */
export function insertDeliveryChargeSet(
  db: Kysely<Database>,
  utilityId: number,
  effectiveFrom: string,
  charges: Omit<Insertable<UtilityDeliveryChargesTable>, 'utility_id' | 'effective_from'>[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('utilities')
      .set((eb) => ({ allow_enrollments: eb.ref('allow_enrollments') }))
      .where('id', '=', utilityId)
      .execute();
    const taken = await trx
      .selectFrom('utility_delivery_charges')
      .select('id')
      .where('utility_id', '=', utilityId)
      .where('effective_from', '=', effectiveFrom)
      .executeTakeFirst();
    if (taken) return false;
    await trx
      .insertInto('utility_delivery_charges')
      .values(charges.map((charge) => ({ ...charge, utility_id: utilityId, effective_from: effectiveFrom })))
      .execute();
    return true;
  });
}

/** The zip codes among these that the platform knows, each with its id and USPS state. */
export function knownZipcodes(db: Kysely<Database>, zipcodes: string[]) {
  return db
    .selectFrom('zipcodes')
    .innerJoin('cities', 'cities.id', 'zipcodes.city_id')
    .innerJoin('counties', 'counties.id', 'cities.county_id')
    .innerJoin('states', 'states.id', 'counties.state_id')
    .select(['zipcodes.id', 'zipcodes.zipcode', 'states.code as state'])
    .where('zipcodes.zipcode', 'in', zipcodes.length ? zipcodes : [''])
    .execute();
}

/** How many zip codes each of these utilities serves. */
export function zipcodeCounts(db: Kysely<Database>, utilityIds: number[]) {
  return db
    .selectFrom('utility_zipcodes')
    .select(['utility_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('utility_id', 'in', utilityIds.length ? utilityIds : [0])
    .groupBy('utility_id')
    .execute();
}

/**
 * Replaces the zip codes a utility serves, in one transaction that locks the utility's row first, so two lists
 * saved at once apply one after the other; answers the zip codes served before.
 */
export function replaceUtilityZipcodes(db: Kysely<Database>, utilityId: number, zipcodeIds: number[]) {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('utilities')
      .set((eb) => ({ allow_enrollments: eb.ref('allow_enrollments') }))
      .where('id', '=', utilityId)
      .execute();
    const before = (await zipcodesOfUtilities(trx, [utilityId])).map((z) => z.zipcode);
    await trx.deleteFrom('utility_zipcodes').where('utility_id', '=', utilityId).execute();
    if (zipcodeIds.length > 0)
      await trx
        .insertInto('utility_zipcodes')
        .values(zipcodeIds.map((zipcode_id) => ({ utility_id: utilityId, zipcode_id })))
        .execute();
    return before;
  });
}

/** Each zip code the company's utilities serve, with its city, county, state and utility. */
export function listUtilityZipcodes(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('utility_zipcodes')
    .innerJoin('zipcodes', 'zipcodes.id', 'utility_zipcodes.zipcode_id')
    .innerJoin('cities', 'cities.id', 'zipcodes.city_id')
    .innerJoin('counties', 'counties.id', 'cities.county_id')
    .innerJoin('states', 'states.id', 'counties.state_id')
    .innerJoin('utilities', 'utilities.id', 'utility_zipcodes.utility_id')
    .select([
      'zipcodes.zipcode',
      'cities.name as city',
      'counties.name as county',
      'states.code as state',
      'utilities.code as utility',
    ])
    .where('utilities.company_id', '=', companyId)
    .orderBy('zipcodes.zipcode')
    .execute();
}

export function listLanguages(db: Kysely<Database>, onlyActive: boolean) {
  let query = db.selectFrom('languages').selectAll();
  if (onlyActive) query = query.where('active', '=', 1);
  return query.orderBy('id').execute();
}

/** The language marked default (a new customer's language when none is given); throws when there is none. */
export function findDefaultLanguage(db: Kysely<Database>) {
  return db.selectFrom('languages').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow();
}

export function listContactMethods(db: Kysely<Database>, id?: number) {
  let query = db.selectFrom('contact_methods').selectAll();
  if (id !== undefined) query = query.where('id', '=', id);
  return query.orderBy('id').execute();
}
