import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CampaignsTable } from '../../db/tables/plans.js';

/** A campaign by its (upper-case) code. */
export function findCampaignByCode(db: Kysely<Database>, companyId: number, promoCode: string) {
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('promo_code', '=', promoCode)
    .executeTakeFirst();
}

export function findCampaign(db: Kysely<Database>, companyId: number, campaignId: number) {
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', campaignId)
    .executeTakeFirst();
}

/** Every campaign of the company, newest window first. */
export function listCampaigns(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The plans carrying these codes, with their utility: what a campaign sells. */
export function plansCarrying(db: Kysely<Database>, companyId: number, promoCodes: string[]) {
  return db
    .selectFrom('plans')
    .innerJoin('utilities', 'utilities.id', 'plans.utility_id')
    .select([
      'plans.id',
      'plans.name',
      'plans.promo_code',
      'plans.billing_system_plan_code',
      'plans.published',
      'plans.deprecated',
      'utilities.name as utility_name',
    ])
    .where('plans.company_id', '=', companyId)
    .where('plans.promo_code', 'in', promoCodes.length ? promoCodes : [''])
    .orderBy('plans.name')
    .orderBy('plans.id')
    .execute();
}

/** A new campaign's id; the unique index (company, code) refuses a code the company already has. */
export async function insertCampaign(
  db: Kysely<Database>,
  values: Insertable<CampaignsTable>,
): Promise<number> {
  const { id } = await db.insertInto('campaigns').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Changes a campaign's columns; false when no row changed. A new usage limit is written only while it is at least
 * the uses already counted, in the same statement, so a limit lowered while enrollments use the code never ends
 * below them.
 */
export async function updateCampaign(
  db: Kysely<Database>,
  companyId: number,
  campaignId: number,
  values: Updateable<CampaignsTable>,
): Promise<boolean> {
  let query = db
    .updateTable('campaigns')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', '=', campaignId);
  if (typeof values.usage_limit === 'number') query = query.where('uses', '<=', values.usage_limit);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One more use of a running campaign, while under its limit; false when the campaign refused it. */
export async function countUse(
  db: Kysely<Database>,
  companyId: number,
  campaignId: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('company_id', '=', companyId)
    .where('id', '=', campaignId)
    .where('active', '=', 1)
    .where('valid_from', '<=', now)
    .where('valid_until', '>', now)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('uses', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
