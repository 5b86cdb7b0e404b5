import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../migration-helpers.js';

/**
 * The name searches list customers as a directory does ("Garcia, Ana", then "Garcia, Beto"), ties by id: the indexes
 * now hold that whole order, so a common prefix ("garc" among a million customers) reads its first twenty entries
 * instead of sorting every match, and a full name ("ana garc") is filtered inside the last-name index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = isPostgres(db) ? ' collate "C"' : '';
  for (const name of [
    'customers_search_last_name',
    'customers_search_first_name',
    'customers_search_firm_name',
  ])
    await sql.raw(`drop index ${name}`).execute(db);
  for (const [name, columns] of [
    ['customers_search_last_name', `lower(last_name)${bytes}, lower(first_name)${bytes}, id`],
    ['customers_search_first_name', `lower(first_name)${bytes}, id`],
    ['customers_search_firm_name', `lower(firm_name)${bytes}, id`],
  ])
    await sql.raw(`create index ${name} on customers (company_id, ${columns})`).execute(db);
}
