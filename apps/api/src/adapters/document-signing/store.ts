import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SandboxSigningEnvelopesTable } from '../../db/tables/document-signing.js';

type Db = Kysely<Database>;

// The sandbox signing service's own table: its side of each envelope, by the envelope id it gave.

export async function recordSandboxEnvelope(
  db: Db,
  envelope: Insertable<SandboxSigningEnvelopesTable>,
): Promise<void> {
  await db.insertInto('sandbox_signing_envelopes').values(envelope).execute();
}

export function findSandboxEnvelope(db: Db, envelopeId: string) {
  return db
    .selectFrom('sandbox_signing_envelopes')
    .select(['state', 'client_user_id'])
    .where('envelope_id', '=', envelopeId)
    .executeTakeFirst();
}

export async function setSandboxEnvelopeState(db: Db, envelopeId: string, state: string): Promise<void> {
  await db
    .updateTable('sandbox_signing_envelopes')
    .set({ state })
    .where('envelope_id', '=', envelopeId)
    .execute();
}

/** Moves the envelope from one state to another; false when it was not in `from` (or does not exist). */
export async function moveSandboxEnvelope(
  db: Db,
  envelopeId: string,
  from: string,
  to: string,
): Promise<boolean> {
  const moved = await db
    .updateTable('sandbox_signing_envelopes')
    .set({ state: to })
    .where('envelope_id', '=', envelopeId)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
