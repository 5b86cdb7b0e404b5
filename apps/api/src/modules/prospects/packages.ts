import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import * as packageStore from './package-store.js';
import type { PackagesQuery, ProspectPackage } from './schemas.js';
import type { CustomerTypeRow, UtilityRow } from './store.js';

export async function listPackages(
  db: Kysely<Database>,
  companyId: number,
  query: Static<typeof PackagesQuery>,
): Promise<Static<typeof ProspectPackage>[]> {
  const rows = await packageStore.listPackages(db, companyId, {
    stateCode: query.State?.toUpperCase(),
    utilityCode: query.PriceProviderUtilityCode?.toUpperCase(),
    customerType: query.CustomerType,
  });
  return rows.map(
    (p): Static<typeof ProspectPackage> => ({
      idProspectPackage: p.id,
      name: p.name,
      description: p.description,
      customerTypes: p.customerTypes,
      markets: p.markets.map((m) => ({ id_market: m.id, name: m.name, state_code: m.state_code })),
      utilities: p.utilities.map((u) => ({ id_utility: u.id, code: u.code, name: u.name })),
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
