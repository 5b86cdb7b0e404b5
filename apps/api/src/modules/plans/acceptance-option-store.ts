import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The options a plan offers now (not retired), in order. */
export function liveAcceptanceOptions(db: Kysely<Database>, planId: number) {
  return db
    .selectFrom('plan_acceptance_options')
    .select(['id', 'text', 'is_required'])
    .where('plan_id', '=', planId)
    .where('retired_at', 'is', null)
    .orderBy('sort_order')
    .execute();
}

export interface AcceptanceRevision {
  /** Options kept as they are, at their new place. */
  keep: { id: number; sort_order: number }[];
  /** Options reworded or removed: retired, so enrollments that accepted them keep what they accepted. */
  retire: number[];
  add: { text: string; is_required: 0 | 1; sort_order: number }[];
  at: string;
}

class RevisedMeanwhile extends Error {}

/**
 * Applies a revision in one transaction, or nothing (false) when the plan's options changed since they were read:
 * an option to keep or retire is no longer offered, or one was added. The conditional updates take the rows' locks,
 * so of two revisions at once the second sees the first's result.
 */
export async function reviseAcceptanceOptions(
  db: Kysely<Database>,
  planId: number,
  revision: AcceptanceRevision,
): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      const live = trx
        .updateTable('plan_acceptance_options')
        .where('plan_id', '=', planId)
        .where('retired_at', 'is', null);
      if (revision.retire.length > 0) {
        const retired = await live
          .set({ retired_at: revision.at })
          .where('id', 'in', revision.retire)
          .executeTakeFirst();
        if (Number(retired.numUpdatedRows) !== revision.retire.length) throw new RevisedMeanwhile();
      }
      for (const kept of revision.keep) {
        const moved = await live
          .set({ sort_order: kept.sort_order })
          .where('id', '=', kept.id)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new RevisedMeanwhile();
      }
      const offered = await liveAcceptanceOptions(trx, planId);
      if (offered.length !== revision.keep.length) throw new RevisedMeanwhile();
      if (revision.add.length > 0)
        await trx
          .insertInto('plan_acceptance_options')
          .values(revision.add.map((option) => ({ ...option, plan_id: planId })))
          .execute();
    });
    return true;
  } catch (error) {
    if (error instanceof RevisedMeanwhile) return false;
    throw error;
  }
}
