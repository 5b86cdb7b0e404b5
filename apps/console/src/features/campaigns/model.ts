import { formatCount } from '../../lib/format';
import type { Campaign, CampaignStatus } from './api/get-campaigns';

/** What a campaign's badge says, in which colour. */
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, { label: string; color: string }> = {
  running: { label: 'Running', color: 'green' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  'used-up': { label: 'Used up', color: 'orange' },
  paused: { label: 'Paused', color: 'yellow' },
  ended: { label: 'Ended', color: 'gray' },
};

/** "12 of 500 used", or "12 used, no limit". */
export const usageText = (campaign: Pick<Campaign, 'uses' | 'usageLimit'>) =>
  campaign.usageLimit === null
    ? `${formatCount(campaign.uses)} used, no limit`
    : `${formatCount(campaign.uses)} of ${formatCount(campaign.usageLimit)} used`;

/** How much of the limit is used, 0 to 100; null without a limit. */
export const usagePercent = (campaign: Pick<Campaign, 'uses' | 'usageLimit'>) =>
  campaign.usageLimit === null ? null : Math.min(100, (campaign.uses / campaign.usageLimit) * 100);

/** The code as it is stored: what a typed code becomes (codes are matched without regard to case). */
export const promoCodeOf = (typed: string) => typed.trim().toUpperCase();

export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,30}$/;
