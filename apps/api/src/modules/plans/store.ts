import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type {
  PlanAcceptanceOptionsTable,
  PlanDocumentsTable,
  PlansTable,
  PlanVersionsTable,
} from '../../db/tables/plans.js';

/**
 * The one definition of a plan on sale on a day: published, not deprecated, inside its availability window.
 * Campaign plans (with a promo code) are on sale only to callers who give their valid code.
 */
function plansOnSale(db: Kysely<Database>, today: string, options: { withPromoCodes?: string[] } = {}) {
  const promoCodes = options.withPromoCodes ?? [];
  return db
    .selectFrom('plans')
    .where('plans.published', '=', 1)
    .where('plans.deprecated', '=', 0)
    .where('plans.available_from_date', '<=', today)
    .where((eb) =>
      eb.or([eb('plans.available_until_date', 'is', null), eb('plans.available_until_date', '>=', today)]),
    )
    .where((eb) =>
      promoCodes.length > 0
        ? eb.or([eb('plans.promo_code', 'is', null), eb('plans.promo_code', 'in', promoCodes)])
        : eb('plans.promo_code', 'is', null),
    );
}

/** The utilities with at least one plan on sale that day (not counting campaign plans). */
export async function utilitiesWithPlansOnSale(db: Kysely<Database>, today: string): Promise<number[]> {
  const rows = await plansOnSale(db, today).select('plans.utility_id').distinct().execute();
  return rows.map((r) => r.utility_id);
}

export interface PlanFilter {
  /**
   * Which prices: each plan's version in effect at a moment (ISO 8601), or these versions (an enrollment's accepted
   * version), one row each.
   */
  prices: { at: string } | { versionIds: number[] };
  planIds?: number[];
  utilityIds?: number[];
  customerTypeId?: number;
  /** Only plans on sale that day, with the plans of these campaign codes. */
  onSale?: { today: string; promoCodes: string[] };
  includeDrafts?: boolean;
}

/** The columns of a plan version that price a plan, named as a plan's. */
const VERSION_PRICES = [
  'plan_versions.id as plan_version_id',
  'plan_versions.version',
  'plan_versions.effective_at',
  'plan_versions.rate',
  'plan_versions.monthly_fee',
  'plan_versions.cancellation_fee',
  'plan_versions.time_of_use',
] as const;

/**
 * Plans with the version of `filter.prices` and what describing them needs from their utility, market,
 * customer type and brand. A plan whose first version is still to come has no prices yet and is left out.
 */
export function findPlans(db: Kysely<Database>, companyId: number, filter: PlanFilter) {
  let query = db
    .selectFrom('plans')
    .innerJoin('plan_versions', (join) =>
      join.onRef('plan_versions.plan_id', '=', 'plans.id').on((eb) => {
        const { prices } = filter;
        if ('versionIds' in prices)
          return eb('plan_versions.id', 'in', prices.versionIds.length ? prices.versionIds : [0]);
        return eb(
          'plan_versions.id',
          '=',
          eb
            .selectFrom('plan_versions as v')
            .select('v.id')
            .whereRef('v.plan_id', '=', 'plans.id')
            .where('v.effective_at', '<=', prices.at)
            .where('v.cancelled_at', 'is', null)
            .orderBy('v.effective_at', 'desc')
            .orderBy('v.version', 'desc')
            .limit(1),
        );
      }),
    )
    .innerJoin('utilities', 'utilities.id', 'plans.utility_id')
    .innerJoin('markets', 'markets.id', 'utilities.market_id')
    .innerJoin('customer_types', 'customer_types.id', 'plans.customer_type_id')
    .innerJoin('brands', 'brands.id', 'plans.brand_id')
    .selectAll('plans')
    .select(VERSION_PRICES)
    .select([
      'utilities.code as utility_code',
      'utilities.name as utility_name',
      'utilities.formal_name as utility_formal_name',
      'utilities.commodity',
      'utilities.market_id',
      'utilities.ldc_label',
      'utilities.ldc_prefix',
      'utilities.ldc_length',
      'utilities.ldc_only_numbers',
      'utilities.ldc_mask',
      'utilities.rescission_period',
      'utilities.allow_enrollments',
      'markets.state_code',
      'customer_types.name as customer_type_name',
      'customer_types.code as customer_type_code',
      'brands.name as brand_name',
      'brands.url as brand_url',
      'brands.phone as brand_phone',
      'brands.email as brand_email',
      'brands.office_hours as brand_office_hours',
    ])
    .where('plans.company_id', '=', companyId);
  if (!filter.includeDrafts) query = query.where('plans.published', '=', 1);
  if (filter.planIds) query = query.where('plans.id', 'in', filter.planIds.length ? filter.planIds : [0]);
  if (filter.utilityIds)
    query = query.where('plans.utility_id', 'in', filter.utilityIds.length ? filter.utilityIds : [0]);
  if (filter.customerTypeId !== undefined)
    query = query.where('plans.customer_type_id', '=', filter.customerTypeId);
  if (filter.onSale) {
    const onSale = plansOnSale(db, filter.onSale.today, { withPromoCodes: filter.onSale.promoCodes }).select(
      'plans.id',
    );
    query = query.where('plans.id', 'in', onSale);
  }
  return query.orderBy('plans.utility_id').orderBy('plans.term').orderBy('plans.id').execute();
}

