import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PremisesTable } from '../../db/tables/premises.js';

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

/** How many premises of the directory each of these TDSPs (by utility code) has. */
export async function esiidCountsByUtilityCode(db: Kysely<Database>, codes: string[]) {
  const rows = await db
    .selectFrom('premises')
    .select(['utility_code', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('utility_code', 'in', codes.length ? codes : [''])
    .groupBy('utility_code')
    .execute();
  return new Map(rows.map((r) => [r.utility_code, Number(r.count)]));
}
