import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, ok } from '../../../lib/api';
import { type Campaign, campaignsRootKey } from './get-campaigns';

export type CampaignCreate = BodyOf<'/campaigns', 'post'>;
export type CampaignChange = BodyOf<'/campaigns/{campaignId}', 'patch'>;

/** A mutation answering a campaign, after which the campaigns' lists and pages are read again. */
function useCampaignMutation<V>(call: (variables: V) => Promise<Campaign>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsRootKey }),
  });
}

export const useCreateCampaign = () =>
  useCampaignMutation(async (body: CampaignCreate) => ok(await api.POST('/campaigns', { body })).data);

/** Changes a campaign's name, description, window, limit or affiliate (only the fields sent). */
export const useChangeCampaign = () =>
  useCampaignMutation(
    async ({ campaignId, ...body }: CampaignChange & { campaignId: number }) =>
      ok(await api.PATCH('/campaigns/{campaignId}', { params: { path: { campaignId } }, body })).data,
  );

/** Pauses a campaign (its code refused at once) or resumes it. */
export const useSetCampaignActive = () =>
  useCampaignMutation(async ({ campaignId, active }: { campaignId: number; active: boolean }) => {
    const params = { params: { path: { campaignId } } };
    return ok(
      active
        ? await api.POST('/campaigns/{campaignId}/resume', params)
        : await api.POST('/campaigns/{campaignId}/pause', params),
    ).data;
  });