export type PlanRow = Awaited<ReturnType<typeof findPlans>>[number];

/**
 * What an enrollment's description, emails and bills show of the plan version it accepted, whether the plan allows
 * renewing and re-enrolling, and whose it is (company, brand; a document of an unpublished plan is not served).
 */
export function findPlanTerms(db: Kysely<Database>, versionIds: number[]) {
  return db
    .selectFrom('plan_versions')
    .innerJoin('plans', 'plans.id', 'plan_versions.plan_id')
    .select([
      'plans.id',
      'plans.company_id',
      'plans.brand_id',
      'plans.published',
      'plans.name',
      'plans.term',
      'plans.billing_system_plan_code',
      'plans.not_able_renewals',
      'plans.not_able_reenrolls',
      ...VERSION_PRICES,
    ])
    .where('plan_versions.id', 'in', versionIds.length ? versionIds : [0])
    .execute();
}

/** Whose these plans are (company, brand) and whether they are published: what serving their documents needs. */
export function findPlanOwners(db: Kysely<Database>, planIds: number[]) {
  return db
    .selectFrom('plans')
    .select(['id', 'company_id', 'brand_id', 'published'])
    .where('id', 'in', planIds.length ? planIds : [0])
    .execute();
}

/** The company's plans of these ids with their names and whether they are published. */
export function findPlanNames(db: Kysely<Database>, companyId: number, planIds: number[]) {
  return db
    .selectFrom('plans')
    .select(['id', 'name', 'published'])
    .where('company_id', '=', companyId)
    .where('id', 'in', planIds.length ? planIds : [0])
    .execute();
}

export async function planDetails(db: Kysely<Database>, planIds: number[]) {
  const ids = planIds.length ? planIds : [0];
  const [acceptance, documents] = await Promise.all([
    db
      .selectFrom('plan_acceptance_options')
      .selectAll()
      .where('plan_id', 'in', ids)
      .where('retired_at', 'is', null)
      .orderBy('sort_order')
      .execute(),
    db.selectFrom('plan_documents').selectAll().where('plan_id', 'in', ids).orderBy('id').execute(),
  ]);
  return { acceptance, documents };
}

/** A plan's documents, in order. */
export function planDocumentsOf(db: Kysely<Database>, planId: number) {
  return db.selectFrom('plan_documents').selectAll().where('plan_id', '=', planId).orderBy('id').execute();
}

/** Changes how a plan's document is named and where it is shown. */
export async function updatePlanDocument(
  db: Kysely<Database>,
  planId: number,
  documentId: number,
  values: Updateable<PlanDocumentsTable>,
): Promise<void> {
  await db
    .updateTable('plan_documents')
    .set(values)
    .where('plan_id', '=', planId)
    .where('id', '=', documentId)
    .execute();
}

