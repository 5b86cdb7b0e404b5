import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * The tables plan shopping answers from. Database triggers (migration 2026-11-21T1000-change-stamps) count every
 * write to them in `change_stamps`, on whichever node or tool made it, so a node can tell whether what it has cached
 * is still what the database holds with one small read.
 */
export const CATALOG_TABLES = [
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

export const CATALOG_STAMP = 'catalog';

export async function readChangeStamp(db: Kysely<Database>, scope: string): Promise<number> {
  const row = await db
    .selectFrom('change_stamps')
    .select('version')
    .where('scope', '=', scope)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** The statements that make every write to `table` count in the stamp `scope`. */
export function stampTriggers(postgres: boolean, table: string, scope: string) {
  const bump = sql`update change_stamps set version = version + 1 where scope = ${sql.lit(scope)}`;
  if (postgres)
    // One count per statement, not per row: a bulk import is one change.
    return [
      sql`create trigger ${sql.id(`${table}_${scope}_stamp`)} after insert or update or delete or truncate on ${sql.table(table)}
          for each statement execute function voltin_bump_${sql.raw(scope)}_stamp()`,
    ];
  return ['insert', 'update', 'delete'].map(
    (event) =>
      sql`create trigger ${sql.id(`${table}_${scope}_stamp_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin ${bump}; end`,
  );
}
