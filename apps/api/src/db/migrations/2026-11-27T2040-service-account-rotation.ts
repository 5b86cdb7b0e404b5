import type { Kysely } from 'kysely';

/**
 * Web service accounts are managed from the console: a rotated secret keeps the previous one valid until a grace
 * deadline (sealed like the current one, cleared by the next rotation), the time the account last logged in or
 * refreshed its token is kept, and a revoked account says when it was revoked (`active` is 0 from then on).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'previous_secret_sealed',
    'previous_secret_valid_until',
    'last_used_at',
    'revoked_at',
  ])
    await db.schema.alterTable('web_service_accounts').addColumn(column, 'text').execute();
}
