import { type Kysely, type RawBuilder, sql } from 'kysely';
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

export async function takeBackHit(db: Kysely<Database>, bucket: string, windowStart: number): Promise<void> {
  await db
    .updateTable('rate_limit_hits')
    .set({ hits: sql`rate_limit_hits.hits - 1` })
    .where('bucket', '=', bucket)
    .where('window_start', '=', windowStart)
    .where('hits', '>', 0)
    .execute();
}

export async function deleteWindowsBefore(db: Kysely<Database>, windowStart: number): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('window_start', '<', windowStart).execute();
}

/** How a streak's wait grows: the wait after the nth failure, from a short table and a ceiling. */
export interface StreakSchedule {
  /** The streak starts over when its last attempt is older than this (epoch seconds). */
  forgetBefore: number;
  /** waits[n - 1] is the wait in seconds after the nth failure; later failures wait `waits.at(-1)`. */
  waits: number[];
}

/** When a streak may try again after `failures`, as SQL, so the count and the time are written in one statement. */
function nextAttemptAt(failures: RawBuilder<number>, now: number, waits: number[]): RawBuilder<number> {
  const at = (wait: number) => (wait === 0 ? sql`0` : sql`${now} + ${sql.lit(wait)}`);
  const steps = waits.map((wait, i) => sql`when ${failures} = ${sql.lit(i + 1)} then ${at(wait)}`);
  return sql<number>`(case ${sql.join(steps, sql` `)} else ${at(waits.at(-1) ?? 0)} end)`;
}

/**
 * Counts one attempt of the streak if its wait is over, in one atomic statement (concurrent attempts each count,
 * and none slips in during another's wait). Returns false, counting nothing, while the wait runs.
 */
export async function countStreakAttempt(
  db: Kysely<Database>,
  key: string,
  now: number,
  schedule: StreakSchedule,
): Promise<boolean> {
  const failures = sql<number>`(case when login_streaks.last_attempt_at < ${schedule.forgetBefore} then 1 else login_streaks.failures + 1 end)`;
  const row = await db
    .insertInto('login_streaks')
    .values({
      key,
      failures: 1,
      // No wait is stored as 0, not as now, so a node whose clock is a second behind does not see a wait.
      next_attempt_at: schedule.waits[0] ? now + schedule.waits[0] : 0,
      last_attempt_at: now,
      known_until: null,
    })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures,
          next_attempt_at: nextAttemptAt(failures, now, schedule.waits),
          last_attempt_at: now,
        })
        .where('login_streaks.next_attempt_at', '<=', now),
    )
    .returning('failures')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findStreak(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('login_streaks')
    .select(['next_attempt_at', 'known_until'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Ends the streak after a successful login and remembers the address until `knownUntil`. */
export async function endStreak(db: Kysely<Database>, key: string, knownUntil: number) {
  await db
    .updateTable('login_streaks')
    .set({ failures: 0, next_attempt_at: 0, known_until: knownUntil })
    .where('key', '=', key)
    .execute();
}

export async function deleteStreaksIdleSince(db: Kysely<Database>, lastAttemptBefore: number, now: number) {
  await db
    .deleteFrom('login_streaks')
    .where('last_attempt_at', '<', lastAttemptBefore)
    .where((eb) => eb.or([eb('known_until', 'is', null), eb('known_until', '<', now)]))
    .execute();
}
