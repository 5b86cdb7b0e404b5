/**
 * The company's utilities, markets, customer types and settings (company's) and the zip codes' states and utilities
 * (reference's) the premises look-ups and the unknown-meter rule need, read through the modules that own them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  findCompanyMarkets,
  findCompanySettings,
  findCompanyUtilities,
  findCustomerTypes,
} from '../company/index.js';

type Db = Kysely<Database>;

/** The company's active Texas utilities (TDSPs), with their ESIID prefix and length, in id order. */
export async function texasUtilities(db: Db, companyId: number) {
  const [utilities, markets] = await Promise.all([
    findCompanyUtilities(db, companyId),
    findCompanyMarkets(db, companyId),
  ]);
  const texasMarkets = new Set(markets.filter((m) => m.state_code === 'TX').map((m) => m.id));
  return utilities
    .filter((u) => u.active === 1 && texasMarkets.has(u.market_id) && u.ldc_prefix !== null)
    .sort((a, b) => a.id - b.id)
    .map(({ id, code, name, ldc_prefix, ldc_length }) => ({ id, code, name, ldc_prefix, ldc_length }));
}

export type TexasUtility = Awaited<ReturnType<typeof texasUtilities>>[number];

export async function findCustomerTypeCode(db: Db, companyId: number, customerTypeId: number) {
  const type = (await findCustomerTypes(db, companyId)).find((t) => t.id === customerTypeId);
  return type && { code: type.code };
}

/**
 * A company's utility with what the unknown-meter rule needs: its commodity, its market's state and the company's
 * setting (null without settings). Throws when the company has no such utility (or its market is gone).
 */
export async function utilityForMeterCheck(db: Db, companyId: number, utilityId: number) {
  const [utilities, markets, settings] = await Promise.all([
    findCompanyUtilities(db, companyId),
    findCompanyMarkets(db, companyId),
    findCompanySettings(db, companyId),
  ]);
  const utility = utilities.find((u) => u.id === utilityId);
  const market = utility && markets.find((m) => m.id === utility.market_id);
  if (!utility || !market)
    throw new Error(`Utility ${utilityId} of company ${companyId} or its market not found`);
  return {
    code: utility.code,
    name: utility.name,
    commodity: utility.commodity,
    state_code: market.state_code,
    unknown_esiids: settings?.unknown_esiids ?? null,
  };
}
