import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../migration-helpers.js';

/**
 * The console's customer search answers as staff type, over a million customers: a prefix of a last, first or
 * business name, of an email or of a meter number, or a whole phone number, is one range of one of these indexes
 * (lower-case expression indexes). On PostgreSQL they compare bytes (COLLATE "C"), whatever the database's locale,
 * so a prefix range means the same on both engines (db/text-search.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = isPostgres(db) ? ' collate "C"' : '';
  for (const [name, table, expression] of [
    ['customers_search_last_name', 'customers', 'lower(last_name)'],
    ['customers_search_first_name', 'customers', 'lower(first_name)'],
    ['customers_search_firm_name', 'customers', 'lower(firm_name)'],
    ['customers_search_email', 'customers', 'lower(email)'],
    ['customers_search_phone', 'customers', 'phone'],
    ['enrollments_search_meter', 'enrollments', 'ldc_account'],
  ])
    await sql.raw(`create index ${name} on ${table} (company_id, ${expression}${bytes})`).execute(db);
}
