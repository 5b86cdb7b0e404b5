import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SigningAccountsTable } from '../../db/tables/prospects.js';

export function findSigningAccount(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('signing_accounts')
    .select(['id', 'account_id', 'template_id', 'template_role'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Records an envelope under Voltin's reference before the signing service is asked to create it (status
 * Requested, no envelope id yet), so no envelope exists there that Voltin has no row of. Returns the row id.
 */
/** The signing account with this id at the signing provider (a webhook names it). */
export function findSigningAccountByProviderId(db: Kysely<Database>, providerAccountId: string) {
  return db
    .selectFrom('signing_accounts')
    .select(['id', 'company_id'])
    .where('account_id', '=', providerAccountId)
    .executeTakeFirst();
}

export async function recordEnvelope(
  db: Kysely<Database>,
  envelope: {
    companyId: number;
    prospectId: number;
    signingAccountId: number;
    reference: string;
    signingMethod: string;
    clientUserId: string | null;
  },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('signing_envelopes')
    .values({
      company_id: envelope.companyId,
      prospect_id: envelope.prospectId,
      signing_account_id: envelope.signingAccountId,
      envelope_id: null,
      reference: envelope.reference,
      signing_method: envelope.signingMethod,
      client_user_id: envelope.clientUserId,
      status: 'Requested',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Drops a recorded envelope the signing service did not create. */
export async function forgetEnvelope(db: Kysely<Database>, rowId: number): Promise<void> {
  await db.deleteFrom('signing_envelopes').where('id', '=', rowId).where('envelope_id', 'is', null).execute();
}

/** The signing service created the recorded envelope: its id, status Created. */
export async function setEnvelopeCreated(
  db: Kysely<Database>,
  rowId: number,
  envelopeId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('signing_envelopes')
    .set({ envelope_id: envelopeId, status: 'Created', updated_at: now })
    .where('id', '=', rowId)
    .execute();
}

export async function setEnvelopeStatus(
  db: Kysely<Database>,
  envelopeId: string,
  status: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('signing_envelopes')
    .set({ status, updated_at: now })
    .where('envelope_id', '=', envelopeId)
    .execute();
}

/**
 * Sets the status a signing-service event reports, unless the stored status comes from a later event: events can
 * arrive out of order, and an older one never moves the envelope back. True when it moved.
 */
export async function moveEnvelopeByEvent(
  db: Kysely<Database>,
  envelopeId: string,
  status: string,
  { at, now }: { at: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('signing_envelopes')
    .set({ status, status_at: at, updated_at: now })
    .where('envelope_id', '=', envelopeId)
    .where((eb) => eb.or([eb('status_at', 'is', null), eb('status_at', '<=', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The prospect's newest created envelope: the only one whose events move the prospect. */
export async function latestEnvelope(db: Kysely<Database>, prospectId: number) {
  const row = await db
    .selectFrom('signing_envelopes')
    .innerJoin('signing_accounts', 'signing_accounts.id', 'signing_envelopes.signing_account_id')
    .select([
      'signing_envelopes.envelope_id',
      'signing_envelopes.status',
      'signing_envelopes.signing_method',
      'signing_envelopes.client_user_id',
      'signing_accounts.account_id',
    ])
    .where('signing_envelopes.prospect_id', '=', prospectId)
    .where('signing_envelopes.envelope_id', 'is not', null)
    .orderBy('signing_envelopes.id', 'desc')
    .executeTakeFirst();
  return row ? { ...row, envelope_id: row.envelope_id! } : undefined;
}

export async function findEnvelope(db: Kysely<Database>, companyId: number, envelopeId: string) {
  const row = await db
    .selectFrom('signing_envelopes')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('envelope_id', '=', envelopeId)
    .executeTakeFirst();
  return row ? { ...row, envelope_id: envelopeId } : undefined;
}

/** An envelope by its id alone, whatever its company: for the sandbox signing page, whose signed link names it. */
export async function findEnvelopeById(db: Kysely<Database>, envelopeId: string) {
  const row = await db
    .selectFrom('signing_envelopes')
    .select(['company_id', 'prospect_id'])
    .where('envelope_id', '=', envelopeId)
    .executeTakeFirst();
  return row ? { ...row, envelope_id: envelopeId } : undefined;
}

/** The DocuSign account (and template) a company's contracts go to. */
export type SigningAccountValues = Pick<SigningAccountsTable, 'account_id' | 'template_id' | 'template_role'>;

/** Changes the company's one signing account, or creates it; a unique violation means the account serves another. */
export async function saveSigningAccount(
  db: Kysely<Database>,
  companyId: number,
  values: SigningAccountValues,
  now: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('signing_accounts')
      .set(values)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) > 0) return;
    await trx
      .insertInto('signing_accounts')
      .values({
        company_id: companyId,
        provider: 'docusign',
        created_at: now,
        ...values,
      })
      .execute();
  });
}

export function findSigningAccountSettings(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('signing_accounts')
    .select(['account_id', 'template_id', 'template_role'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** A prospect's envelopes, newest first, with the signing service's events about each, oldest first. */
export async function envelopesWithEvents(db: Kysely<Database>, companyId: number, prospectId: number) {
  const envelopes = await db
    .selectFrom('signing_envelopes')
    .select(['id', 'envelope_id', 'reference', 'status', 'status_at', 'signing_method', 'created_at'])
    .where('company_id', '=', companyId)
    .where('prospect_id', '=', prospectId)
    .orderBy('id', 'desc')
    .execute();
  const ids = envelopes.flatMap((e) => (e.envelope_id ? [e.envelope_id] : []));
  const events = ids.length
    ? await db
        .selectFrom('signing_webhook_events')
        .select(['envelope_id', 'event', 'signing_status', 'outcome', 'generated_at', 'received_at'])
        .where('company_id', '=', companyId)
        .where('envelope_id', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  return envelopes.map((envelope) => ({
    ...envelope,
    events: events.filter((e) => e.envelope_id === envelope.envelope_id),
  }));
}
