import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';
import { plansRootKey } from './get-plans';

/** A version's EFL averages, line by line at 500, 1,000 and 2,000 kWh. */
export type EflDerivation = DataOf<'/plans/{planId}/versions/{version}/efl', 'get'>;
export type EflTier = NonNullable<EflDerivation['tiers']>[number];

export const eflQueryOptions = (planId: number, version: number) =>
  queryOptions({
    queryKey: [...plansRootKey, 'efl', planId, version] as const,
    queryFn: async ({ signal }) =>
      ok(
        await api.GET('/plans/{planId}/versions/{version}/efl', {
          params: { path: { planId, version } },
          signal,
        }),
      ).data,
  });

export const useEflDerivation = (planId: number, version: number, enabled: boolean) =>
  useQuery({ ...eflQueryOptions(planId, version), enabled });

/** Where the browser opens a version's label as a PDF (the session cookie authorizes it). */
export const disclosureUrl = (planId: number, version: number, language: 'en' | 'es') =>
  `/ops/api/v1/plans/${planId}/versions/${version}/disclosure.pdf?language=${language}`;
