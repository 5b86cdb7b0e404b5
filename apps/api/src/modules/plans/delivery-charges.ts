import type { Static } from 'typebox';
import type { DeliveryCharge } from '../../domain/efl.js';
import { ApiError } from '../../http/errors.js';
import { deliveryChargeSets, insertDeliveryChargeSet } from '../reference/index.js';
import type {
  DeliveryChargeChange,
  DeliveryChargeImpact,
  DeliveryChargePreview,
  DeliveryChargeSets,
} from './ops-schemas.js';
import type { PlanRow, PricingContext } from './pricing-context.js';
import * as store from './store.js';

type ChargeInput = Static<typeof DeliveryChargeChange>['charges'][number];

const chargeRowOf = (c: ChargeInput) => ({
  name: c.name.trim(),
  type: c.type,
  charge: c.charge,
  uom_from: c.type === 'per_kwh' ? c.uomFrom : null,
  uom_to: c.type === 'per_kwh' ? c.uomTo : null,
});

const chargeInputOf = (row: {
  name: string;
  name_es: string;
  type: string;
  charge: number;
  uom_from: number | null;
  uom_to: number | null;
}): ChargeInput => ({
  name: row.name,
  nameEs: row.name_es,
  type: row.type as ChargeInput['type'],
  charge: row.charge,
  uomFrom: row.uom_from,
  uomTo: row.uom_to,
});

/** A tier ends after it starts. */
const tierProblems = (charges: ChargeInput[]) =>
  charges.flatMap((c, i) =>
    c.uomFrom !== null && c.uomTo !== null && c.uomTo <= c.uomFrom
      ? [`charges[${i}].uomTo: must be above uomFrom`]
      : [],
  );

/**
 * A utility's delivery charges as sets effective from a moment (a TDSP's tariff, in Texas changed each March and
 * September): listed, previewed on every plan of the utility, and saved ahead to take over at their moment.
 */
export function createDeliveryChargeSets({
  db,
  momentNow,
  momentOf,
  prices,
  companyUtility,
  chargesByUtility,
}: PricingContext) {
  /** What new delivery charges do to the EFL averages of every plan of the utility, from their moment. */
  async function previewDeliveryCharges(
    companyId: number,
    utilityId: number,
    request: Static<typeof DeliveryChargePreview>,
  ): Promise<Static<typeof DeliveryChargeImpact>> {
    await companyUtility(companyId, utilityId);
    const { effectiveAt, problems } = momentOf(request.effectiveFrom, 'effectiveFrom');
    const errors = [...problems, ...tierProblems(request.charges)];
    if (errors.length > 0)
      throw new ApiError('VALIDATION_FAILED', 'The delivery charges are invalid.', errors);
    const rows = (
      await store.findPlans(db, companyId, {
        prices: { at: effectiveAt },
        includeDrafts: true,
        utilityIds: [utilityId],
      })
    ).filter((row) => row.deprecated === 0);
    const before = (await chargesByUtility(rows)).get(utilityId) ?? [];
    const after = request.charges.map(chargeRowOf);
    const averages = (row: PlanRow, charges: DeliveryCharge[]) => prices(row, charges).averagePrices;
    return {
      effectiveFrom: effectiveAt,
      plans: rows.map((row) => ({
        id: row.id,
        name: row.name,
        billingSystemPlanCode: row.billing_system_plan_code,
        version: row.version,
        before: averages(row, before),
        after: averages(row, after),
      })),
    };
  }

  return {
    /** A utility's sets of delivery charges, newest first, each scheduled, in effect or past. */
    async deliveryCharges(companyId: number, utilityId: number): Promise<Static<typeof DeliveryChargeSets>> {
      const utility = await companyUtility(companyId, utilityId);
      const rows = await deliveryChargeSets(db, utilityId);
      const now = momentNow();
      const moments = [...new Set(rows.map((r) => r.effective_from))];
      const inEffect = moments.find((moment) => moment <= now);
      return {
        utility: { id: utility.id, code: utility.code, name: utility.name },
        sets: moments.map((moment) => ({
          effectiveFrom: moment,
          state: moment > now ? 'scheduled' : moment === inEffect ? 'in effect' : 'past',
          charges: rows.filter((r) => r.effective_from === moment).map(chargeInputOf),
        })),
      };
    },

    previewDeliveryCharges,

    /** Saves a utility's new set of delivery charges from its moment; one set per moment. */
    async changeDeliveryCharges(
      companyId: number,
      utilityId: number,
      request: Static<typeof DeliveryChargeChange>,
    ): Promise<Static<typeof DeliveryChargeImpact>> {
      const impact = await previewDeliveryCharges(companyId, utilityId, request);
      const saved = await insertDeliveryChargeSet(
        db,
        utilityId,
        impact.effectiveFrom,
        request.charges.map((c) => ({ ...chargeRowOf(c), name_es: c.nameEs.trim() || c.name.trim() })),
      );
      if (!saved)
        throw new ApiError('VALIDATION_FAILED', 'The delivery charges are invalid.', [
          'effectiveFrom: a set of charges already takes effect at this moment',
        ]);
      return impact;
    },
  };
}
