import { oneOf, text } from '../../lib/search';

export const CAMPAIGN_FILTERS = ['all', 'running', 'scheduled', 'used-up', 'paused', 'ended'] as const;
export type CampaignFilter = (typeof CAMPAIGN_FILTERS)[number];

/** The campaigns page's filters in the URL, so a view can be bookmarked or sent to a colleague. */
export interface CampaignsSearch {
  status?: CampaignFilter;
  q?: string;
}

export function validateCampaignsSearch(raw: Record<string, unknown>): CampaignsSearch {
  const status = oneOf(raw, 'status', CAMPAIGN_FILTERS);
  const q = text(raw, 'q', 100);
  return {
    ...(status && status !== 'all' ? { status } : {}),
    ...(q ? { q } : {}),
  };
}
