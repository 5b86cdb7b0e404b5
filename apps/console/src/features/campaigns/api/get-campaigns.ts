import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok, type QueryOf } from '../../../lib/api';

export type CampaignsQuery = QueryOf<'/campaigns', 'get'>;
export type Campaign = DataOf<'/campaigns', 'get'>[number];
export type CampaignStatus = Campaign['status'];

export async function getCampaigns(query: CampaignsQuery, signal?: AbortSignal): Promise<Campaign[]> {
  return ok(await api.GET('/campaigns', { params: { query }, signal })).data;
}

/** Every campaigns query and campaign page: what a change invalidates. */
export const campaignsRootKey = ['campaigns'] as const;

export const campaignsQueryOptions = (query: CampaignsQuery) =>
  queryOptions({
    queryKey: [...campaignsRootKey, 'list', query] as const,
    queryFn: ({ signal }) => getCampaigns(query, signal),
    placeholderData: keepPreviousData,
  });

export const useCampaigns = (query: CampaignsQuery) => useQuery(campaignsQueryOptions(query));
