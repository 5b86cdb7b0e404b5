import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findSigningAccountByProviderId } from '../prospects/index.js';

/** The signing account a webhook names, and the sealed Connect HMAC keys it may be signed with. */
export async function findAccountWithKeys(db: Kysely<Database>, providerAccountId: string) {
  const account = await findSigningAccountByProviderId(db, providerAccountId);
  if (!account) return undefined;
  const keys = await db
    .selectFrom('signing_connect_keys')
    .select('key_sealed')
    .where('signing_account_id', '=', account.id)
    .orderBy('id')
    .execute();
  return { ...account, sealedKeys: keys.map((k) => k.key_sealed) };
}

/** Records an event once (the envelope's status history); false when the same event was already recorded (a replay). */
export async function recordEvent(
  db: Kysely<Database>,
  event: {
    companyId: number;
    eventKey: string;
    event: string;
    envelopeId: string;
    signingStatus: string | null;
    generatedAt: string;
    receivedAt: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('signing_webhook_events')
    .values({
      company_id: event.companyId,
      event_key: event.eventKey,
      event: event.event,
      envelope_id: event.envelopeId,
      outcome: 'received',
      received_at: event.receivedAt,
      signing_status: event.signingStatus,
      generated_at: event.generatedAt,
    })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function setOutcome(db: Kysely<Database>, eventKey: string, outcome: string): Promise<void> {
  await db.updateTable('signing_webhook_events').set({ outcome }).where('event_key', '=', eventKey).execute();
}

export function findEvent(db: Kysely<Database>, eventKey: string) {
  return db
    .selectFrom('signing_webhook_events')
    .select(['outcome', 'received_at'])
    .where('event_key', '=', eventKey)
    .executeTakeFirst();
}
