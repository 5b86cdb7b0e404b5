import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CampaignsTable } from '../../db/tables/plans.js';
import type { Clock } from '../../domain/clock.js';
import { ApiError } from '../../http/errors.js';
import * as campaigns from './campaign-store.js';

export type CampaignRow = Selectable<CampaignsTable>;

/**
 * Codes are matched without regard to case or surrounding spaces: stored upper-case, and what a caller types is
 * trimmed and upper-cased before it is looked up, so `homefall26` and `HOMEFALL26` are one code.
 */
export const normalPromoCode = (code: string) => code.trim().toUpperCase();

export const CAMPAIGN_STATUSES = ['scheduled', 'running', 'ended', 'paused', 'used-up'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * Where a campaign stands at a moment. An ended window outranks a pause (a paused campaign past its end will not
 * come back by resuming it), a pause outranks a window still to come, and only a running window can be used up.
 */
export function campaignStatus(campaign: CampaignRow, now: string): CampaignStatus {
  if (campaign.valid_until <= now) return 'ended';
  if (campaign.active !== 1) return 'paused';
  if (campaign.valid_from > now) return 'scheduled';
  if (campaign.usage_limit !== null && campaign.uses >= campaign.usage_limit) return 'used-up';
  return 'running';
}

/** Why a code cannot be used now, as the caller is told; null while its campaign is running. */
function refusal(code: string, campaign: CampaignRow | undefined, now: string, field: string) {
  const status = campaign ? campaignStatus(campaign, now) : null;
  if (status === 'running') return null;
  if (status === 'used-up')
    return new ApiError(
      'PROMO_CODE_EXHAUSTED',
      `The promo code "${code}" has been used up: its campaign allowed ${campaign!.usage_limit} enrollments.`,
      [`${field}: used up (${campaign!.uses} of ${campaign!.usage_limit} uses)`],
    );
  return new ApiError('PROMO_CODE_INVALID', `The promo code "${code}" is not valid today.`, [
    `${field}: unknown, paused or outside its campaign dates`,
  ]);
}

/** A campaign an enrollment uses: counted in the enrollment's own transaction. */
export interface CampaignUse {
  campaignId: number;
  promoCode: string;
}

/**
 * The promo-code rule, one for plan shopping and enrollment: a code works while its campaign is running (active,
 * inside its window, under its usage limit), and each enrollment in a plan carrying the code uses it once.
 */
export function createPromoCodes(db: Kysely<Database>, clock: Clock) {
  const momentNow = () => clock.now().toISOString();

  return {
    /** The running campaign of a code the caller typed; PROMO_CODE_INVALID or PROMO_CODE_EXHAUSTED otherwise. */
    async running(companyId: number, typed: string, field: string): Promise<CampaignRow> {
      const campaign = await campaigns.findCampaignByCode(db, companyId, normalPromoCode(typed));
      const refused = refusal(typed, campaign, momentNow(), field);
      if (refused) throw refused;
      return campaign!;
    },

    /**
     * Counts one use in the enrollment's transaction, by one conditional update: two enrollments racing for the last
     * use cannot both pass, on either engine (PostgreSQL re-checks the condition on the row the other committed).
     * When no row was updated the campaign is read again in the transaction to say why, and the caller's transaction
     * rolls back with everything it wrote.
     */
    async use(trx: Transaction<Database>, companyId: number, use: CampaignUse, field: string): Promise<void> {
      const now = momentNow();
      if (await campaigns.countUse(trx, companyId, use.campaignId, now)) return;
      const campaign = await campaigns.findCampaign(trx, companyId, use.campaignId);
      throw refusal(use.promoCode, campaign, now, field) ?? new Error('a running campaign refused a use');
    },
  };
}

export type PromoCodes = ReturnType<typeof createPromoCodes>;
