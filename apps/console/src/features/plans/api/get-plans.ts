import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok, type QueryOf } from '../../../lib/api';

export type PlansQuery = QueryOf<'/plans', 'get'>;
export type PlanSummary = DataOf<'/plans', 'get'>[number];
export type PlanPrices = NonNullable<PlanSummary['current']>;

export async function getPlans(query: PlansQuery, signal?: AbortSignal): Promise<PlanSummary[]> {
  return ok(await api.GET('/plans', { params: { query }, signal })).data;
}

/** Every plans query and plan page: what a price change invalidates. */
export const plansRootKey = ['plans'] as const;

export const plansQueryOptions = (query: PlansQuery) =>
  queryOptions({
    queryKey: [...plansRootKey, 'list', query] as const,
    queryFn: ({ signal }) => getPlans(query, signal),
    placeholderData: keepPreviousData,
  });

export const usePlans = (query: PlansQuery) => useQuery(plansQueryOptions(query));
