import type { Kysely, Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import type { PremisesTable } from '../../db/tables/premises.js';
import {
  isSameServiceAddress,
  matchesLoosely,
  matchesStrictly,
  parseServiceAddress,
} from '../../domain/service-address.js';
import { validateSsn } from '../../domain/ssn.js';
import { ApiError, notFound } from '../../http/errors.js';
import { stateOfZip, utilityIdsServingZip } from '../reference/index.js';
import { findCustomerTypeCode, type TexasUtility, texasUtilities } from './lookups.js';
import {
  ESIID_CHECKS,
  type EsiidByAddressQuery,
  type EsiidCheckCode,
  type EsiidValidation,
  MAX_PREMISES,
  type Premise,
  type SsnValidation,
  type ValidateEsiidAddressQuery,
} from './schemas.js';
import * as store from './store.js';

type PremiseWire = Static<typeof Premise>;
type PremiseType = PremiseWire['premise_type'];

/** Residential customers take Residential premises; every business customer type takes Commercial ones. */
export const premiseTypeFor = (customerTypeCode: string): PremiseType =>
  customerTypeCode === 'Residential' ? 'Residential' : 'Commercial';

/**
 * Texas zip codes by their USPS three-digit prefix (733, 750 to 799, 885), for zip codes the platform has no
 * row for; a known zip code is placed by its own state.
 */
export function isTexasZip(zipcode: string): boolean {
  const prefix = Number(zipcode.slice(0, 3));
  return prefix === 733 || prefix === 885 || (prefix >= 750 && prefix <= 799);
}

function toPremise(row: Selectable<PremisesTable>, utility: TexasUtility, wanted: PremiseType): PremiseWire {
  return {
    esiid: row.esiid,
    address: {
      address_1: row.address_1,
      address_2: row.address_2,
      city: row.city,
      state: row.state,
      zipcode: row.zipcode,
    },
    utility: { id_utility: utility.id, name: utility.name, code: utility.code },
    premise_type: row.premise_type as PremiseType,
    status: row.status as PremiseWire['status'],
    meter_type: row.meter_type as PremiseWire['meter_type'],
    fits_customer_type: row.premise_type === wanted,
  };
}

/** Address, then unit (none first), then ESIID: the same order on SQLite and PostgreSQL. */
const byAddress = (a: Selectable<PremisesTable>, b: Selectable<PremisesTable>) =>
  a.address_1.localeCompare(b.address_1) ||
  (a.address_2 ?? '').localeCompare(b.address_2 ?? '', 'en', { numeric: true }) ||
  a.esiid.localeCompare(b.esiid);

const check = (code: EsiidCheckCode) => ({ code, message: ESIID_CHECKS[code] });

export function createPremisesService(db: Kysely<Database>) {
  /** The company's Texas utilities serving the zip code; refuses a zip code outside Texas or not served. */
  async function servingTexasUtilities(companyId: number, zipcode: string) {
    const state = await stateOfZip(db, zipcode);
    if (state ? state !== 'TX' : !isTexasZip(zipcode)) {
      throw new ApiError(
        'TEXAS_ONLY',
        `Zip code ${zipcode} is ${state ? `in ${state}` : 'not in Texas'}; ESIID look-ups cover Texas premises only.`,
      );
    }
    const [texas, serving] = await Promise.all([
      texasUtilities(db, companyId),
      // Every company's; the company's Texas utilities are kept among them.
      utilityIdsServingZip(db, zipcode),
    ]);
    const utilities = texas.filter((u) => serving.includes(u.id));
    if (utilities.length === 0) {
      throw new ApiError(
        'TEXAS_ZIPCODE_NOT_SERVED',
        `Zip code ${zipcode} is not served by any of the company's active Texas utilities.`,
      );
    }
    return utilities;
  }

  return {
    async premisesByAddress(
      companyId: number,
      query: Static<typeof EsiidByAddressQuery>,
    ): Promise<PremiseWire[]> {
      const utilities = await servingTexasUtilities(companyId, query.zipCode);
      const searched = parseServiceAddress(query.address);
      const rows = await store.premisesInZip(
        db,
        query.zipCode,
        utilities.map((u) => u.code),
        searched.houseNumber || undefined,
      );
      const matches = query.alternativeSearch ? matchesLoosely : matchesStrictly;
      const wanted = premiseTypeFor(query.customerType);
      return rows
        .filter((row) => matches(searched, row))
        .sort(byAddress)
        .slice(0, MAX_PREMISES)
        .map((row) => toPremise(row, utilities.find((u) => u.code === row.utility_code)!, wanted));
    },

    async validateEsiidAddress(
      companyId: number,
      query: Static<typeof ValidateEsiidAddressQuery>,
    ): Promise<Static<typeof EsiidValidation>> {
      const customerType = await findCustomerTypeCode(db, companyId, query.customerTypeId);
      if (!customerType) throw notFound(`Customer type ${query.customerTypeId}`);
      const esiid = query.esiidNumber;
      const utilities = await texasUtilities(db, companyId);
      const byPrefix = utilities.filter((u) => u.ldc_prefix && esiid.startsWith(u.ldc_prefix));
      // A number that is not one of the company's ESIIDs is not checked any further.
      const format =
        byPrefix.length === 0
          ? check('ESIID_PREFIX_MISMATCH')
          : byPrefix.some((u) => u.ldc_length === esiid.length)
            ? null
            : check('ESIID_LENGTH_MISMATCH');
      if (format) return { is_valid: false, errors: [format] };
      const premise = await store.findPremise(db, esiid);
      if (!premise) return { is_valid: false, errors: [check('ESIID_UNKNOWN')] };
      const errors = [];
      if (!isSameServiceAddress(query.addressint, premise)) errors.push(check('ESIID_ADDRESS_MISMATCH'));
      if (premise.status === 'De-Energized') errors.push(check('PREMISE_DE_ENERGIZED'));
      if (premise.premise_type !== premiseTypeFor(customerType.code))
        errors.push(check('PREMISE_TYPE_MISMATCH'));
      return { is_valid: errors.length === 0, errors };
    },

    validateSsn(ssn: string): Static<typeof SsnValidation> {
      return validateSsn(ssn);
    },
  };
}

export type PremisesService = ReturnType<typeof createPremisesService>;
