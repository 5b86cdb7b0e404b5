import { type Kysely, sql } from 'kysely';
import { bumpStatement, CATALOG_STAMP, stampTriggers } from '../change-stamps.js';
import { isPostgres } from '../migration-helpers.js';

/** The plan-shopping catalogue's tables when this migration was written (later migrations add their own). */
const CATALOG_TABLES = [
  'retail_companies',
  'company_settings',
  'brands',
  'markets',
  'states',
  'counties',
  'cities',
  'zipcodes',
  'languages',
  'contact_methods',
  'customer_types',
  'utilities',
  'utility_customer_types',
  'utility_zipcodes',
  'utility_delivery_charges',
  'plans',
  'plan_time_of_use_rates',
  'plan_acceptance_options',
  'plan_documents',
  'market_documents',
  'campaigns',
  'plan_bundles',
] as const;

/** A counter of writes to the plan-shopping catalogue, kept by triggers, so answers from it can be cached safely. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('change_stamps')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('change_stamps' as never)
    .values({ scope: CATALOG_STAMP, version: 0 } as never)
    .execute();
  if (postgres)
    await sql`create function ${sql.raw(`voltin_bump_${CATALOG_STAMP}_stamp`)}() returns trigger language plpgsql as $$
      begin
        ${bumpStatement(CATALOG_STAMP)};
        return null;
      end $$`.execute(db);
  for (const table of CATALOG_TABLES)
    for (const statement of stampTriggers(postgres, table, CATALOG_STAMP)) await statement.execute(db);
}
