import type { Kysely, Transaction } from 'kysely';
import type { FlagValue } from '../../db/columns.js';
import { CUSTOMER_TYPE_REQUIRED_FLAGS } from '../../db/migrations/2026-11-21T0000-platform-core.js';
import type { Database } from '../../db/schema.js';
import { UTILITIES, type UtilityRow } from '../../db/seed/data/index.js';
import { insertUtility, zipcodeIds } from '../../db/seed/utilities.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { ApiError } from '../../http/errors.js';
import { type CompanyFile, CompanyFileRefused } from './company-file.js';
import { settingColumns } from './setup.js';
import * as store from './store.js';

/** One application of a company file: its transaction, the company it writes, and the changes made so far. */
interface Applying {
  trx: Transaction<Database>;
  companyId: number;
  changes: string[];
}

/** The company's rows of one table and the file's entries for them, matched on a stable key. */
interface Entries<Row, Wanted> {
  /** What the change list calls one row, e.g. "brand". */
  noun: string;
  rows: Row[];
  keyOf: (row: Row) => string;
  /** The file's entries by key, in the file's order. */
  wanted: ReadonlyMap<string, Wanted>;
}

/** How an entry of the file becomes a row, or updates its row. */
interface Writes<Wanted> {
  insert: (wanted: Wanted) => Promise<number>;
  update: (id: number, wanted: Wanted) => Promise<unknown>;
}

const flag = (value: boolean): FlagValue => (value ? 1 : 0);

/** What differs between a row and what the file wants, by column name (an empty list: nothing to write). */
function changedColumns<T extends Record<string, unknown>>(
  row: Record<string, unknown>,
  wanted: T,
): (keyof T)[] {
  return Object.keys(wanted).filter((column) => row[column] !== wanted[column]);
}

/**
 * Creates or updates the company of `file`, all in one transaction, and returns what changed (empty: nothing).
 * Nothing a customer depends on is deleted. Decision: a brand, market or utility left out of the file is
 * deactivated (its plans, enrollments and statements keep it); putting it back reactivates it. A customer type has
 * no inactive state and customers and prospects are typed by it, so leaving one out is refused.
 */
export async function applyCompanyFile(
  db: Kysely<Database>,
  file: CompanyFile,
  now: Date,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => (await applyWithin(trx, file, now)).changes);
}

/**
 * A new company from its file, written inside the caller's transaction (the platform operator makes its first
 * Administrator in the same one); refused when the slug names a company already, at the same moment included (the
 * slug's unique index). Answers the new company's id.
 */
export async function createCompanyFromFile(
  trx: Transaction<Database>,
  file: CompanyFile,
  now: Date,
): Promise<number> {
  if (await store.findCompanyBySlug(trx, file.slug)) throw slugTaken(file.slug);
  try {
    return (await applyWithin(trx, file, now)).companyId;
  } catch (error) {
    throw isUniqueViolation(error) ? slugTaken(file.slug) : error;
  }
}

const slugTaken = (slug: string) =>
  new ApiError('COMPANY_SLUG_TAKEN', `A retail company with the slug "${slug}" already exists.`);

async function applyWithin(trx: Transaction<Database>, file: CompanyFile, now: Date) {
  const changes: string[] = [];
  const applying = { trx, companyId: await upsertCompany(trx, file, now, changes), changes };
  await applySettings(applying, file.settings);
  await applyBrands(applying, file.brands);
  const markets = await applyMarkets(applying, file.markets);
  await applyCustomerTypes(applying, file.customer_types);
  await applyUtilities(applying, file.utilities, markets);
  return applying;
}

async function upsertCompany(trx: Transaction<Database>, file: CompanyFile, now: Date, changes: string[]) {
  const existing = await store.findCompanyBySlug(trx, file.slug);
  if (!existing) {
    const id = await store.insertCompany(trx, { name: file.name, slug: file.slug, createdAt: now });
    changes.push(`created the retail company ${file.name} (${file.slug})`);
    return id;
  }
  if (existing.name !== file.name) {
    await store.renameCompany(trx, existing.id, file.name);
    changes.push(`renamed the company to ${file.name}`);
  }
  return existing.id;
}

/** Inserts the entries no row has and updates the rows that differ from their entry; answers each key's row id. */
async function upsertEntries<
  Row extends Record<string, unknown> & { id: number },
  Wanted extends Record<string, unknown>,
>(
  { changes }: Applying,
  { noun, rows, keyOf, wanted }: Entries<Row, Wanted>,
  writes: Writes<Wanted>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [key, entry] of wanted) {
    const row = rows.find((r) => keyOf(r) === key);
    if (!row) {
      ids.set(key, await writes.insert(entry));
      changes.push(`created the ${noun} ${key}`);
      continue;
    }
    ids.set(key, row.id);
    const changed = changedColumns(row, entry);
    if (changed.length === 0) continue;
    await writes.update(row.id, entry);
    changes.push(`updated the ${noun} ${key}: ${changed.join(', ')}`);
  }
  return ids;
}

/** Deactivates the active rows the file has no entry for. */
async function deactivateLeftOut<Row extends { id: number; active: FlagValue }>(
  { trx, changes }: Applying,
  table: 'brands' | 'markets' | 'utilities',
  { noun, rows, keyOf, wanted }: Entries<Row, unknown>,
): Promise<void> {
  for (const row of rows) {
    if (row.active === 0 || wanted.has(keyOf(row))) continue;
    await store.setActive(trx, table, row.id, 0);
    changes.push(`deactivated the ${noun} ${keyOf(row)} (not in the file)`);
  }
}

