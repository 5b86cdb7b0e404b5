import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Paging } from '../../http/envelope.js';

export interface CustomerTypeFilter {
  utilityIds?: number[];
  customerTypeId?: number;
}

function filtered(db: Kysely<Database>, companyId: number, filter: CustomerTypeFilter) {
  let query = db.selectFrom('customer_types').where('customer_types.company_id', '=', companyId);
  if (filter.customerTypeId !== undefined)
    query = query.where('customer_types.id', '=', filter.customerTypeId);
  if (filter.utilityIds?.length) {
    const utilityIds = filter.utilityIds;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('utility_customer_types')
          .select('utility_customer_types.utility_id')
          .whereRef('utility_customer_types.customer_type_id', '=', 'customer_types.id')
          .where('utility_customer_types.utility_id', 'in', utilityIds),
      ),
    );
  }
  return query;
}

export async function pageCustomerTypes(
  db: Kysely<Database>,
  companyId: number,
  filter: CustomerTypeFilter,
  paging: Paging,
) {
  const base = filtered(db, companyId, filter);
  const [rows, total] = await Promise.all([
    base
      .selectAll('customer_types')
      .orderBy('customer_types.id')
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    base.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
