/**
 * The utilities, customer types (company's) and languages (reference's) a prospect names, read through the modules
 * that own them. A prospect row gets what is shown of its utility and customer type here, after its own query,
 * rather than by joining the company's tables.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Paging } from '../../http/envelope.js';
import { findCompanyUtilities, findCustomerTypes } from '../company/index.js';
import { listLanguages } from '../reference/index.js';
import * as store from './store.js';

type Db = Kysely<Database>;
export type UtilityRow = Awaited<ReturnType<typeof findCompanyUtilities>>[number];
export type CustomerTypeRow = Awaited<ReturnType<typeof findCustomerTypes>>[number];

/** The company's utility with this code, whatever its case (pricing files write codes either way). */
export async function findUtilityByCode(db: Db, companyId: number, code: string) {
  const wanted = code.toUpperCase();
  return (await findCompanyUtilities(db, companyId)).find((u) => u.code.toUpperCase() === wanted);
}

export async function findCustomerTypeByCode(db: Db, companyId: number, code: string) {
  return (await findCustomerTypes(db, companyId)).find((t) => t.code === code);
}

export async function listCustomerTypeCodes(db: Db, companyId: number): Promise<string[]> {
  return (await findCustomerTypes(db, companyId)).map((t) => t.code);
}

/** The company's utility codes (a pricing matrix is checked against them in the transaction that replaces it). */
export async function listUtilityCodes(db: Db, companyId: number): Promise<string[]> {
  return (await findCompanyUtilities(db, companyId)).map((u) => u.code);
}

export async function languageExists(db: Db, languageId: number): Promise<boolean> {
  return (await listLanguages(db, false)).some((l) => l.id === languageId);
}

/** A prospect with what is shown of its utility and customer type. */
export type ProspectRow = store.ProspectRecord & {
  utility_code: UtilityRow['code'];
  utility_name: UtilityRow['name'];
  utility_commodity: UtilityRow['commodity'];
  customer_type_code: CustomerTypeRow['code'];
  prospect_expiration_days: CustomerTypeRow['prospect_expiration_days'];
};

/** The rows with their utility's and customer type's columns; a row whose utility or type is gone is left out. */
async function withUtilityAndType(db: Db, companyId: number, rows: store.ProspectRecord[]) {
  if (rows.length === 0) return [];
  const [utilities, types] = await Promise.all([
    findCompanyUtilities(db, companyId),
    findCustomerTypes(db, companyId),
  ]);
  return rows.flatMap((row): ProspectRow[] => {
    const utility = utilities.find((u) => u.id === row.utility_id);
    const type = types.find((t) => t.id === row.customer_type_id);
    if (!utility || !type) return [];
    return [
      {
        ...row,
        utility_code: utility.code,
        utility_name: utility.name,
        utility_commodity: utility.commodity,
        customer_type_code: type.code,
        prospect_expiration_days: type.prospect_expiration_days,
      },
    ];
  });
}

export async function findProspect(
  db: Db,
  scope: store.ProspectScope,
  prospectId: number,
): Promise<ProspectRow | undefined> {
  const row = await store.findProspect(db, scope, prospectId);
  return row && (await withUtilityAndType(db, scope.companyId, [row]))[0];
}

export async function pageProspects(
  db: Db,
  scope: store.ProspectScope,
  filter: store.ProspectFilter,
  paging: Paging,
) {
  const { rows, total } = await store.pageProspects(db, scope, filter, paging);
  return { rows: await withUtilityAndType(db, scope.companyId, rows), total };
}

export async function pageStaffProspects(
  db: Db,
  companyId: number,
  filter: store.StaffProspectFilter,
  paging: Paging,
) {
  const { rows, total } = await store.pageStaffProspects(db, companyId, filter, paging);
  return { rows: await withUtilityAndType(db, companyId, rows), total };
}
