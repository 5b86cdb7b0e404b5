import { type Kysely, sql } from 'kysely';
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

export interface PackageFilter {
  stateCode?: string;
  utilityCode?: string;
  customerType?: string;
}

/** The company's active packages that match the filter, by id. */
function activePackages(db: Kysely<Database>, companyId: number, filter: PackageFilter) {
  let query = db
    .selectFrom('prospect_packages')
    .selectAll('prospect_packages')
    .where('prospect_packages.company_id', '=', companyId)
    .where('prospect_packages.active', '=', 1);
  if (filter.stateCode) {
    const stateCode = filter.stateCode;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('prospect_package_markets')
          .innerJoin('markets', 'markets.id', 'prospect_package_markets.market_id')
          .select('prospect_package_markets.package_id')
          .whereRef('prospect_package_markets.package_id', '=', 'prospect_packages.id')
          .where('markets.state_code', '=', stateCode),
      ),
    );
  }
  if (filter.utilityCode) {
    const utilityCode = filter.utilityCode;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('prospect_package_utilities')
          .innerJoin('utilities', 'utilities.id', 'prospect_package_utilities.utility_id')
          .select('prospect_package_utilities.package_id')
          .whereRef('prospect_package_utilities.package_id', '=', 'prospect_packages.id')
          .where(sql`upper(utilities.code)`, '=', utilityCode),
      ),
    );
  }
  if (filter.customerType) {
    const customerType = filter.customerType;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('prospect_package_customer_types')
          .innerJoin(
            'customer_types',
            'customer_types.id',
            'prospect_package_customer_types.customer_type_id',
          )
          .select('prospect_package_customer_types.package_id')
          .whereRef('prospect_package_customer_types.package_id', '=', 'prospect_packages.id')
          .where('customer_types.code', '=', customerType),
      ),
    );
  }
  return query.orderBy('prospect_packages.id').execute();
}

/** The customer types, markets, utilities and documents of the packages. */
function partsOf(db: Kysely<Database>, ids: number[]) {
  return Promise.all([
    db
      .selectFrom('prospect_package_customer_types')
      .innerJoin('customer_types', 'customer_types.id', 'prospect_package_customer_types.customer_type_id')
      .select(['prospect_package_customer_types.package_id', 'customer_types.code'])
      .where('prospect_package_customer_types.package_id', 'in', ids)
      .orderBy('customer_types.id')
      .execute(),
    db
      .selectFrom('prospect_package_markets')
      .innerJoin('markets', 'markets.id', 'prospect_package_markets.market_id')
      .select(['prospect_package_markets.package_id', 'markets.id', 'markets.name', 'markets.state_code'])
      .where('prospect_package_markets.package_id', 'in', ids)
      .orderBy('markets.id')
      .execute(),
    db
      .selectFrom('prospect_package_utilities')
      .innerJoin('utilities', 'utilities.id', 'prospect_package_utilities.utility_id')
      .select(['prospect_package_utilities.package_id', 'utilities.id', 'utilities.code', 'utilities.name'])
      .where('prospect_package_utilities.package_id', 'in', ids)
      .orderBy('utilities.id')
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
    customerTypes: types.filter((t) => t.package_id === p.id).map((t) => t.code),
    markets: markets.filter((m) => m.package_id === p.id),
    utilities: utilities.filter((u) => u.package_id === p.id),
    documents: documents.filter((d) => d.package_id === p.id),
  }));
}
