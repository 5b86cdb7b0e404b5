import type { Kysely } from 'kysely';

/**
 * Federal tax ids were kept in clear. The column becomes `fed_tax_id_sealed`; sealing needs the master key, which
 * migrations never see, so the customers module seals the values still in clear at start-up, right after the
 * migrations (modules/customers/sealed-tax-ids.ts), before the node serves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customers').renameColumn('fed_tax_id', 'fed_tax_id_sealed').execute();
}
