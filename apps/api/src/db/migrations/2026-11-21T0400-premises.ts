import type { Kysely } from 'kysely';

/** The Texas premise (ESIID) directory: one row per ESIID, the same for every retail company. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('premises')
    .addColumn('esiid', 'text', (c) => c.primaryKey())
    .addColumn('utility_code', 'text', (c) => c.notNull())
    .addColumn('address_1', 'text', (c) => c.notNull())
    .addColumn('address_2', 'text')
    .addColumn('house_number', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zipcode', 'text', (c) => c.notNull())
    .addColumn('premise_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('meter_type', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('premises_zipcode_house_number')
    .on('premises')
    .columns(['zipcode', 'house_number'])
    .execute();
}
