import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

export type Affiliate = DataOf<'/affiliates', 'get'>[number];

export const affiliatesQueryOptions = () =>
  queryOptions({
    queryKey: ['affiliates'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/affiliates', { signal })).data,
    staleTime: 60_000,
  });

/** The company's sales affiliates, which a campaign may belong to. */
export const useAffiliates = () => useQuery(affiliatesQueryOptions());
