import { type Kysely, sql } from 'kysely';

/**
 * The in-process sandbox signing service gets its own table, `sandbox_signing_envelopes` (its adapter's, like the
 * sandbox gateway's `sandbox_gateway_*`), instead of the `sandbox_state` column of `signing_envelopes`, the prospects
 * module's table: an adapter never asks a module. It keeps, per envelope id, the sandbox's state and the captive
 * signer the envelope was created with. The sandbox envelopes already made move over; a row without an envelope id
 * has none a caller can ever name, so it has nothing to move.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_signing_envelopes')
    .addColumn('envelope_id', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('client_user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into sandbox_signing_envelopes (envelope_id, state, client_user_id, created_at)
    select envelope_id, sandbox_state, client_user_id, created_at from signing_envelopes
    where envelope_id is not null and sandbox_state is not null`.execute(db);
  await db.schema.alterTable('signing_envelopes').dropColumn('sandbox_state').execute();
}
