import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';
import { plansRootKey } from './get-plans';

/** One plan with every version of its prices, newest first. */
export type PlanDetail = DataOf<'/plans/{planId}', 'get'>;
export type PlanVersion = PlanDetail['versions'][number];
export type TimeOfUseWindow = PlanVersion['timeOfUse'][number];

export async function getPlan(planId: number, signal?: AbortSignal): Promise<PlanDetail> {
  return ok(await api.GET('/plans/{planId}', { params: { path: { planId } }, signal })).data;
}

export const planQueryOptions = (planId: number) =>
  queryOptions({
    queryKey: [...plansRootKey, 'plan', planId] as const,
    queryFn: ({ signal }) => getPlan(planId, signal),
  });

export const usePlan = (planId: number) => useQuery(planQueryOptions(planId));
