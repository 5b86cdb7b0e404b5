import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Whether the package exists for the company and covers the customer type, utility and market. */
export async function packageCovers(
  db: Kysely<Database>,
  companyId: number,
  packageId: number,
  cover: { customerTypeId: number; utilityId: number; marketId: number },
): Promise<'missing' | 'covers' | 'does-not-cover'> {
  const found = await db
    .selectFrom('prospect_packages')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', packageId)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!found) return 'missing';
  const [types, utilities, markets] = await Promise.all([
    db
      .selectFrom('prospect_package_customer_types')
      .select('package_id')
      .where('package_id', '=', packageId)
      .where('customer_type_id', '=', cover.customerTypeId)
      .executeTakeFirst(),
    db
      .selectFrom('prospect_package_utilities')
      .select('package_id')
      .where('package_id', '=', packageId)
      .where('utility_id', '=', cover.utilityId)
      .executeTakeFirst(),
    db
      .selectFrom('prospect_package_markets')
      .select('package_id')
      .where('package_id', '=', packageId)
      .where('market_id', '=', cover.marketId)
      .executeTakeFirst(),
  ]);
  return types && utilities && markets ? 'covers' : 'does-not-cover';
}

/** Which packages to list: those linked to at least one of the markets, utilities and customer types given. */
export interface PackageFilter {
  marketIds?: number[];
  utilityIds?: number[];
  customerTypeIds?: number[];
}

/** `in` needs at least one value; 0 is no row's id. */
const idsOrNone = (ids: number[]) => (ids.length ? ids : [0]);

/** The company's active packages that match the filter, by id. */
function activePackages(db: Kysely<Database>, companyId: number, filter: PackageFilter) {
  let query = db
    .selectFrom('prospect_packages')
    .selectAll('prospect_packages')
    .where('prospect_packages.company_id', '=', companyId)
    .where('prospect_packages.active', '=', 1);
  if (filter.marketIds) {
    const marketIds = idsOrNone(filter.marketIds);
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('prospect_package_markets')
          .select('prospect_package_markets.package_id')
          .whereRef('prospect_package_markets.package_id', '=', 'prospect_packages.id')
          .where('prospect_package_markets.market_id', 'in', marketIds),
      ),
    );
  }
  if (filter.utilityIds) {
    const utilityIds = idsOrNone(filter.utilityIds);
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('prospect_package_utilities')
          .select('prospect_package_utilities.package_id')
          .whereRef('prospect_package_utilities.package_id', '=', 'prospect_packages.id')
          .where('prospect_package_utilities.utility_id', 'in', utilityIds),
      ),
    );
  }
  if (filter.customerTypeIds) {
    const customerTypeIds = idsOrNone(filter.customerTypeIds);
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('prospect_package_customer_types')
          .select('prospect_package_customer_types.package_id')
          .whereRef('prospect_package_customer_types.package_id', '=', 'prospect_packages.id')
          .where('prospect_package_customer_types.customer_type_id', 'in', customerTypeIds),
      ),
    );
  }
  return query.orderBy('prospect_packages.id').execute();
}

/** The ids of the packages' customer types, markets and utilities (each in id order), and their documents. */
function partsOf(db: Kysely<Database>, ids: number[]) {
  return Promise.all([
    db
      .selectFrom('prospect_package_customer_types')
      .select(['package_id', 'customer_type_id'])
      .where('package_id', 'in', ids)
      .orderBy('customer_type_id')
      .execute(),
    db
      .selectFrom('prospect_package_markets')
      .select(['package_id', 'market_id'])
      .where('package_id', 'in', ids)
      .orderBy('market_id')
      .execute(),
    db
      .selectFrom('prospect_package_utilities')
      .select(['package_id', 'utility_id'])
      .where('package_id', 'in', ids)
      .orderBy('utility_id')
      .execute(),
    db
      .selectFrom('prospect_package_documents')
      .selectAll()
      .where('package_id', 'in', ids)
      .orderBy('sort_order')
      .execute(),
  ]);
}

export async function listPackages(db: Kysely<Database>, companyId: number, filter: PackageFilter) {
  const packages = await activePackages(db, companyId, filter);
  const ids = packages.map((p) => p.id);
  if (ids.length === 0) return [];
  const [types, markets, utilities, documents] = await partsOf(db, ids);
  return packages.map((p) => ({
    ...p,
    customerTypeIds: types.filter((t) => t.package_id === p.id).map((t) => t.customer_type_id),
    marketIds: markets.filter((m) => m.package_id === p.id).map((m) => m.market_id),
    utilityIds: utilities.filter((u) => u.package_id === p.id).map((u) => u.utility_id),
    documents: documents.filter((d) => d.package_id === p.id),
  }));
}
