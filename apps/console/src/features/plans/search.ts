import { oneOf, optionalInt, text } from '../../lib/search';

export const PLAN_STATES = ['all', 'on-sale', 'not-on-sale', 'retired'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/** The plans page's filters in the URL, so a view of the catalogue can be bookmarked or sent to a colleague. */
export interface PlansSearch {
  utility?: number;
  state?: PlanState;
  q?: string;
}

export function validatePlansSearch(raw: Record<string, unknown>): PlansSearch {
  const utility = optionalInt(raw, 'utility');
  const state = oneOf(raw, 'state', PLAN_STATES);
  const q = text(raw, 'q', 100);
  return {
    ...(utility ? { utility } : {}),
    ...(state && state !== 'all' ? { state } : {}),
    ...(q ? { q } : {}),
  };
}
