import type { Kysely } from 'kysely';

/**
 * Why an agent waived an early termination fee: money the supplier forgoes is never waived without a reason, kept
 * on the invoice beside who waived it and when. Invoices resolved before have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('etf_invoices').addColumn('resolution_note', 'text').execute();
}
