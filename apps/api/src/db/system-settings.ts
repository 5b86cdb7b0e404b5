import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

const MASTER_KEY = 'sandbox_master_key';

/**
 * The sandbox keeps a generated master key in its own database, so a fresh clone runs without set-up
 * and every API node on the same database agrees on it. Production passes VOLTIN_MASTER_KEY instead.
 */
export async function sandboxMasterKey(db: Kysely<Database>): Promise<Buffer> {
  await db
    .insertInto('system_settings')
    .values({ key: MASTER_KEY, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', MASTER_KEY)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}

/** One value of the key-value settings table (task cursors and the like), or null when never written. */
export async function readSetting(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSetting(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('system_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
