import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PricingMatrixImportPricesTable, PricingMatrixImportsTable } from '../../db/tables/prospects.js';
import type { Page, Paging } from '../../http/envelope.js';

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

type ImportRecord = Omit<Insertable<PricingMatrixImportsTable>, 'company_id' | 'status'>;

/** Keeps a checked file and its prices, pending until staff activate or discard it; the caller's transaction. */
export async function insertPendingImport(
  trx: Kysely<Database>,
  companyId: number,
  rows: PriceRow[],
  record: ImportRecord,
): Promise<number> {
  const { id } = await trx
    .insertInto('pricing_matrix_imports')
    .values({ company_id: companyId, ...record, status: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < rows.length; start += PRICE_INSERT_CHUNK) {
    await trx
      .insertInto('pricing_matrix_import_prices')
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

const importColumns = [
  'id',
  'file_name',
  'sha256',
  'row_count',
  'price_file_date',
  'imported_by',
  'imported_at',
  'status',
  'decided_at',
  'decided_by',
] as const;

export function listImports(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('pricing_matrix_imports as i')
    .select(importColumns.map((column) => `i.${column}` as const))
    .select((eb) =>
      eb
        .selectFrom('pricing_matrix_import_prices as p')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('p.import_id', '=', 'i.id')
        .as('kept_prices'),
    )
    .where('i.company_id', '=', companyId)
    .orderBy('i.id', 'desc')
    .execute();
}

export function findImport(db: Kysely<Database>, companyId: number, importId: number) {
  return db
    .selectFrom('pricing_matrix_imports')
    .select(importColumns)
    .where('company_id', '=', companyId)
    .where('id', '=', importId)
    .executeTakeFirst();
}

export function findImportInForce(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('pricing_matrix_imports')
    .select(importColumns)
    .where('company_id', '=', companyId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

const PRICE_COLUMNS = [
  'utility_code',
  'zone',
  'rate_code',
  'term_months',
  'usage_tier',
  'start_month',
  'price_micros',
  'price_file_date',
] as const;

type StoredPrice = Pick<Selectable<PricingMatrixImportPricesTable>, (typeof PRICE_COLUMNS)[number]>;

const priceRowOf = (r: StoredPrice): PriceRow => ({
  utilityCode: r.utility_code,
  zone: r.zone,
  rateCode: r.rate_code,
  termMonths: Number(r.term_months),
  usageTier: r.usage_tier,
  startMonth: r.start_month,
  priceMicros: Number(r.price_micros),
  priceFileDate: r.price_file_date,
});

/** The prices an import keeps, in key order. */
export async function pricesOf(db: Kysely<Database>, importId: number): Promise<PriceRow[]> {
  const rows = await db
    .selectFrom('pricing_matrix_import_prices')
    .select(PRICE_COLUMNS)
    .where('import_id', '=', importId)
    .orderBy(['utility_code', 'zone', 'rate_code', 'term_months', 'usage_tier', 'start_month'])
    .execute();
  return rows.map(priceRowOf);
}

export async function keptPriceCount(db: Kysely<Database>, importId: number): Promise<number> {
  const { n } = await db
    .selectFrom('pricing_matrix_import_prices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('import_id', '=', importId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A LIKE pattern for values containing `text` as written (codes may hold `_`, a LIKE wildcard). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of an import's prices in key order, those whose utility, zone, rate code or tier has `search`. */
export async function pricesPage(
  db: Kysely<Database>,
  importId: number,
  search: string | undefined,
  paging: Paging,
): Promise<Page<PriceRow>> {
  const term = search?.trim().toUpperCase();
  const matching = db
    .selectFrom('pricing_matrix_import_prices')
    .where('import_id', '=', importId)
    .$if(Boolean(term), (q) =>
      q.where((eb) =>
        eb.or(
          (['utility_code', 'zone', 'rate_code', 'usage_tier'] as const).map(
            (column) => sql<boolean>`${sql.ref(column)} like ${containing(term!)} escape '\\'`,
          ),
        ),
      ),
    );
  const [rows, count] = await Promise.all([
    matching
      .select(PRICE_COLUMNS)
      .orderBy(['utility_code', 'zone', 'rate_code', 'term_months', 'usage_tier', 'start_month'])
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(priceRowOf), total: Number(count.n) };
}

export interface Decision {
  by: string;
  at: string;
}

/**
 * Puts a pending or replaced import in force in place of `inForceId` (null: none is in force), in the caller's
 * transaction. The import in force is replaced only if it is still `inForceId`: of two activations at once the one
 * that comes second finds it changed, or meets the partial unique index when none was in force.
 */
export async function activateImport(
  trx: Kysely<Database>,
  companyId: number,
  importId: number,
  inForceId: number | null,
  decision: Decision,
): Promise<'activated' | 'in-force-changed' | 'not-activatable'> {
  if (inForceId !== null) {
    const replaced = await trx
      .updateTable('pricing_matrix_imports')
      .set({ status: 'replaced' })
      .where('company_id', '=', companyId)
      .where('id', '=', inForceId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (Number(replaced.numUpdatedRows) !== 1) return 'in-force-changed';
  }
  const activated = await trx
    .updateTable('pricing_matrix_imports')
    .set({ status: 'active', decided_at: decision.at, decided_by: decision.by })
    .where('company_id', '=', companyId)
    .where('id', '=', importId)
    .where('status', 'in', ['pending', 'replaced'])
    .executeTakeFirst();
  return Number(activated.numUpdatedRows) === 1 ? 'activated' : 'not-activatable';
}

/** Discards a pending import and lets its prices go; false when it is no longer pending. */
export async function discardImport(
  trx: Kysely<Database>,
  companyId: number,
  importId: number,
  decision: Decision,
): Promise<boolean> {
  const discarded = await trx
    .updateTable('pricing_matrix_imports')
    .set({ status: 'discarded', decided_at: decision.at, decided_by: decision.by })
    .where('company_id', '=', companyId)
    .where('id', '=', importId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(discarded.numUpdatedRows) !== 1) return false;
  await trx.deleteFrom('pricing_matrix_import_prices').where('import_id', '=', importId).execute();
  return true;
}

/** The price in force for a key: the import in force's. */
export async function findPrice(db: Kysely<Database>, companyId: number, key: PriceKey) {
  return db
    .selectFrom('pricing_matrix_import_prices as p')
    .innerJoin('pricing_matrix_imports as i', 'i.id', 'p.import_id')
    .select(['p.price_micros', 'p.price_file_date'])
    .where('i.company_id', '=', companyId)
    .where('i.status', '=', 'active')
    .where('p.utility_code', '=', key.utilityCode)
    .where('p.zone', '=', key.zone)
    .where('p.rate_code', '=', key.rateCode)
    .where('p.term_months', '=', key.termMonths)
    .where('p.usage_tier', '=', key.usageTier)
    .where('p.start_month', '=', key.startMonth)
    .executeTakeFirst();
}

export function findSettings(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('prospect_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}
