import type { Insertable, Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import type { ProspectsTable } from '../../db/tables/prospects.js';
import { ApiError } from '../../http/errors.js';
import type { Caller } from '../../security/callers.js';
import type { ProspectsDeps } from './deps.js';
import { expirationDate } from './expiry.js';
import {
  type CustomerTypeRow,
  findCustomerTypeByCode,
  findUtilityByCode,
  languageExists,
  listCustomerTypeCodes,
  type UtilityRow,
} from './lookups.js';
import { checkPackageCovers } from './packages.js';
import { matrixRate } from './pricing.js';
import * as pricingStore from './pricing-store.js';
import { present } from './records.js';
import { invalid } from './refusals.js';
import type { Prospect, ProspectRequest } from './schemas.js';
import * as store from './store.js';
import { mustFind, scopeOf } from './visibility.js';

type NewProspect = Static<typeof ProspectRequest>;
type PricingSettings = Awaited<ReturnType<typeof pricingStore.findSettings>>;

const toMicros = (value: number) => Math.round(value * 1_000_000);

function monthsBetween(fromDate: string, toDate: string): number {
  const [fy, fm] = fromDate.split('-').map(Number) as [number, number];
  const [ty, tm] = toDate.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}

/** The language, utility and customer type the request names, each of which must exist (400 otherwise). */
async function referencesOf(db: Kysely<Database>, companyId: number, input: NewProspect) {
  const [utility, customerType, languageOk, settings] = await Promise.all([
    findUtilityByCode(db, companyId, input.priceProviderUtilityCode.trim()),
    findCustomerTypeByCode(db, companyId, input.customerType),
    languageExists(db, input.customer.idPreferedLanguage),
    pricingStore.findSettings(db, companyId),
  ]);
  if (!languageOk) throw invalid('customer.idPreferedLanguage', 'no language has this id');
  if (!utility)
    throw invalid(
      'priceProviderUtilityCode',
      `no utility of this company has the code "${input.priceProviderUtilityCode}"`,
    );
  if (input.commodityName !== utility.commodity)
    throw invalid('commodityName', `must be ${utility.commodity}, the commodity of ${utility.code}`);
  if (!customerType) {
    const codes = await listCustomerTypeCodes(db, companyId);
    throw invalid('customerType', `must be one of ${codes.join(', ')}`);
  }
  return { utility, customerType, settings };
}

/** The company's pricing matrix rules must allow the customer type, the term and the start date (422 otherwise). */
function checkPricingRules(settings: PricingSettings, customerType: CustomerTypeRow, input: NewProspect) {
  if (!settings) {
    throw new ApiError(
      'PRICING_RULE_REFUSED',
      'This retail company has no pricing matrix rules; prospects are not set up.',
    );
  }
  const availableTypes = JSON.parse(settings.available_customer_types) as string[];
  if (!availableTypes.includes(customerType.code)) {
    throw new ApiError(
      'PRICING_RULE_REFUSED',
      `Prospects are not available for the customer type ${customerType.code}.`,
      [`body.customerType: must be one of ${availableTypes.join(', ')}`],
    );
  }
  const terms = JSON.parse(settings.terms_available_for_use) as number[];
  if (!terms.includes(input.term)) {
    throw new ApiError('PRICING_RULE_REFUSED', `A ${input.term}-month term is not available for use.`, [
      `body.term: must be one of ${terms.join(', ')}`,
    ]);
  }
  if (monthsBetween(input.priceFileDate, input.startDate) > settings.tenor_limit_for_prices) {
    throw new ApiError(
      'PRICING_RULE_REFUSED',
      `The start date is more than ${settings.tenor_limit_for_prices} months after the price file date.`,
      [`body.startDate: must be within ${settings.tenor_limit_for_prices} months of priceFileDate`],
    );
  }
}

/** The new prospect's row: the request as stored (codes upper-case, amounts in millionths), status as asked. */
function prospectRow(
  caller: Caller,
  input: NewProspect,
  priced: {
    utility: UtilityRow;
    customerType: CustomerTypeRow;
    affiliateId: number | null;
    rateMicros: number;
  },
  now: string,
): Insertable<ProspectsTable> {
  return {
    company_id: caller.companyId,
    affiliate_id: priced.affiliateId,
    created_by_account_id: caller.accountId,
    customer: JSON.stringify(input.customer),
    service_address: JSON.stringify(input.serviceAddress),
    billing_address: input.billingAddress ? JSON.stringify(input.billingAddress) : null,
    ldc: input.ldc,
    commodity_name: input.commodityName,
    utility_id: priced.utility.id,
    price_provider_utility_code: priced.utility.code,
    price_file_date: input.priceFileDate,
    zone: input.zone.trim().toUpperCase(),
    rate_code: input.rateCode.trim().toUpperCase(),
    term: input.term,
    start_date: input.startDate,
    price_micros: toMicros(input.price),
    affiliate_commission_rate_micros:
      input.affiliateCommissionRate === undefined ? null : toMicros(input.affiliateCommissionRate),
    usage_tier: input.usageTier.trim().toUpperCase(),
    customer_type_id: priced.customerType.id,
    agent_name: input.agentName ?? null,
    service_reference_id: input.serviceReferenceId ?? null,
    annual_usage: input.annualUsage ?? null,
    affiliate_reference_id: input.affiliateReferenceId ?? null,
    rep_reference_id: input.repReferenceId ?? null,
    user_name: input.userName,
    status: input.status,
    signing_status: null,
    package_id: input.idProspectPackage,
    expiration_date: expirationDate(now, priced.customerType.prospect_expiration_days),
    rate_micros: priced.rateMicros,
    created_at: now,
    modified_at: now,
  };
}

/**
 * Creates a prospect priced from the matrix, once its references exist, the pricing rules allow it and its package
 * covers it. An account linked to an affiliate creates it for that affiliate.
 */
export async function createProspect(
  deps: Pick<ProspectsDeps, 'db' | 'files' | 'clock'>,
  caller: Caller,
  input: NewProspect,
  baseUrl: string,
): Promise<Static<typeof Prospect>> {
  const { db } = deps;
  const { companyId } = caller;
  const { utility, customerType, settings } = await referencesOf(db, companyId, input);
  checkPricingRules(settings, customerType, input);
  await checkPackageCovers(db, companyId, input.idProspectPackage, customerType, utility);
  const rateMicros = await matrixRate(db, companyId, { ...input, utilityCode: utility.code });
  const { affiliate } = await scopeOf(db, caller);
  const id = await store.insertProspect(
    db,
    prospectRow(
      caller,
      input,
      { utility, customerType, affiliateId: affiliate?.id ?? null, rateMicros },
      deps.clock.now().toISOString(),
    ),
  );
  return present(deps, await mustFind(db, { companyId, affiliateId: null }, id), baseUrl);
}
