import { useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

/** A plan an enrollment may be renewed onto: prices, the EFL's averages, documents and acceptance options. */
export type RenewalPlan = DataOf<'/enrollments/{id}/renewal-plans', 'get'>[number];

export async function getRenewalPlans(id: number, signal?: AbortSignal): Promise<RenewalPlan[]> {
  return ok(await api.GET('/enrollments/{id}/renewal-plans', { params: { path: { id } }, signal })).data;
}

/** Read when the renewal dialog opens (`enabled`), not for every enrollment on a profile. */
export const useRenewalPlans = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['enrollments', 'renewal-plans', id] as const,
    queryFn: ({ signal }) => getRenewalPlans(id, signal),
    enabled,
  });
