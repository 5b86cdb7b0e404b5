import type { Kysely, Updateable } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import type { CampaignsTable } from '../../db/tables/plans.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../domain/clock.js';
import { ApiError, notFound } from '../../http/errors.js';
import { companyAffiliates } from '../prospects/index.js';
import * as store from './campaign-store.js';
import type { Campaign, CampaignChange, CampaignCreate, CampaignListQuery } from './ops-schemas.js';
import { type CampaignRow, campaignStatus, normalPromoCode } from './promo-codes.js';

export interface CampaignsDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** Who changes a campaign: the staff member's email, kept on the row. */
export interface CampaignAuthor {
  email: string;
}

type CampaignWire = Static<typeof Campaign>;

const invalid = (errors: string[]) => new ApiError('VALIDATION_FAILED', 'The campaign is invalid.', errors);

const iso = (moment: string) => new Date(moment).toISOString();

/** Words of the code, the name or the affiliate, each found in one of them. */
function matches(campaign: CampaignWire, q: string | undefined): boolean {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const text = [campaign.promoCode, campaign.name, campaign.affiliate?.name ?? ''].join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
}

/**
 * Staff's campaigns: each with its status from the clock, its uses against its limit, its affiliate and the plans
 * carrying its code; made, changed, paused and resumed by pricing staff. The count of uses is never written here:
 * enrollments count it (`promo-codes.ts`), and a new limit is written only while it is at least that count.
 */
