import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface UtilityFilter {
  utilityId?: number;
  /** Only the utilities among these: those serving the zip code asked for (reference knows them). */
  servingZip?: number[];
  customerTypeId?: number;
  active?: boolean;
  allowEnrollments?: boolean;
  /** Only the utilities among `utilityIds` (those with a plan on sale: the plans module knows them) or only the others. */
  plansOnSale?: { utilityIds: number[]; wanted: boolean };
}

export function listUtilities(db: Kysely<Database>, companyId: number, filter: UtilityFilter) {
  let query = db
    .selectFrom('utilities')
    .innerJoin('markets', 'markets.id', 'utilities.market_id')
    .selectAll('utilities')
    .select(['markets.state_code', 'markets.name as market_name'])
    .where('utilities.company_id', '=', companyId);
  if (filter.utilityId !== undefined) query = query.where('utilities.id', '=', filter.utilityId);
  if (filter.active !== undefined) query = query.where('utilities.active', '=', filter.active ? 1 : 0);
  if (filter.allowEnrollments !== undefined)
    query = query.where('utilities.allow_enrollments', '=', filter.allowEnrollments ? 1 : 0);
  if (filter.servingZip) {
    const ids = filter.servingZip;
    query = query.where('utilities.id', 'in', ids.length ? ids : [0]);
  }
  if (filter.customerTypeId !== undefined) {
    const customerTypeId = filter.customerTypeId;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('utility_customer_types')
          .select('utility_customer_types.utility_id')
          .whereRef('utility_customer_types.utility_id', '=', 'utilities.id')
          .where('utility_customer_types.customer_type_id', '=', customerTypeId),
      ),
    );
  }
  if (filter.plansOnSale) {
    const { utilityIds, wanted } = filter.plansOnSale;
    query = query.where('utilities.id', wanted ? 'in' : 'not in', utilityIds.length ? utilityIds : [0]);
  }
  return query.orderBy('utilities.id').execute();
}

export function customerTypesOf(db: Kysely<Database>, utilityIds: number[]) {
  if (utilityIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('utility_customer_types')
    .innerJoin('customer_types', 'customer_types.id', 'utility_customer_types.customer_type_id')
    .select([
      'utility_customer_types.utility_id',
      'customer_types.id',
      'customer_types.name',
      'customer_types.code',
    ])
    .where('utility_customer_types.utility_id', 'in', utilityIds)
    .orderBy('customer_types.id')
    .execute();
}
