import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import { ApiError, notFound } from '../../http/errors.js';
import * as pricingStore from './pricing-store.js';
import type { PricingMatrixRules } from './schemas.js';

/** What a prospect is priced for, as the prospect names it. */
export interface PricedProduct {
  utilityCode: string;
  zone: string;
  rateCode: string;
  term: number;
  usageTier: string;
  startDate: string;
}

/** The matrix price for the prospect's key, in millionths of a dollar; 422 PRICE_NOT_FOUND otherwise. */
export async function matrixRate(db: Kysely<Database>, companyId: number, p: PricedProduct): Promise<number> {
  const key = {
    utilityCode: p.utilityCode.toUpperCase(),
    zone: p.zone.trim().toUpperCase(),
    rateCode: p.rateCode.trim().toUpperCase(),
    termMonths: p.term,
    usageTier: p.usageTier.trim().toUpperCase(),
    startMonth: p.startDate.slice(0, 7),
  };
  const price = await pricingStore.findPrice(db, companyId, key);
  if (!price) {
    throw new ApiError(
      'PRICE_NOT_FOUND',
      `The pricing matrix has no price for ${key.utilityCode}, zone ${key.zone}, rate code ${key.rateCode}, ` +
        `${key.termMonths} months, usage tier ${key.usageTier}, starting ${key.startMonth}.`,
    );
  }
  return price.price_micros;
}

/** The company's pricing matrix rules; 404 when prospects are not set up for it. */
export async function pricingRules(
  db: Kysely<Database>,
  companyId: number,
): Promise<Static<typeof PricingMatrixRules>> {
  const settings = await pricingStore.findSettings(db, companyId);
  if (!settings) throw notFound('Pricing matrix rules of this retail company');
  return {
    availableCustomerTypes: JSON.parse(settings.available_customer_types) as string[],
    termsAvailableForUse: JSON.parse(settings.terms_available_for_use) as number[],
    recomendedPricingMatrixTerms: JSON.parse(settings.recommended_pricing_matrix_terms) as number[],
    tenorLimitForPrices: settings.tenor_limit_for_prices,
  };
}
