import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

export type PlanBundle = DataOf<'/plan-bundles', 'get'>[number];
export type BundledPlan = PlanBundle['electricPlan'];

export async function getBundles(signal?: AbortSignal): Promise<PlanBundle[]> {
  return ok(await api.GET('/plan-bundles', { signal })).data;
}

/** The bundles' list: what a change of a bundle invalidates. */
export const bundlesRootKey = ['plan-bundles'] as const;

export const bundlesQueryOptions = () =>
  queryOptions({
    queryKey: [...bundlesRootKey, 'list'] as const,
    queryFn: ({ signal }) => getBundles(signal),
  });

/** Every bundle of the company, by name, with its two plans and whether it sells today. */
export const useBundles = () => useQuery(bundlesQueryOptions());
