import type { Insertable, Kysely, Updateable } from 'kysely';
import type { FlagValue } from '../../db/columns.js';
import type {
  BrandsTable,
  CompanySettingsTable,
  CustomerTypesTable,
  Database,
  MarketsTable,
  UtilitiesTable,
  UtilityCustomerTypesTable,
} from '../../db/schema.js';

type Db = Kysely<Database>;
/** A row's columns but its id and company, which the store sets. */
type Values<Table> = Omit<Insertable<Table>, 'id' | 'company_id'>;

export function findSettings(db: Db, companyId: number) {
  return db.selectFrom('company_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

/** The companies with a verification provider to hand their sales to: its URL and sealed secret. */
export function verificationProviders(db: Db) {
  return db
    .selectFrom('company_settings')
    .select([
      'company_id',
      'verification_provider_url as provider_url',
      'verification_provider_secret_sealed as provider_secret_sealed',
    ])
    .where('verification_provider_url', 'is not', null)
    .where('verification_provider_secret_sealed', 'is not', null)
    .$narrowType<{ provider_url: string; provider_secret_sealed: string }>()
    .execute();
}

export async function insertSettings(
  db: Db,
  companyId: number,
  settings: Values<CompanySettingsTable>,
): Promise<void> {
  await db
    .insertInto('company_settings')
    .values({ company_id: companyId, ...settings })
    .execute();
}

/**
 * Every change counts in `version`; given the version a change was read at, the write happens only if the row is
 * still there (answers whether it wrote).
 */
export async function updateSettings(
  db: Db,
  companyId: number,
  settings: Updateable<CompanySettingsTable>,
  readVersion?: number,
): Promise<boolean> {
  let update = db
    .updateTable('company_settings')
    .set((eb) => ({ ...settings, version: eb('version', '+', 1) }))
    .where('company_id', '=', companyId);
  if (readVersion !== undefined) update = update.where('version', '=', readVersion);
  return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
}

export function findCompanyBySlug(db: Db, slug: string) {
  return db.selectFrom('retail_companies').select(['id', 'name']).where('slug', '=', slug).executeTakeFirst();
}

/** Every retail company of the installation, newest first. */
export function listCompanies(db: Db) {
  return db
    .selectFrom('retail_companies')
    .select(['id', 'name', 'slug', 'created_at'])
    .orderBy('id', 'desc')
    .execute();
}

export async function insertCompany(
  db: Db,
  company: { name: string; slug: string; createdAt: Date },
): Promise<number> {
  const { id } = await db
    .insertInto('retail_companies')
    .values({ name: company.name, slug: company.slug, created_at: company.createdAt.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function renameCompany(db: Db, companyId: number, name: string): Promise<void> {
  await db.updateTable('retail_companies').set({ name }).where('id', '=', companyId).execute();
}

/** Brands, markets and utilities are deactivated rather than deleted: what was sold under them keeps them. */
export async function setActive(
  db: Db,
  table: 'brands' | 'markets' | 'utilities',
  id: number,
  active: FlagValue,
): Promise<void> {
  await db.updateTable(table).set({ active }).where('id', '=', id).execute();
}

export function findBrands(db: Db, companyId: number) {
  return db.selectFrom('brands').selectAll().where('company_id', '=', companyId).execute();
}

export function findBrand(db: Db, companyId: number, brandId: number) {
  return db
    .selectFrom('brands')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', brandId)
    .executeTakeFirst();
}

/** The brand that stands for the company where one name must: its first. */
export function findFirstBrand(db: Db, companyId: number) {
  return db
    .selectFrom('brands')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

export async function insertBrand(db: Db, companyId: number, brand: Values<BrandsTable>): Promise<number> {
  const { id } = await db
    .insertInto('brands')
    .values({ company_id: companyId, ...brand })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Like updateSettings: counted in `version`, and conditional on the version read when one is given. */
export async function updateBrand(
  db: Db,
  brandId: number,
  brand: Updateable<BrandsTable>,
  readVersion?: number,
): Promise<boolean> {
  let update = db
    .updateTable('brands')
    .set((eb) => ({ ...brand, version: eb('version', '+', 1) }))
    .where('id', '=', brandId);
  if (readVersion !== undefined) update = update.where('version', '=', readVersion);
  return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
}

export function findMarkets(db: Db, companyId: number) {
  return db.selectFrom('markets').selectAll().where('company_id', '=', companyId).execute();
}

export async function insertMarket(db: Db, companyId: number, market: Values<MarketsTable>): Promise<number> {
  const { id } = await db
    .insertInto('markets')
    .values({ company_id: companyId, ...market })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateMarket(
  db: Db,
  marketId: number,
  market: Updateable<MarketsTable>,
): Promise<void> {
  await db.updateTable('markets').set(market).where('id', '=', marketId).execute();
}

export function findCustomerTypes(db: Db, companyId: number) {
  return db
    .selectFrom('customer_types')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
}

export async function insertCustomerType(
  db: Db,
  companyId: number,
  type: Values<CustomerTypesTable>,
): Promise<number> {
  const { id } = await db
    .insertInto('customer_types')
    .values({ company_id: companyId, ...type })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateCustomerType(
  db: Db,
  typeId: number,
  type: Updateable<CustomerTypesTable>,
): Promise<void> {
  await db.updateTable('customer_types').set(type).where('id', '=', typeId).execute();
}

export function findUtilities(db: Db, companyId: number) {
  return db
    .selectFrom('utilities')
    .select(['id', 'code', 'name', 'commodity', 'market_id', 'active', 'ldc_prefix', 'ldc_length'])
    .where('company_id', '=', companyId)
    .execute();
}

/**
 * Each utility's code, name and market's state, its renewal alert (days) and whether its market lets the supplier
 * take payments.
 */
export function findUtilityTerms(db: Db, utilityIds: number[]) {
  return db
    .selectFrom('utilities')
    .innerJoin('markets', 'markets.id', 'utilities.market_id')
    .select([
      'utilities.id',
      'utilities.code',
      'utilities.name',
      'markets.state_code',
      'utilities.renewal_alert',
      'markets.handle_payments',
    ])
    .where('utilities.id', 'in', utilityIds)
    .execute();
}

/** Which customer types each utility of the company serves. */
export function findUtilityCustomerTypes(db: Db, companyId: number) {
  return db
    .selectFrom('utility_customer_types')
    .innerJoin('utilities', 'utilities.id', 'utility_customer_types.utility_id')
    .select(['utility_customer_types.utility_id', 'utility_customer_types.customer_type_id'])
    .where('utilities.company_id', '=', companyId)
    .execute();
}

export async function insertUtilityCustomerTypes(
  db: Db,
  links: Insertable<UtilityCustomerTypesTable>[],
): Promise<void> {
  await db.insertInto('utility_customer_types').values(links).execute();
}

/** A utility of the company with its market's state and name, every column; undefined when it is another's. */
export function findCompanyUtility(db: Db, companyId: number, utilityId: number) {
  return db
    .selectFrom('utilities')
    .innerJoin('markets', 'markets.id', 'utilities.market_id')
    .selectAll('utilities')
    .select(['markets.state_code', 'markets.name as market_name'])
    .where('utilities.company_id', '=', companyId)
    .where('utilities.id', '=', utilityId)
    .executeTakeFirst();
}

/** The company's utilities with their market's state, by name. */
export function listCompanyUtilities(db: Db, companyId: number) {
  return db
    .selectFrom('utilities')
    .innerJoin('markets', 'markets.id', 'utilities.market_id')
    .selectAll('utilities')
    .select(['markets.state_code', 'markets.name as market_name'])
    .where('utilities.company_id', '=', companyId)
    .orderBy('utilities.commodity')
    .orderBy('utilities.name')
    .execute();
}

export async function updateUtility(db: Db, utilityId: number, values: Updateable<UtilitiesTable>) {
  await db.updateTable('utilities').set(values).where('id', '=', utilityId).execute();
}

/**
 * Locks the company's utilities until the transaction ends (a write that changes nothing), so a rule across them
 * (no two with overlapping account number prefixes) is checked and saved by one change at a time.
 */
export async function lockCompanyUtilities(db: Db, companyId: number) {
  await db
    .updateTable('utilities')
    .set((eb) => ({ allow_enrollments: eb.ref('allow_enrollments') }))
    .where('company_id', '=', companyId)
    .execute();
}
