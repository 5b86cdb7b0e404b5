import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { SERVICE_AREA_ZIPS, US_STATES } from './data/index.js';

const LANGUAGES = [
  { name: 'English', short_name: 'en', is_default: 1, active: 1 },
  { name: 'Spanish', short_name: 'es', is_default: 0, active: 1 },
] as const;

const CONTACT_METHODS = [
  { name: 'Email', description: 'The customer agreed to be contacted by email.' },
  { name: 'Phone', description: 'The customer agreed to be called.' },
  { name: 'Text message', description: 'The customer agreed to receive text messages (SMS).' },
  { name: 'Mail', description: 'The customer agreed to be contacted by postal mail.' },
] as const;

async function idOf(
  trx: Transaction<Database>,
  table: 'counties' | 'cities',
  parentColumn: 'state_id' | 'county_id',
  parentId: number,
  name: string,
) {
  const existing = await trx
    .selectFrom(table)
    .select('id')
    .where(parentColumn, '=', parentId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.id;
  const row = await trx
    .insertInto(table)
    .values({ [parentColumn]: parentId, name } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Real, tenant-independent reference data: states, the served areas' geography, languages, consent methods. */
export async function seedReferenceData(db: Kysely<Database>): Promise<boolean> {
  const present = await db.selectFrom('states').select('id').limit(1).executeTakeFirst();
  if (present) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('states')
      .values(US_STATES.map((s) => ({ code: s.code, name: s.name })))
      .execute();
    const states = new Map(
      (await trx.selectFrom('states').select(['id', 'code']).execute()).map((s) => [s.code, s.id]),
    );
    for (const zip of SERVICE_AREA_ZIPS) {
      const countyId = await idOf(trx, 'counties', 'state_id', states.get(zip.stateCode)!, zip.county);
      const cityId = await idOf(trx, 'cities', 'county_id', countyId, zip.city);
      await trx.insertInto('zipcodes').values({ zipcode: zip.zipcode, city_id: cityId }).execute();
    }
    await trx
      .insertInto('languages')
      .values([...LANGUAGES])
      .execute();
    await trx
      .insertInto('contact_methods')
      .values([...CONTACT_METHODS])
      .execute();
  });
  return true;
}
