import type { Kysely, Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { CustomerTypesTable, Database } from '../../db/schema.js';
import type { Page, Paging } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import type { CustomerType } from './schemas.js';
import { type CustomerTypeFilter, pageCustomerTypes } from './store.js';

type CustomerTypeWire = Static<typeof CustomerType>;

/** Flag columns become booleans; every other column already has its wire name. */
export function toCustomerType({
  id,
  company_id: _company,
  name,
  code,
  prospect_expiration_days,
  ...flags
}: Selectable<CustomerTypesTable>): CustomerTypeWire {
  const booleans = Object.fromEntries(Object.entries(flags).map(([key, value]) => [key, value === 1])) as {
    [K in keyof typeof flags]: boolean;
  };
  return { id_customer_type: id, name, code, prospect_expiration_days, ...booleans };
}

export function createCustomerTypesService(db: Kysely<Database>) {
  return {
    async page(
      companyId: number,
      filter: CustomerTypeFilter,
      paging: Paging,
    ): Promise<Page<CustomerTypeWire>> {
      const { rows, total } = await pageCustomerTypes(db, companyId, filter, paging);
      return { items: rows.map(toCustomerType), total };
    },
    async get(companyId: number, customerTypeId: number): Promise<CustomerTypeWire> {
      const { rows } = await pageCustomerTypes(
        db,
        companyId,
        { customerTypeId },
        { pageNumber: 1, pageSize: 1 },
      );
      if (!rows[0]) throw notFound(`Customer type ${customerTypeId}`);
      return toCustomerType(rows[0]);
    },
  };
}

export type CustomerTypesService = ReturnType<typeof createCustomerTypesService>;
