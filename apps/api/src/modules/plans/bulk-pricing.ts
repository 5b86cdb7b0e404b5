import type { Static } from 'typebox';
import { type PlanTypeId, rateUnit, typeLabel } from './naming.js';
import type {
  BulkPriceChange,
  BulkPricePreview,
  BulkPriceResult,
  EnergyChargeChange,
  PlanSelection,
} from './ops-schemas.js';
import { invalidChange, type PlanRow, type PriceAuthor, type PricingContext } from './pricing-context.js';
import * as store from './store.js';
import * as versions from './version-store.js';
import { timeOfUseOf } from './versions.js';

/** Energy charges are kept to a thousandth of a cent. */
const toThousandths = (cents: number) => Math.round(cents * 1000) / 1000;

/** An energy charge after a bulk change: so many cents more, or so many percent. */
function repriced(rate: number, change: Static<typeof EnergyChargeChange>): number {
  return toThousandths(change.by === 'amount' ? rate + change.value : rate * (1 + change.value / 100));
}

/** Whether a plan is one the selection names: every criterion given holds; retired plans never are. */
function selects(selection: Static<typeof PlanSelection>, row: PlanRow): boolean {
  return (
    row.deprecated === 0 &&
    (selection.utilityIds === undefined || selection.utilityIds.includes(row.utility_id)) &&
    (selection.customerTypeIds === undefined || selection.customerTypeIds.includes(row.customer_type_id)) &&
    (selection.terms === undefined || selection.terms.includes(row.term)) &&
    (selection.campaign === undefined ||
      (selection.campaign === ''
        ? row.promo_code === null
        : row.promo_code === selection.campaign.trim().toUpperCase())) &&
    (selection.planIds === undefined || selection.planIds.includes(row.id))
  );
}

/** Changing the energy charges of many plans at once: previewed plan by plan, applied in one transaction. */
export function createBulkPricing({ db, momentNow, momentOf, prices, chargesByUtility }: PricingContext) {
  /**
   * What a bulk change does to each plan it selects: the energy charge and every time-of-use window's rate changed
   * alike, the base charge and early exit fee kept, and the EFL averages before and after. Refused whole when a
   * charge would fall below zero or the moment is past.
   */
  async function bulkPlan(companyId: number, request: Static<typeof BulkPricePreview>) {
    const { effectiveAt, problems } = momentOf(request.effectiveAt);
    const rows = (
      await store.findPlans(db, companyId, { prices: { at: momentNow() }, includeDrafts: true })
    ).filter((row) => selects(request.selection, row));
    const [charges, allVersions] = await Promise.all([
      chargesByUtility(rows),
      versions.versionsOf(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    const errors = [...problems];
    const planned = rows.map((row) => {
      const planVersions = allVersions.filter((v) => v.plan_id === row.id);
      const timeOfUse = timeOfUseOf(row).map((w) => ({ ...w, rate: repriced(w.rate, request.change) }));
      const rate = repriced(row.rate, request.change);
      if ([rate, ...timeOfUse.map((w) => w.rate)].some((r) => r < 0))
        errors.push(`change.value: would make an energy charge of plan ${row.id} (${row.name}) negative`);
      const later = planVersions
        .filter((v) => v.cancelled_at === null && v.effective_at > effectiveAt)
        .sort((a, b) => a.effective_at.localeCompare(b.effective_at))[0];
      const utilityCharges = charges.get(row.utility_id) ?? [];
      const after = prices({ ...row, rate, time_of_use: JSON.stringify(timeOfUse) }, utilityCharges);
      const before = prices(row, utilityCharges);
      return {
        row: {
          plan: {
            id: row.id,
            name: row.name,
            utility: row.utility_name,
            customerType: row.customer_type_name,
            term: row.term,
            rateType: typeLabel(row.id_plan_type as PlanTypeId, row.is_time_of_use === 1),
            rateUnit: rateUnit(row.commodity, row.state_code),
            billingSystemPlanCode: row.billing_system_plan_code,
          },
          before: { ...before, version: row.version },
          after: { ...after, version: Math.max(0, ...planVersions.map((v) => v.version)) + 1 },
          laterChange: later ? { version: later.version, effectiveAt: later.effective_at } : null,
        },
        version: {
          plan_id: row.id,
          effective_at: effectiveAt,
          rate,
          monthly_fee: row.monthly_fee,
          cancellation_fee: row.cancellation_fee,
          time_of_use: JSON.stringify(timeOfUse),
        },
      };
    });
    if (errors.length > 0) throw invalidChange(errors);
    return { effectiveAt, planned };
  }

  return {
    /** What a bulk change would do, plan by plan, without saving anything. */
    async previewBulk(
      companyId: number,
      request: Static<typeof BulkPricePreview>,
    ): Promise<Static<typeof BulkPriceResult>> {
      const { effectiveAt, planned } = await bulkPlan(companyId, request);
      return { effectiveAt, rows: planned.map((p) => p.row) };
    },

    /** Saves a bulk change: a new version of every plan it selects, all in one transaction or none. */
    async applyBulk(
      companyId: number,
      request: Static<typeof BulkPriceChange>,
      by: PriceAuthor,
    ): Promise<Static<typeof BulkPriceResult>> {
      const { effectiveAt, planned } = await bulkPlan(companyId, request);
      if (planned.length === 0) throw invalidChange(['selection: matches no plan that is not retired']);
      const note = request.note.trim();
      const saved = await versions.insertNextVersions(
        db,
        planned.map((p) => ({ ...p.version, note, created_by: by.email, created_at: momentNow() })),
      );
      return {
        effectiveAt,
        rows: planned.map((p, i) => ({ ...p.row, after: { ...p.row.after, version: saved[i]!.version } })),
      };
    },
  };
}
