import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { findCompanyMarkets, findCompanyUtilities, findCustomerTypes } from '../company/index.js';
import type { CustomerTypeRow, UtilityRow } from './lookups.js';
import * as packageStore from './package-store.js';
import type { PackagesQuery, ProspectPackage } from './schemas.js';

/** The rows with these ids, in the order of the ids; an id with no row is left out. */
function byIds<Row extends { id: number }>(rows: Row[], ids: number[]): Row[] {
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

/** The company's markets, utilities and customer types the packages are linked to (the company module's). */
function companyCatalogue(db: Kysely<Database>, companyId: number) {
  return Promise.all([
    findCompanyMarkets(db, companyId),
    findCompanyUtilities(db, companyId),
    findCustomerTypes(db, companyId),
  ]);
}

export async function listPackages(
  db: Kysely<Database>,
  companyId: number,
  query: Static<typeof PackagesQuery>,
): Promise<Static<typeof ProspectPackage>[]> {
  const [markets, utilities, types] = await companyCatalogue(db, companyId);
  const idsOf = <Row extends { id: number }>(rows: Row[], wanted: (row: Row) => boolean) =>
    rows.filter(wanted).map((row) => row.id);
  const state = query.State?.toUpperCase();
  const utilityCode = query.PriceProviderUtilityCode?.toUpperCase();
  const customerType = query.CustomerType;
  const rows = await packageStore.listPackages(db, companyId, {
    marketIds: state ? idsOf(markets, (m) => m.state_code === state) : undefined,
    utilityIds: utilityCode ? idsOf(utilities, (u) => u.code.toUpperCase() === utilityCode) : undefined,
    customerTypeIds: customerType ? idsOf(types, (t) => t.code === customerType) : undefined,
  });
  return rows.map(
    (p): Static<typeof ProspectPackage> => ({
      idProspectPackage: p.id,
      name: p.name,
      description: p.description,
      customerTypes: byIds(types, p.customerTypeIds).map((t) => t.code),
      markets: byIds(markets, p.marketIds).map((m) => ({
        id_market: m.id,
        name: m.name,
        state_code: m.state_code,
      })),
      utilities: byIds(utilities, p.utilityIds).map((u) => ({
        id_utility: u.id,
        code: u.code,
        name: u.name,
      })),
      documents: p.documents.map((d) => ({
        idDocument: d.id,
        name: d.name,
        documentType: d.document_type,
        url: d.url,
      })),
    }),
  );
}

/** A new prospect's package must exist and cover its customer type, utility and market (422 otherwise). */
export async function checkPackageCovers(
  db: Kysely<Database>,
  companyId: number,
  packageId: number,
  customerType: CustomerTypeRow,
  utility: UtilityRow,
) {
  const cover = await packageStore.packageCovers(db, companyId, packageId, {
    customerTypeId: customerType.id,
    utilityId: utility.id,
    marketId: utility.market_id,
  });
  if (cover === 'covers') return;
  throw new ApiError(
    'PROSPECT_PACKAGE_NOT_APPLICABLE',
    cover === 'missing'
      ? `Prospect package ${packageId} does not exist.`
      : `Prospect package ${packageId} does not cover ${customerType.code} customers of ${utility.code}.`,
    [
      `body.idProspectPackage: ${cover === 'missing' ? 'no such package' : 'does not cover this customer type, utility and market'}`,
    ],
  );
}
