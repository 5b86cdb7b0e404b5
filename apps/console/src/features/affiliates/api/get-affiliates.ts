import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

export type AffiliateSummary = DataOf<'/affiliates', 'get'>[number];
export type AffiliateDetail = DataOf<'/affiliates/{affiliateId}', 'get'>;
export type AffiliateRep = AffiliateDetail['repList'][number];

/** Every affiliates query (the campaigns' affiliate picker reads the same list): what a change invalidates. */
export const affiliatesRootKey = ['affiliates'] as const;

export const affiliateQueryOptions = (affiliateId: number) =>
  queryOptions({
    queryKey: [...affiliatesRootKey, 'affiliate', affiliateId] as const,
    queryFn: async ({ signal }) =>
      ok(await api.GET('/affiliates/{affiliateId}', { params: { path: { affiliateId } }, signal })).data,
  });

export const useAffiliate = (affiliateId: number) => useQuery(affiliateQueryOptions(affiliateId));

export const affiliatesQueryOptions = () =>
  queryOptions({
    queryKey: [...affiliatesRootKey, 'list'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/affiliates', { signal })).data,
    staleTime: 60_000,
  });

/** The company's sales affiliates with their counts; campaigns and web service accounts pick one from it. */
export const useAffiliates = () => useQuery(affiliatesQueryOptions());