export function createCampaigns({ db, clock }: CampaignsDeps) {
  const momentNow = () => clock.now().toISOString();

  async function describe(companyId: number, rows: CampaignRow[]): Promise<CampaignWire[]> {
    const affiliateIds = [...new Set(rows.flatMap((r) => (r.affiliate_id === null ? [] : [r.affiliate_id])))];
    const [affiliates, plans] = await Promise.all([
      affiliateIds.length ? companyAffiliates(db, companyId, affiliateIds) : [],
      store.plansCarrying(
        db,
        companyId,
        rows.map((r) => r.promo_code),
      ),
    ]);
    const affiliateById = new Map(affiliates.map((a) => [a.id, a]));
    const now = momentNow();
    return rows.map((row) => {
      const affiliate = row.affiliate_id === null ? undefined : affiliateById.get(row.affiliate_id);
      return {
        id: row.id,
        promoCode: row.promo_code,
        name: row.name,
        description: row.description,
        validFrom: row.valid_from,
        validUntil: row.valid_until,
        active: row.active === 1,
        usageLimit: row.usage_limit,
        uses: row.uses,
        status: campaignStatus(row, now),
        affiliate: affiliate ? { id: affiliate.id, name: affiliate.name } : null,
        plans: plans
          .filter((p) => p.promo_code === row.promo_code)
          .map((p) => ({
            id: p.id,
            name: p.name,
            billingSystemPlanCode: p.billing_system_plan_code,
            utility: p.utility_name,
            published: p.published === 1,
            retired: p.deprecated === 1,
          })),
        createdBy: row.created_by,
        createdAt: row.created_at,
        updatedBy: row.updated_by,
        updatedAt: row.updated_at,
      };
    });
  }

  async function campaign(companyId: number, campaignId: number): Promise<CampaignWire> {
    const row = await store.findCampaign(db, companyId, campaignId);
    if (!row) throw notFound(`Campaign ${campaignId}`);
    return (await describe(companyId, [row]))[0]!;
  }

  /** The problems of a window and an affiliate as they would be saved. */
  async function problemsOf(
    companyId: number,
    window: { validFrom: string; validUntil: string; untilChanged: boolean },
    affiliateId: number | null | undefined,
  ): Promise<string[]> {
    const problems: string[] = [];
    if (iso(window.validUntil) <= iso(window.validFrom)) problems.push('validUntil: must be after validFrom');
    else if (window.untilChanged && iso(window.validUntil) <= momentNow())
      problems.push('validUntil: is in the past; a campaign ends now or later (pause it to stop it at once)');
    if (
      typeof affiliateId === 'number' &&
      (await companyAffiliates(db, companyId, [affiliateId])).length === 0
    )
      problems.push('affiliateId: no affiliate of this company');
    return problems;
  }

  const codeTaken = (code: string) =>
    new ApiError('PROMO_CODE_TAKEN', `The promo code ${code} is already a campaign's.`, [
      `promoCode: ${code} is taken`,
    ]);

  return {
    campaign,

    async list(companyId: number, query: Static<typeof CampaignListQuery>): Promise<CampaignWire[]> {
      const all = await describe(companyId, await store.listCampaigns(db, companyId));
      const status = query.status ?? 'all';
      return all.filter((c) => (status === 'all' || c.status === status) && matches(c, query.q));
    },

    /** A new campaign; PROMO_CODE_TAKEN when the company has the code already (the unique index decides). */
    async create(
      companyId: number,
      input: Static<typeof CampaignCreate>,
      by: CampaignAuthor,
    ): Promise<CampaignWire> {
      const code = normalPromoCode(input.promoCode);
      const problems = await problemsOf(companyId, { ...input, untilChanged: true }, input.affiliateId);
      if (problems.length > 0) throw invalid(problems);
      const now = momentNow();
      const id = await store
        .insertCampaign(db, {
          company_id: companyId,
          promo_code: code,
          name: input.name.trim(),
          description: input.description.trim(),
          valid_from: iso(input.validFrom),
          valid_until: iso(input.validUntil),
          active: input.active === false ? 0 : 1,
          usage_limit: input.usageLimit,
          affiliate_id: input.affiliateId,
          created_by: by.email,
          created_at: now,
          updated_by: by.email,
          updated_at: now,
        })
        .catch((error) => {
          throw isUniqueViolation(error) ? codeTaken(code) : error;
        });
      return campaign(companyId, id);
    },

    /**
     * Changes a campaign's name, description, window, limit or affiliate; the campaign before and after, for the
     * audit log. A limit under the uses already counted is refused with CAMPAIGN_LIMIT_BELOW_USES.
     */
    async change(
      companyId: number,
      campaignId: number,
      change: Static<typeof CampaignChange>,
      by: CampaignAuthor,
    ) {
      const before = await campaign(companyId, campaignId);
      const window = {
        validFrom: change.validFrom ?? before.validFrom,
        validUntil: change.validUntil ?? before.validUntil,
        untilChanged: change.validUntil !== undefined,
      };
      const problems = await problemsOf(companyId, window, change.affiliateId);
      if (problems.length > 0) throw invalid(problems);
      const values: Updateable<CampaignsTable> = {
        ...(change.name === undefined ? {} : { name: change.name.trim() }),
        ...(change.description === undefined ? {} : { description: change.description.trim() }),
        ...(change.validFrom === undefined ? {} : { valid_from: iso(change.validFrom) }),
        ...(change.validUntil === undefined ? {} : { valid_until: iso(change.validUntil) }),
        ...(change.usageLimit === undefined ? {} : { usage_limit: change.usageLimit }),
        ...(change.affiliateId === undefined ? {} : { affiliate_id: change.affiliateId }),
        updated_by: by.email,
        updated_at: momentNow(),
      };
      if (!(await store.updateCampaign(db, companyId, campaignId, values))) {
        const { uses } = await campaign(companyId, campaignId);
        throw new ApiError(
          'CAMPAIGN_LIMIT_BELOW_USES',
          `The limit cannot go below the ${uses} enrollments that have already used ${before.promoCode}.`,
          [`usageLimit: must be at least ${uses}, the uses already made`],
        );
      }
      return { before, after: await campaign(companyId, campaignId) };
    },

    /** Pauses a campaign (its code refused at once) or resumes it. */
    async setActive(companyId: number, campaignId: number, active: boolean, by: CampaignAuthor) {
      await campaign(companyId, campaignId);
      await store.updateCampaign(db, companyId, campaignId, {
        active: active ? 1 : 0,
        updated_by: by.email,
        updated_at: momentNow(),
      });
      return campaign(companyId, campaignId);
    },
  };
}

export type Campaigns = ReturnType<typeof createCampaigns>;
