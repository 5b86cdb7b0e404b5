import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PlanVersionsTable } from '../../db/tables/plans.js';

/** Every version of these plans, newest first. */
export function versionsOf(db: Kysely<Database>, planIds: number[]) {
  return db
    .selectFrom('plan_versions')
    .selectAll()
    .where('plan_id', 'in', planIds.length ? planIds : [0])
    .orderBy('plan_id')
    .orderBy('version', 'desc')
    .execute();
}

export type VersionRow = Awaited<ReturnType<typeof versionsOf>>[number];

export type NewVersion = Omit<Insertable<PlanVersionsTable>, 'version'>;

/**
 * Adds the plan's next version number, in one transaction that first locks the plan's row: two changes saved at
 * once take turns, the second reading the number the first took. The unique index on (plan, version) stays the last
 * word.
 */
export function insertNextVersion(db: Kysely<Database>, row: NewVersion) {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('plans')
      .set((eb) => ({ deprecated: eb.ref('deprecated') }))
      .where('id', '=', row.plan_id)
      .execute();
    const latest = await trx
      .selectFrom('plan_versions')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('plan_id', '=', row.plan_id)
      .executeTakeFirst();
    return trx
      .insertInto('plan_versions')
      .values({ ...row, version: Number(latest?.version ?? 0) + 1 })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/**
 * Calls off a version that has not taken effect yet, in one statement: a version whose moment has come may already be
 * an enrollment's accepted prices. It stays, marked cancelled, so its number never names other prices.
 */
export async function cancelScheduledVersion(
  db: Kysely<Database>,
  planId: number,
  version: number,
  by: { at: string; email: string },
): Promise<boolean> {
  const result = await db
    .updateTable('plan_versions')
    .set({ cancelled_at: by.at, cancelled_by: by.email })
    .where('plan_id', '=', planId)
    .where('version', '=', version)
    .where('effective_at', '>', by.at)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
