import type { Kysely } from 'kysely';

/**
 * A retail company has one market per state, as it already has one brand per system name and one utility per code:
 * `company:apply` adds markets by state, and two runs at once must not add one twice. The second run's insert fails
 * on this index and its whole transaction rolls back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('markets_company_state')
    .unique()
    .on('markets')
    .columns(['company_id', 'state_code'])
    .execute();
}
