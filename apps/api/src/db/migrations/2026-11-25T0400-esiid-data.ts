import type { Kysely } from 'kysely';

/**
 * ESIID data: the columns of ERCOT's TDSP ESI ID extract the premise directory did not keep (the TDSP's DUNS, the
 * meter read cycle, the power region, the station and whether the premise is metered), and the flag on an
 * enrollment whose ESIID the directory did not know when it was accepted (the company's `unknown_esiids` is
 * `verify_later`), with the index the agents' unverified-meter queue reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['tdsp_duns', 'meter_read_cycle', 'power_region', 'station_code', 'metered']) {
    await db.schema.alterTable('premises').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('enrollments')
    .addColumn('meter_unverified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('enrollments_meter_unverified')
    .on('enrollments')
    .columns(['company_id', 'meter_unverified'])
    .execute();
}
