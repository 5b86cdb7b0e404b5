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

/** One version of a plan of the company, by its number. */
export function findVersion(db: Kysely<Database>, companyId: number, planId: number, version: number) {
  return db
    .selectFrom('plan_versions')
    .innerJoin('plans', 'plans.id', 'plan_versions.plan_id')
    .selectAll('plan_versions')
    .where('plans.company_id', '=', companyId)
    .where('plan_versions.plan_id', '=', planId)
    .where('plan_versions.version', '=', version)
    .executeTakeFirst();
}

export type NewVersion = Omit<Insertable<PlanVersionsTable>, 'version'>;

/**
 * Adds each plan's next version, all in one transaction or none. The plans' rows are locked first, in id order (two
 * bulk changes never wait on each other in a circle): changes saved at once on a plan take turns, each reading the
 * number the one before took. The unique index on (plan, version) stays the last word.
 */
export function insertNextVersions(db: Kysely<Database>, rows: NewVersion[]) {
  const planIds = [...new Set(rows.map((row) => row.plan_id))].sort((a, b) => a - b);
  return db.transaction().execute(async (trx) => {
    for (const planId of planIds)
      await trx
        .updateTable('plans')
        .set((eb) => ({ deprecated: eb.ref('deprecated') }))
        .where('id', '=', planId)
        .execute();
    const latest = await trx
      .selectFrom('plan_versions')
      .select(['plan_id', (eb) => eb.fn.max('version').as('version')])
      .where('plan_id', 'in', planIds)
      .groupBy('plan_id')
      .execute();
    const next = new Map(latest.map((row) => [row.plan_id, Number(row.version)]));
    const saved = [];
    for (const row of rows) {
      const version = (next.get(row.plan_id) ?? 0) + 1;
      next.set(row.plan_id, version);
      saved.push(
        await trx
          .insertInto('plan_versions')
          .values({ ...row, version })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    }
    return saved;
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