export function marketDocuments(db: Kysely<Database>, companyId: number, marketIds: number[]) {
  return db
    .selectFrom('market_documents')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('market_id', 'in', marketIds.length ? marketIds : [0])
    .orderBy('id')
    .execute();
}

export function customerTypesByIds(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('customer_types')
    .selectAll()
    .where('id', 'in', ids.length ? ids : [0])
    .execute();
}

/** Changes a plan's own columns (not its prices, which are versions); false when the company has no such plan. */
export async function updatePlan(
  db: Kysely<Database>,
  companyId: number,
  planId: number,
  values: Updateable<PlansTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('plans')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', '=', planId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new plan with its first version, acceptance options (in order) and documents, in one transaction; its id. */
export function insertPlan(
  db: Kysely<Database>,
  plan: {
    plan: Insertable<PlansTable>;
    version: Omit<Insertable<PlanVersionsTable>, 'plan_id' | 'version'>;
    acceptanceOptions: Omit<Insertable<PlanAcceptanceOptionsTable>, 'plan_id' | 'sort_order'>[];
    documents: Omit<Insertable<PlanDocumentsTable>, 'plan_id'>[];
  },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('plans').values(plan.plan).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('plan_versions')
      .values({ ...plan.version, plan_id: id, version: 1 })
      .execute();
    await trx
      .insertInto('plan_acceptance_options')
      .values(plan.acceptanceOptions.map((option, i) => ({ ...option, plan_id: id, sort_order: i + 1 })))
      .execute();
    await trx
      .insertInto('plan_documents')
      .values(plan.documents.map((document) => ({ ...document, plan_id: id })))
      .execute();
    return id;
  });
}

/**
 * A copy of a plan as a draft, in one transaction: its settings under a new name and billing code, its acceptance
 * options and documents, and its prices of `version` as the copy's first version from `at`.
 */
export async function clonePlan(
  db: Kysely<Database>,
  source: { planId: number; versionId: number },
  copy: { name: string; billingSystemPlanCode: string; at: string; by: string; note: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id: _id, ...plan } = await trx
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', source.planId)
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto('plans')
      .values({
        ...plan,
        name: copy.name,
        billing_system_plan_code: copy.billingSystemPlanCode,
        published: 0,
        deprecated: 0,
        created_at: copy.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const options = await trx
      .selectFrom('plan_acceptance_options')
      .selectAll()
      .where('plan_id', '=', source.planId)
      .where('retired_at', 'is', null)
      .execute();
    if (options.length > 0)
      await trx
        .insertInto('plan_acceptance_options')
        .values(options.map(({ id: _option, ...option }) => ({ ...option, plan_id: id })))
        .execute();
    const documents = await trx
      .selectFrom('plan_documents')
      .selectAll()
      .where('plan_id', '=', source.planId)
      .execute();
    if (documents.length > 0)
      await trx
        .insertInto('plan_documents')
        .values(documents.map(({ id: _document, ...document }) => ({ ...document, plan_id: id })))
        .execute();
    const prices = await trx
      .selectFrom('plan_versions')
      .select(['rate', 'monthly_fee', 'cancellation_fee', 'time_of_use'])
      .where('id', '=', source.versionId)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('plan_versions')
      .values({
        ...prices,
        plan_id: id,
        version: 1,
        effective_at: copy.at,
        note: copy.note,
        created_by: copy.by,
        created_at: copy.at,
      })
      .execute();
    return id;
  });
}

/** How many plans of the company's catalogue (drafts included, retired plans not) each utility has. */
export async function planCountsByUtility(
  db: Kysely<Database>,
  companyId: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('plans')
    .select(['utility_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('company_id', '=', companyId)
    .where('deprecated', '=', 0)
    .groupBy('utility_id')
    .execute();
  return new Map(rows.map((r) => [r.utility_id, Number(r.count)]));
}
