import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api';
import { type Campaign, campaignsRootKey } from './get-campaigns';

export async function getCampaign(campaignId: number, signal?: AbortSignal): Promise<Campaign> {
  return ok(await api.GET('/campaigns/{campaignId}', { params: { path: { campaignId } }, signal })).data;
}

export const campaignQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: [...campaignsRootKey, 'campaign', campaignId] as const,
    queryFn: ({ signal }) => getCampaign(campaignId, signal),
  });

export const useCampaign = (campaignId: number) => useQuery(campaignQueryOptions(campaignId));
