import type { Kysely } from 'kysely';

/**
 * Dual billing: in a territory where the utility bills (utility-consolidated), a supplier may send its own bill
 * beside the utility's. The utility says whether the supplier does so there; an enrollment keeps the arrangement it
 * was made under, and the delivery-method and payment rules read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('utilities')
    .addColumn('dual_billing', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('enrollments')
    .addColumn('dual_billed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
