import type { Kysely } from 'kysely';

/**
 * One row per (login name, client address) pair: its run of failed logins, when that pair may try again, and until
 * when the address counts as one the account has logged in from (exempt from the per-account ceiling). The key is a
 * hash, so neither the name nor the address is stored in the clear.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_streaks')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'integer', (c) => c.notNull())
    .addColumn('last_attempt_at', 'integer', (c) => c.notNull())
    .addColumn('known_until', 'integer')
    .execute();
  await db.schema
    .createIndex('login_streaks_by_last_attempt')
    .on('login_streaks')
    .column('last_attempt_at')
    .execute();
}
