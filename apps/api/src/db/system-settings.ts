import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

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

export async function deleteSetting(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('system_settings').where('key', '=', key).execute();
}
