import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function recordHit(db: Kysely<Database>, bucket: string, windowStart: number): Promise<number> {
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ bucket, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

export async function deleteWindowsBefore(db: Kysely<Database>, windowStart: number): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('window_start', '<', windowStart).execute();
}
