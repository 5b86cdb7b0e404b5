import type { Kysely } from 'kysely';

/**
 * Handing sales to the verification provider: each verification's attempts, when it may be tried again (a claim
 * while one node sends it, then the backoff after a failure), and the last failure; plans that need verification.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tpv_verifications')
    .addColumn('dispatch_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('tpv_verifications').addColumn('next_dispatch_at', 'integer').execute();
  await db.schema.alterTable('tpv_verifications').addColumn('last_dispatch_error', 'text').execute();
  await db.schema
    .createIndex('tpv_verifications_to_dispatch')
    .on('tpv_verifications')
    .columns(['result', 'next_dispatch_at'])
    .execute();
  await db.schema
    .alterTable('plans')
    .addColumn('verification_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
