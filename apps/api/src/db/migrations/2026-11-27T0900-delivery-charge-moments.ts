import type { Kysely } from 'kysely';

/**
 * A utility's delivery charges become sets effective from a moment, as TDSPs change their tariffs (in Texas each
 * March and September): a new set is saved ahead and takes over at its moment; the EFL averages follow. The charges
 * held so far are one set in effect since long before any plan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('utility_delivery_charges')
    .addColumn('effective_from', 'text', (c) => c.notNull().defaultTo('2000-01-01T00:00:00.000Z'))
    .execute();
  await db.schema
    .createIndex('utility_delivery_charges_in_effect')
    .on('utility_delivery_charges')
    .columns(['utility_id', 'effective_from'])
    .execute();
}
