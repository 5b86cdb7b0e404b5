import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../migration-helpers.js';

/**
 * Document-signing envelopes kept whole in the database, so a restart or a second node loses nothing:
 * - `signing_envelopes` (owned by the prospects module): a row is recorded with Voltin's `reference` before the
 *   signing service is asked to create the envelope, so `envelope_id` is empty until the service answered;
 *   `status_at` is the Connect event time of the current status (an older event never moves it back);
 *   `sandbox_state` is where the in-process sandbox signing service keeps its side of the envelope.
 * - `signing_webhook_events` becomes the envelope's status history: the Connect time and the status each event means.
 * - `signing_accounts` may name a DocuSign template (and its signer role) to build contracts from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table signing_envelopes alter column envelope_id drop not null`.execute(db);
    await db.schema.alterTable('signing_envelopes').addColumn('reference', 'text').execute();
    await sql`update signing_envelopes set reference = 'prospect-' || prospect_id || '-' || id`.execute(db);
    await sql`alter table signing_envelopes alter column reference set not null`.execute(db);
    await db.schema.alterTable('signing_envelopes').addColumn('status_at', 'text').execute();
    await db.schema.alterTable('signing_envelopes').addColumn('sandbox_state', 'text').execute();
  } else {
    // SQLite cannot drop a NOT NULL constraint: the table is rebuilt with the same ids (nothing references it).
    await sql`create table signing_envelopes_next (
      id integer primary key autoincrement,
      company_id integer not null references retail_companies (id) on delete cascade,
      prospect_id integer not null references prospects (id) on delete cascade,
      signing_account_id integer not null references signing_accounts (id) on delete cascade,
      envelope_id text unique,
      reference text not null,
      status text not null,
      status_at text,
      sandbox_state text,
      created_at text not null,
      updated_at text not null
    )`.execute(db);
    await sql`insert into signing_envelopes_next
      (id, company_id, prospect_id, signing_account_id, envelope_id, reference, status, created_at, updated_at)
      select id, company_id, prospect_id, signing_account_id, envelope_id,
             'prospect-' || prospect_id || '-' || id, status, created_at, updated_at
      from signing_envelopes`.execute(db);
    await sql`drop table signing_envelopes`.execute(db);
    await sql`alter table signing_envelopes_next rename to signing_envelopes`.execute(db);
  }
  await db.schema
    .createIndex('signing_envelopes_reference')
    .on('signing_envelopes')
    .column('reference')
    .unique()
    .execute();
  await db.schema
    .createIndex('signing_envelopes_prospect')
    .on('signing_envelopes')
    .columns(['prospect_id', 'id'])
    .execute();

  await db.schema.alterTable('signing_webhook_events').addColumn('signing_status', 'text').execute();
  await db.schema.alterTable('signing_webhook_events').addColumn('generated_at', 'text').execute();
  await db.schema
    .createIndex('signing_webhook_events_envelope')
    .on('signing_webhook_events')
    .columns(['envelope_id', 'id'])
    .execute();

  await db.schema.alterTable('signing_accounts').addColumn('template_id', 'text').execute();
  await db.schema.alterTable('signing_accounts').addColumn('template_role', 'text').execute();
}