async function applySettings({ trx, companyId, changes }: Applying, settings: CompanyFile['settings']) {
  const wanted = settingColumns(settings) as Required<ReturnType<typeof settingColumns>>;
  const row = await store.findSettings(trx, companyId);
  if (!row) {
    await store.insertSettings(trx, companyId, wanted);
    changes.push('created the company settings');
    return;
  }
  const changed = changedColumns(row, wanted);
  if (changed.length === 0) return;
  await store.updateSettings(trx, companyId, wanted);
  changes.push(`updated the company settings: ${changed.join(', ')}`);
}

async function applyBrands(applying: Applying, brands: CompanyFile['brands']) {
  const { trx, companyId } = applying;
  const entries = {
    noun: 'brand',
    rows: await store.findBrands(trx, companyId),
    keyOf: (row: { system_name: string }) => row.system_name,
    wanted: new Map(brands.map((brand) => [brand.system_name, { ...brand, active: 1 as const }])),
  };
  await upsertEntries(applying, entries, {
    insert: (brand) => store.insertBrand(trx, companyId, brand),
    update: (id, brand) => store.updateBrand(trx, id, brand),
  });
  await deactivateLeftOut(applying, 'brands', entries);
}

/** Answers the id of each market of the file, by state code. */
async function applyMarkets(
  applying: Applying,
  markets: CompanyFile['markets'],
): Promise<Map<string, number>> {
  const { trx, companyId } = applying;
  const entries = {
    noun: 'market',
    rows: await store.findMarkets(trx, companyId),
    keyOf: (row: { state_code: string }) => row.state_code,
    wanted: new Map(
      markets.map((market) => [
        market.state_code,
        { ...market, handle_payments: flag(market.handle_payments), active: 1 as const },
      ]),
    ),
  };
  const ids = await upsertEntries(applying, entries, {
    insert: (market) => store.insertMarket(trx, companyId, market),
    update: (id, market) => store.updateMarket(trx, id, market),
  });
  await deactivateLeftOut(applying, 'markets', entries);
  return ids;
}

/** A customer type's columns: its `required` list becomes one flag per requirable field. */
function customerTypeColumns({ required, send_etf_value, ...rest }: CompanyFile['customer_types'][number]) {
  return {
    ...rest,
    send_etf_value: flag(send_etf_value),
    ...Object.fromEntries(
      CUSTOMER_TYPE_REQUIRED_FLAGS.map((column) => [
        column,
        flag(required.includes(column.replace(/^required_/, '') as never)),
      ]),
    ),
  };
}

async function applyCustomerTypes(applying: Applying, types: CompanyFile['customer_types']) {
  const { trx, companyId } = applying;
  const rows = await store.findCustomerTypes(trx, companyId);
  const leftOut = rows.filter((r) => !types.some((t) => t.code === r.code));
  if (leftOut.length > 0)
    throw new CompanyFileRefused(
      leftOut.map(
        (r) =>
          `/customer_types: "${r.code}" exists and customers and prospects may be typed by it; keep it in the file`,
      ),
    );
  const entries = {
    noun: 'customer type',
    rows,
    keyOf: (row: { code: string }) => row.code,
    wanted: new Map(types.map((type) => [type.code, customerTypeColumns(type)])),
  };
  await upsertEntries(applying, entries, {
    insert: (type) => store.insertCustomerType(trx, companyId, type),
    update: (id, type) => store.updateCustomerType(trx, id, type),
  });
}

async function applyUtilities(
  applying: Applying,
  codes: CompanyFile['utilities'],
  markets: Map<string, number>,
) {
  const entries = {
    noun: 'utility',
    rows: await store.findUtilities(applying.trx, applying.companyId),
    keyOf: (row: { code: string }) => row.code,
    wanted: new Map(codes.map((code) => [code as string, UTILITIES.find((u) => u.code === code)!])),
  };
  await addOrReactivateUtilities(applying, entries, markets);
  await deactivateLeftOut(applying, 'utilities', entries);
  await linkEveryCustomerType(applying);
}

/** Reactivates the file's utilities the company had, and adds the reference utilities it did not have. */
async function addOrReactivateUtilities(
  { trx, companyId, changes }: Applying,
  { rows, wanted }: Entries<{ id: number; code: string; active: FlagValue }, UtilityRow>,
  markets: Map<string, number>,
) {
  let zipIds: Map<string, number> | undefined;
  for (const [code, utility] of wanted) {
    const row = rows.find((r) => r.code === code);
    if (row?.active === 1) continue;
    if (row) {
      await store.setActive(trx, 'utilities', row.id, 1);
      changes.push(`reactivated the utility ${code}`);
      continue;
    }
    zipIds ??= await zipcodeIds(trx);
    await insertUtility(trx, companyId, markets.get(utility.stateCode)!, utility, [], zipIds);
    changes.push(`added the utility ${code}`);
  }
}

/** Every utility of the company serves every customer type of the file (the sandbox's rule): adds missing links. */
async function linkEveryCustomerType({ trx, companyId, changes }: Applying) {
  const customerTypes = await store.findCustomerTypes(trx, companyId);
  const utilities = await store.findUtilities(trx, companyId);
  const links = await store.findUtilityCustomerTypes(trx, companyId);
  const missing = utilities.flatMap((u) =>
    customerTypes
      .filter((t) => !links.some((l) => l.utility_id === u.id && l.customer_type_id === t.id))
      .map((t) => ({ utility_id: u.id, customer_type_id: t.id })),
  );
  if (missing.length === 0) return;
  await store.insertUtilityCustomerTypes(trx, missing);
  changes.push(`linked ${missing.length} utility and customer type pair(s)`);
}
