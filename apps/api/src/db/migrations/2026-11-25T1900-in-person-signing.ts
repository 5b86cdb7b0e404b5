import type { Kysely } from 'kysely';

/**
 * A contract envelope is signed remotely (DocuSign emails or texts the link) or in person (the customer signs on the
 * sales representative's device through a one-time signing view). `signing_envelopes` (owned by the prospects
 * module) records which, and for an in-person envelope the `client_user_id` its captive signer was created with:
 * every signing view must name the same one. Envelopes sent before this were all remote.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('signing_envelopes')
    .addColumn('signing_method', 'text', (column) => column.notNull().defaultTo('Remote'))
    .execute();
  await db.schema.alterTable('signing_envelopes').addColumn('client_user_id', 'text').execute();
}
