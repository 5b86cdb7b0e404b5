import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import { dayOf } from '../../domain/dates.js';
import { type DeliveryCharge, eflAveragePrices } from '../../domain/efl.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { UtilitiesService } from '../utilities/index.js';
import type { PlanPrices } from './ops-schemas.js';
import * as store from './store.js';
import { timeOfUseOf } from './versions.js';

export interface PlanPricingDeps {
  db: Kysely<Database>;
  utilities: Pick<UtilitiesService, 'deliveryCharges' | 'byIds' | 'list'>;
  clock: Clock;
}

/** Who changes a price: the staff member's email, kept on the version. */
export interface PriceAuthor {
  email: string;
}

export type PlanRow = store.PlanRow;

/** What prices a plan: a version's charges with the plan's commodity and decimals. */
export type PricedRow = Pick<PlanRow, 'commodity' | 'decimal_places_to_show'> & {
  version: number;
  effective_at: string;
  rate: number;
  monthly_fee: number;
  cancellation_fee: number;
  time_of_use: string;
};

export const invalidChange = (errors: string[]) =>
  new ApiError('VALIDATION_FAILED', 'The price change is invalid.', errors);

const planNotFound = (planId: number) =>
  new ApiError('PLAN_NOT_FOUND', `Plan ${planId} was not found.`, ['planId: no such plan of this company']);

const past = (field: string) => `${field}: is in the past; a change takes effect now or later`;

/**
 * Which of these plans are on sale today, by the one definition plan shopping uses (store.findPlans): published, not
 * retired, inside its sale window, priced by a version in effect. A campaign plan counts as on sale when it is sold
 * with its own code, as staff read the catalogue.
 */
export async function plansOnSaleToday(
  db: Kysely<Database>,
  clock: Clock,
  companyId: number,
  plans: Pick<PlanRow, 'id' | 'promo_code'>[],
): Promise<Set<number>> {
  const promoCodes = [...new Set(plans.flatMap((p) => (p.promo_code ? [p.promo_code] : [])))];
  const onSale = await store.findPlans(db, companyId, {
    prices: { at: clock.now().toISOString() },
    planIds: plans.map((p) => p.id),
    onSale: { today: dayOf(clock), promoCodes },
  });
  return new Set(onSale.map((r) => r.id));
}

/** What every part of pricing staff's work shares: the clock, a version's prices with its EFL averages, the plan. */
export function createPricingContext({ db, utilities, clock }: PlanPricingDeps) {
  const momentNow = () => clock.now().toISOString();

  return {
    db,
    clock,
    momentNow,

    /** Which of these plans are on sale today (plansOnSaleToday). */
    onSaleToday: (companyId: number, rows: PlanRow[]) => plansOnSaleToday(db, clock, companyId, rows),

    /** A version's prices and EFL averages under these delivery charges. */
    prices(row: PricedRow, charges: DeliveryCharge[]): Static<typeof PlanPrices> {
      const timeOfUse = timeOfUseOf(row);
      const efl = eflAveragePrices({ ...row, timeOfUse }, charges);
      return {
        version: row.version,
        effectiveAt: row.effective_at,
        rate: row.rate,
        monthlyFee: row.monthly_fee,
        cancellationFee: row.cancellation_fee,
        timeOfUse,
        averagePrices:
          efl.rate1000 === null ? null : { at500: efl.rate500, at1000: efl.rate1000, at2000: efl.rate2000 },
      };
    },

    /** The delivery charges in effect of these plans' utilities, by utility. */
    async chargesByUtility(rows: PlanRow[]): Promise<Map<number, DeliveryCharge[]>> {
      const charges = await utilities.deliveryCharges([...new Set(rows.map((r) => r.utility_id))]);
      const byUtility = new Map<number, DeliveryCharge[]>();
      for (const charge of charges)
        byUtility.set(charge.utility_id, [...(byUtility.get(charge.utility_id) ?? []), charge]);
      return byUtility;
    },

    /** A utility of the company; NOT_FOUND otherwise. */
    async companyUtility(companyId: number, utilityId: number) {
      const [utility] = await utilities.byIds(companyId, [utilityId]);
      if (!utility) throw notFound(`Utility ${utilityId}`);
      return utility;
    },

    /** The company's active utilities, with the customer types each serves. */
    listUtilities: (companyId: number) => utilities.list(companyId, { active: true }, false),

    /** Whether the company's utility serves the customer type. */
    async servesCustomerType(companyId: number, utilityId: number, customerTypeId: number) {
      return (await utilities.list(companyId, { utilityId, customerTypeId }, false)).length > 0;
    },

    /** A plan of the company at its version in effect, drafts and retired plans too; PLAN_NOT_FOUND otherwise. */
    async planRowOf(companyId: number, planId: number): Promise<PlanRow> {
      const [row] = await store.findPlans(db, companyId, {
        prices: { at: momentNow() },
        planIds: [planId],
        includeDrafts: true,
      });
      if (!row) throw planNotFound(planId);
      return row;
    },

    /** The moment a change takes effect: the one asked for, which must not be past, or now. */
    momentOf(asked: string | undefined, field = 'effectiveAt'): { effectiveAt: string; problems: string[] } {
      if (asked === undefined) return { effectiveAt: momentNow(), problems: [] };
      const effectiveAt = new Date(asked).toISOString();
      return { effectiveAt, problems: effectiveAt < momentNow() ? [past(field)] : [] };
    },
  };
}

export type PricingContext = ReturnType<typeof createPricingContext>;
