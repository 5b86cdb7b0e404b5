import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PlanBundlesTable } from '../../db/tables/plans.js';

/**
 * The company's bundles (or these of them), by name, with what staff read of each: its two plans with their
 * utilities, its customer type and its market.
 */
export function listBundles(db: Kysely<Database>, companyId: number, bundleIds?: number[]) {
  let query = db
    .selectFrom('plan_bundles')
    .innerJoin('plans as electric', 'electric.id', 'plan_bundles.electric_plan_id')
    .innerJoin('utilities as electric_utility', 'electric_utility.id', 'electric.utility_id')
    .innerJoin('plans as gas', 'gas.id', 'plan_bundles.gas_plan_id')
    .innerJoin('utilities as gas_utility', 'gas_utility.id', 'gas.utility_id')
    .innerJoin('customer_types', 'customer_types.id', 'plan_bundles.customer_type_id')
    .innerJoin('markets', 'markets.id', 'plan_bundles.market_id')
    .selectAll('plan_bundles')
    .select([
      'electric.name as electric_name',
      'electric.billing_system_plan_code as electric_code',
      'electric.promo_code as electric_promo_code',
      'electric.published as electric_published',
      'electric.deprecated as electric_deprecated',
      'electric_utility.id as electric_utility_id',
      'electric_utility.code as electric_utility_code',
      'electric_utility.name as electric_utility_name',
      'gas.name as gas_name',
      'gas.billing_system_plan_code as gas_code',
      'gas.promo_code as gas_promo_code',
      'gas.published as gas_published',
      'gas.deprecated as gas_deprecated',
      'gas_utility.id as gas_utility_id',
      'gas_utility.code as gas_utility_code',
      'gas_utility.name as gas_utility_name',
      'customer_types.name as customer_type_name',
      'markets.name as market_name',
      'markets.state_code as market_state_code',
    ])
    .where('plan_bundles.company_id', '=', companyId);
  if (bundleIds) query = query.where('plan_bundles.id', 'in', bundleIds.length ? bundleIds : [0]);
  return query.orderBy('plan_bundles.name').orderBy('plan_bundles.id').execute();
}

export type BundleRow = Awaited<ReturnType<typeof listBundles>>[number];

/** The bundles of a pair of utilities (and a customer type), as plan shopping lists them: by id. */
export function findBundles(
  db: Kysely<Database>,
  companyId: number,
  filter: { electricUtilityId: number; gasUtilityId: number; customerTypeId?: number },
) {
  let query = db
    .selectFrom('plan_bundles')
    .innerJoin('plans as electric', 'electric.id', 'plan_bundles.electric_plan_id')
    .innerJoin('plans as gas', 'gas.id', 'plan_bundles.gas_plan_id')
    .selectAll('plan_bundles')
    .where('plan_bundles.company_id', '=', companyId)
    .where('electric.utility_id', '=', filter.electricUtilityId)
    .where('gas.utility_id', '=', filter.gasUtilityId);
  if (filter.customerTypeId !== undefined)
    query = query.where('plan_bundles.customer_type_id', '=', filter.customerTypeId);
  return query.orderBy('plan_bundles.id').execute();
}

/** The company's plans of these ids with what a bundle's rules look at: commodity, customer type, market, retired. */
export function plansToBundle(db: Kysely<Database>, companyId: number, planIds: number[]) {
  return db
    .selectFrom('plans')
    .innerJoin('utilities', 'utilities.id', 'plans.utility_id')
    .innerJoin('markets', 'markets.id', 'utilities.market_id')
    .innerJoin('customer_types', 'customer_types.id', 'plans.customer_type_id')
    .select([
      'plans.id',
      'plans.name',
      'plans.deprecated',
      'plans.customer_type_id',
      'customer_types.name as customer_type_name',
      'utilities.commodity',
      'utilities.market_id',
      'markets.name as market_name',
    ])
    .where('plans.company_id', '=', companyId)
    .where('plans.id', 'in', planIds.length ? planIds : [0])
    .execute();
}

export type PlanToBundle = Awaited<ReturnType<typeof plansToBundle>>[number];

/** A new bundle's id; the unique index (company, name without regard to case) refuses a name the company has. */
export async function insertBundle(
  db: Kysely<Database>,
  values: Insertable<PlanBundlesTable>,
): Promise<number> {
  const { id } = await db.insertInto('plan_bundles').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Changes a bundle's columns; false when the company has no such bundle. */
export async function updateBundle(
  db: Kysely<Database>,
  companyId: number,
  bundleId: number,
  values: Updateable<PlanBundlesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('plan_bundles')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', '=', bundleId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a bundle; false when the company has no such bundle (or another request removed it first). */
export async function deleteBundle(
  db: Kysely<Database>,
  companyId: number,
  bundleId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('plan_bundles')
    .where('company_id', '=', companyId)
    .where('id', '=', bundleId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The company's bundles of these ids with their two plans, for what is sold with a bundle. */
export function findBundlePlans(db: Kysely<Database>, companyId: number, bundleIds: number[]) {
  return db
    .selectFrom('plan_bundles')
    .select(['id', 'name', 'electric_plan_id', 'gas_plan_id'])
    .where('company_id', '=', companyId)
    .where('id', 'in', bundleIds.length ? bundleIds : [0])
    .execute();
}

/** The bundles a plan is one of. */
export async function bundleIdsWithPlan(db: Kysely<Database>, planId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('plan_bundles')
    .select('id')
    .where((eb) => eb.or([eb('electric_plan_id', '=', planId), eb('gas_plan_id', '=', planId)]))
    .execute();
  return rows.map((row) => row.id);
}
