import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PricingMatrixImportsTable } from '../../db/tables/prospects.js';

/** What a price of the pricing matrix is for. */
export interface PriceKey {
  utilityCode: string;
  zone: string;
  rateCode: string;
  termMonths: number;
  usageTier: string;
  startMonth: string;
}

/** One price of a pricing matrix file, as parsed (pricing-matrix.ts) and stored. */
export interface PriceRow extends PriceKey {
  priceMicros: number;
  priceFileDate: string;
}

const PRICE_INSERT_CHUNK = 500;

/** Replaces the company's whole matrix; the caller runs it inside a transaction. */
export async function replacePricingMatrix(
  trx: Kysely<Database>,
  companyId: number,
  rows: PriceRow[],
  record: Omit<Insertable<PricingMatrixImportsTable>, 'company_id'>,
): Promise<number> {
  const { id } = await trx
    .insertInto('pricing_matrix_imports')
    .values({ company_id: companyId, ...record })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('pricing_matrix_prices').where('company_id', '=', companyId).execute();
  for (let start = 0; start < rows.length; start += PRICE_INSERT_CHUNK) {
    await trx
      .insertInto('pricing_matrix_prices')
      .values(
        rows.slice(start, start + PRICE_INSERT_CHUNK).map((r) => ({
          company_id: companyId,
          import_id: id,
          utility_code: r.utilityCode,
          zone: r.zone,
          rate_code: r.rateCode,
          term_months: r.termMonths,
          usage_tier: r.usageTier,
          start_month: r.startMonth,
          price_micros: r.priceMicros,
          price_file_date: r.priceFileDate,
        })),
      )
      .execute();
  }
  return id;
}

export async function findPrice(db: Kysely<Database>, companyId: number, key: PriceKey) {
  return db
    .selectFrom('pricing_matrix_prices')
    .select(['price_micros', 'price_file_date'])
    .where('company_id', '=', companyId)
    .where('utility_code', '=', key.utilityCode)
    .where('zone', '=', key.zone)
    .where('rate_code', '=', key.rateCode)
    .where('term_months', '=', key.termMonths)
    .where('usage_tier', '=', key.usageTier)
    .where('start_month', '=', key.startMonth)
    .executeTakeFirst();
}

export function findSettings(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('prospect_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}
