import { stringify } from 'csv-stringify/sync';
import { dayOf } from '../../domain/dates.js';
import { listedDocumentLink } from './document-links.js';
import type { PlanTypeId } from './naming.js';
import type { PricingContext } from './pricing-context.js';
import * as store from './store.js';

/**
 * The columns of Texas' Power to Choose plan listing, in its published order, then the "Your Rights as a Customer"
 * link the listing asks for but its CSV has no column of (last, so readers by column name or position both work).
 */
export const POWER_TO_CHOOSE_COLUMNS = [
  '[idKey]',
  '[TduCompanyName]',
  '[RepCompany]',
  '[Product]',
  '[kwh500]',
  '[kwh1000]',
  '[kwh2000]',
  '[Fees/Credits]',
  '[PrePaid]',
  '[TimeOfUse]',
  '[Fixed]',
  '[RateType]',
  '[Renewable]',
  '[TermValue]',
  '[CancelFee]',
  '[Website]',
  '[SpecialTerms]',
  '[TermsURL]',
  '[Promotion]',
  '[PromotionDesc]',
  '[FactsURL]',
  '[EnrollURL]',
  '[PrepaidURL]',
  '[EnrollPhone]',
  '[NewCustomer]',
  '[MinUsageFeesCredits]',
  '[Language]',
  '[Rating]',
  '[YracURL]',
] as const;

type Column = (typeof POWER_TO_CHOOSE_COLUMNS)[number];

/** The listing's rate types: a daily-rate plan follows the wholesale index. */
const RATE_TYPES: Record<PlanTypeId, string> = { 1: 'Fixed', 2: 'Variable', 4: 'Indexed' };

const LANGUAGES = [
  {
    code: 'en',
    name: 'English',
    baseCharge: (dollars: string) => `Base charge of $${dollars} per billing cycle`,
  },
  {
    code: 'es',
    name: 'Spanish',
    baseCharge: (dollars: string) => `Cargo base de $${dollars} por ciclo de facturación`,
  },
] as const;

/** Cents per kWh as the listing shows prices: dollars per kWh, to the plan's decimals. */
const dollarsPerKwh = (cents: number | null | undefined, decimals: number) =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(decimals + 2);

const flag = (value: boolean) => (value ? 'True' : 'False');

export interface ListingQuery {
  customerTypeId: number;
  utilityId?: number;
}

/**
 * The Power to Choose listing of the company's Texas electricity plans on sale today to anyone (campaign plans need
 * their code, so they are not listed), at the version in force, one line per plan and language, with the
 * documents' permanent addresses (`baseUrl` is the public API's).
 */
export function createPowerToChooseListing({
  db,
  clock,
  momentNow,
  prices,
  chargesByUtility,
}: PricingContext) {
  async function listedPlans(companyId: number, query: ListingQuery) {
    const rows = await store.findPlans(db, companyId, {
      prices: { at: momentNow() },
      customerTypeId: query.customerTypeId,
      utilityIds: query.utilityId === undefined ? undefined : [query.utilityId],
      onSale: { today: dayOf(clock), promoCodes: [] },
    });
    return rows.filter(
      (r) => r.commodity === 'Electric' && r.state_code === 'TX' && r.allow_enrollments === 1,
    );
  }

  return {
    async powerToChooseCsv(companyId: number, query: ListingQuery, baseUrl: string): Promise<string> {
      const rows = await listedPlans(companyId, query);
      const planIds = rows.map((r) => r.id);
      const [charges, { documents }, marketDocuments] = await Promise.all([
        chargesByUtility(rows),
        store.planDetails(db, planIds),
        store.marketDocuments(db, companyId, [...new Set(rows.map((r) => r.market_id))]),
      ]);
      const records = rows.flatMap((row) => {
        const current = prices(row, charges.get(row.utility_id) ?? []);
        const efl = documents.find((d) => d.plan_id === row.id && d.doc_type === 'EFL');
        const terms = documents.find((d) => d.plan_id === row.id && d.doc_type === 'TOS');
        const yrac = marketDocuments.find((d) => d.market_id === row.market_id && d.doc_type === 'YRAC');
        const averages = current.averagePrices;
        return LANGUAGES.map(
          (language): Record<Column, string | number> => ({
            '[idKey]': row.id,
            '[TduCompanyName]': row.utility_formal_name || row.utility_name,
            '[RepCompany]': row.brand_name,
            '[Product]': row.name,
            '[kwh500]': dollarsPerKwh(averages?.at500, row.decimal_places_to_show),
            '[kwh1000]': dollarsPerKwh(averages?.at1000, row.decimal_places_to_show),
            '[kwh2000]': dollarsPerKwh(averages?.at2000, row.decimal_places_to_show),
            '[Fees/Credits]':
              current.monthlyFee > 0 ? language.baseCharge(current.monthlyFee.toFixed(2)) : '',
            '[PrePaid]': flag(false),
            '[TimeOfUse]': flag(row.is_time_of_use === 1),
            '[Fixed]': row.id_plan_type === 1 ? 1 : 0,
            '[RateType]': RATE_TYPES[row.id_plan_type as PlanTypeId],
            '[Renewable]': row.renewable_percent,
            '[TermValue]': row.term,
            '[CancelFee]': `$${current.cancellationFee}`,
            '[Website]': row.brand_url,
            '[SpecialTerms]': '',
            '[TermsURL]': terms ? listedDocumentLink(baseUrl, 'plan', terms.id, language.code) : '',
            // Promotions are campaigns, sold only with their code: never listed.
            '[Promotion]': flag(false),
            '[PromotionDesc]': '',
            '[FactsURL]': efl ? listedDocumentLink(baseUrl, 'plan', efl.id, language.code) : '',
            '[EnrollURL]': `${row.brand_url}/plans/${row.id}`,
            '[PrepaidURL]': '',
            '[EnrollPhone]': row.brand_phone,
            '[NewCustomer]': flag(false),
            '[MinUsageFeesCredits]': flag(false),
            '[Language]': language.name,
            '[Rating]': '',
            '[YracURL]': yrac ? listedDocumentLink(baseUrl, 'market', yrac.id, language.code) : '',
          }),
        );
      });
      return stringify(records, { header: true, columns: [...POWER_TO_CHOOSE_COLUMNS] });
    },
  };
}
