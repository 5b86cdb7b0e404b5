import type { Kysely, Selectable } from 'kysely';
import type { Static } from 'typebox';
import type { StampedCache } from '../../db/change-stamps.js';
import type { Database, UtilitiesTable, UtilityDeliveryChargesTable } from '../../db/schema.js';
import { BILLING_DELIVERY_METHODS } from '../../domain/billing-delivery.js';
import type { Clock } from '../../domain/clock.js';
import { dayOf } from '../../domain/dates.js';
import { notFound } from '../../http/errors.js';
import {
  listContactMethods,
  listDeliveryCharges,
  utilityIdsServingZip,
  zipcodesOfUtilities,
} from '../reference/index.js';
import type { DeliveryChargeSchema, Utility, UtilityInformation } from './schemas.js';
import * as store from './store.js';

type UtilityRow = Selectable<UtilitiesTable> & { state_code: string; market_name: string };

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

export function toDeliveryCharge(
  charge: Selectable<UtilityDeliveryChargesTable>,
): Static<typeof DeliveryChargeSchema> {
  return {
    name: charge.name,
    type: charge.type,
    charge: charge.charge,
    uom_from: charge.uom_from,
    uom_to: charge.uom_to,
    translations: { es: charge.name_es },
  };
}

/**
 * What the API filters utilities by: `zipCode` asks which utilities serve it, `hasAvailablePlans` whether a plan of
 * the utility is on sale today.
 */
type UtilityListFilter = Omit<store.UtilityFilter, 'plansOnSale' | 'servingZip'> & {
  zipCode?: string;
  hasAvailablePlans?: boolean;
};

/**
 * `utilitiesWithPlansOnSale` answers from the plans module's definition of a plan on sale; it is given by app.ts
 * because plans depend on utilities.
 */
export function createUtilitiesService(
  db: Kysely<Database>,
  catalog: StampedCache,
  clock: Clock,
  utilitiesWithPlansOnSale: (today: string) => Promise<number[]>,
) {
  async function storeFilter({
    hasAvailablePlans,
    zipCode,
    ...filter
  }: UtilityListFilter): Promise<store.UtilityFilter> {
    const servingZip = zipCode === undefined ? undefined : await utilityIdsServingZip(db, zipCode);
    const withZip = servingZip === undefined ? filter : { ...filter, servingZip };
    if (hasAvailablePlans === undefined) return withZip;
    const utilityIds = await utilitiesWithPlansOnSale(dayOf(clock));
    return { ...withZip, plansOnSale: { utilityIds, wanted: hasAvailablePlans } };
  }

  const deliveryChargesOf = (utilityIds: number[]) =>
    utilityIds.length === 0
      ? Promise.resolve([])
      : listDeliveryCharges(db, clock.now().toISOString(), utilityIds);

  async function describe(rows: UtilityRow[], includeZipcodes: boolean): Promise<Static<typeof Utility>[]> {
    const ids = rows.map((u) => u.id);
    const [types, charges, zips, contactMethods] = await Promise.all([
      store.customerTypesOf(db, ids),
      deliveryChargesOf(ids),
      includeZipcodes ? zipcodesOfUtilities(db, ids) : Promise.resolve([]),
      listContactMethods(db),
    ]);
    const typesBy = groupBy(types, (t) => t.utility_id);
    const chargesBy = groupBy(charges, (c) => c.utility_id);
    const zipsBy = groupBy(zips, (z) => z.utility_id);
    return rows.map((u) => {
      const deliveryIds = JSON.parse(u.delivery_methods) as number[];
      return {
        id_utility: u.id,
        code: u.code,
        name: u.name,
        formal_name: u.formal_name,
        commodity_name: u.commodity,
        state_code: u.state_code,
        logo: u.logo,
        active: u.active === 1,
        allow_enrollments: u.allow_enrollments === 1,
        id_market: u.market_id,
        is_zone_required: u.is_zone_required === 1,
        ldc_length: u.ldc_length,
        ldc_only_numbers: u.ldc_only_numbers === 1,
        min_credit_score: u.min_credit_score,
        id_credit_check_type: u.id_credit_check_type,
        etf_windows: u.etf_windows,
        rescission_period: u.rescission_period,
        renewal_alert: u.renewal_alert,
        renewal_alert_text: u.renewal_alert_text,
        allow_weekend_start_dates: u.allow_weekend_start_dates === 1,
        customer_name_key_required: u.customer_name_key_required === 1,
        customer_name_key_length: u.customer_name_key_length,
        customer_types: (typesBy.get(u.id) ?? []).map((t) => ({
          id_customer_type: t.id,
          name: t.name,
          code: t.code,
        })),
        method_delivery: BILLING_DELIVERY_METHODS.filter((m) =>
          deliveryIds.includes(m.id_method_delivery),
        ).map((m) => ({ ...m })),
        method_contact: contactMethods.map((m) => ({ id_method_contact: m.id, name: m.name })),
        markets: [{ id_market: u.market_id, name: u.market_name, state_code: u.state_code }],
        zipcodes: (zipsBy.get(u.id) ?? []).map((z) => z.zipcode),
        current_tdsp_charges: (chargesBy.get(u.id) ?? []).map(toDeliveryCharge),
        charges_effective_date: u.charges_effective_date,
      };
    });
  }

  return {
    async list(
      companyId: number,
      filter: UtilityListFilter,
      includeZipcodes: boolean,
    ): Promise<Static<typeof Utility>[]> {
      return describe(await store.listUtilities(db, companyId, await storeFilter(filter)), includeZipcodes);
    },
    /** Utilities of the company by id, all or 404 naming the first unknown one. */
    async byIds(companyId: number, ids: number[]) {
      const all = await catalog.get(`utilities ${companyId}`, () => store.listUtilities(db, companyId, {}));
      const rows = all.filter((u) => ids.includes(u.id));
      const missing = ids.find((id) => !rows.some((u) => u.id === id));
      if (missing !== undefined) throw notFound(`Utility ${missing}`);
      return rows;
    },
    async information(companyId: number, utilityId: number): Promise<Static<typeof UtilityInformation>> {
      const [u] = await store.listUtilities(db, companyId, { utilityId });
      if (!u) throw notFound(`Utility ${utilityId}`);
      return {
        switch_types: JSON.parse(u.switch_types) as string[],
        sample_path: u.sample_path,
        ldc_length: u.ldc_length,
        ldc_Label: u.ldc_label,
        sample_bill_label: u.sample_bill_label,
        ldc_mask: u.ldc_mask,
        is_tx_market: u.state_code === 'TX',
        allow_weekend_start_dates: u.allow_weekend_start_dates === 1,
      };
    },
    deliveryCharges: deliveryChargesOf,
    servesZipcode: async (utilityId: number, zipcode: string) =>
      (await utilityIdsServingZip(db, zipcode)).includes(utilityId),
    zipcodes: async (utilityId: number) => (await zipcodesOfUtilities(db, [utilityId])).map((z) => z.zipcode),
  };
}

export type UtilitiesService = ReturnType<typeof createUtilitiesService>;
