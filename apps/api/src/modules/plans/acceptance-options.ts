import type { Static } from 'typebox';
import { ApiError } from '../../http/errors.js';
import * as store from './acceptance-option-store.js';
import type { AcceptanceOptionsRevision, PlanAcceptanceOption } from './ops-schemas.js';
import type { PricingContext } from './pricing-context.js';

type Offered = Static<typeof PlanAcceptanceOption>;
type Revision = Static<typeof AcceptanceOptionsRevision>;

/** The options a plan offers now, in order, as staff read them. */
export async function offeredAcceptanceOptions(db: PricingContext['db'], planId: number): Promise<Offered[]> {
  const rows = await store.liveAcceptanceOptions(db, planId);
  return rows.map((row) => ({ id: row.id, text: row.text, required: row.is_required === 1 }));
}

const changedMeanwhile = (planId: number) =>
  new ApiError(
    'ACCEPTANCE_OPTIONS_CHANGED',
    `The acceptance options of plan ${planId} were changed by someone else since you read them; nothing was saved.`,
  );

/** Which options a revision keeps, retires and adds, against those offered now; problems with the ids it names. */
function revisionOf(offered: Offered[], options: Revision['options'], at: string) {
  const byId = new Map(offered.map((option) => [option.id, option]));
  const named = options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
  const unknown = named.filter((id) => !byId.has(id));
  const repeated = named.filter((id, i) => named.indexOf(id) !== i);
  const isKept = (option: Revision['options'][number]) => {
    const current = option.id === undefined ? undefined : byId.get(option.id);
    return current !== undefined && current.text === option.text && current.required === option.required;
  };
  const keep = options.flatMap((option, i) =>
    isKept(option) ? [{ id: option.id!, sort_order: i + 1 }] : [],
  );
  const kept = new Set(keep.map((k) => k.id));
  return {
    unknown,
    repeated,
    revision: {
      keep,
      retire: offered.filter((option) => !kept.has(option.id)).map((option) => option.id),
      add: options.flatMap((option, i) =>
        isKept(option)
          ? []
          : [{ text: option.text, is_required: option.required ? 1 : 0, sort_order: i + 1 }],
      ),
      at,
    } satisfies store.AcceptanceRevision,
  };
}

/**
 * A plan's acceptance options as staff change them after the plan is made. What a customer agreed to is never
 * rewritten: an option reworded, made required or optional, or removed is retired and, when reworded, offered again
 * under a new id; enrollments keep the ids they accepted.
 */
export function createAcceptanceOptions({ db, momentNow, planRowOf }: PricingContext) {
  return {
    async reviseAcceptanceOptions(companyId: number, planId: number, change: Revision) {
      await planRowOf(companyId, planId);
      const before = await offeredAcceptanceOptions(db, planId);
      const readBefore = new Set(change.offeredIds);
      if (before.length !== readBefore.size || before.some((option) => !readBefore.has(option.id)))
        throw changedMeanwhile(planId);
      const { unknown, repeated, revision } = revisionOf(before, change.options, momentNow());
      const problems = [
        ...repeated.map((id) => `options: option ${id} is listed more than once`),
        ...unknown.map((id) => `options: ${id} is not an option this plan offers`),
      ];
      if (problems.length > 0)
        throw new ApiError('VALIDATION_FAILED', 'The acceptance options are invalid.', problems);
      if (!(await store.reviseAcceptanceOptions(db, planId, revision))) throw changedMeanwhile(planId);
      return { before, after: await offeredAcceptanceOptions(db, planId) };
    },
  };
}
