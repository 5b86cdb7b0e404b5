import type { Kysely } from 'kysely';

/**
 * A plan's acceptance options change without rewriting what customers agreed to: an enrollment keeps the ids of the
 * options it accepted, so an option staff reword or remove is retired (kept, with the moment) rather than edited or
 * deleted, and plan shopping offers only the options not retired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plan_acceptance_options').addColumn('retired_at', 'text').execute();
}
