import type { Static } from 'typebox';
import { type DeliveryCharge, eflDerivation, type TimeOfUseWindow, usageShares } from '../../domain/efl.js';
import { ApiError } from '../../http/errors.js';
import { createAcceptanceOptions, offeredAcceptanceOptions } from './acceptance-options.js';
import { createBulkPricing } from './bulk-pricing.js';
import { createDeliveryChargeSets } from './delivery-charges.js';
import { type PlanTypeId, rateUnit, typeLabel } from './naming.js';
import type {
  EflDerivation,
  PlanDetail,
  PlanListQuery,
  PlanPrices,
  PlanSummary,
  PlanVersion,
  PriceChange,
} from './ops-schemas.js';
import { createPlanDocuments, planDocumentSettings } from './plan-documents.js';
import { createPlanSettings, settingsOf } from './plan-settings.js';
import { createPowerToChooseListing } from './power-to-choose.js';
import {
  createPricingContext,
  invalidChange,
  type PlanPricingDeps,
  type PlanRow,
  type PriceAuthor,
} from './pricing-context.js';
import * as store from './store.js';
import * as versions from './version-store.js';
import { timeOfUseOf, timeOfUseProblems } from './versions.js';

/**
 * Staff's view of the plans and their prices, and price changes: each change adds a version effective from a moment,
 * which plan shopping answers from that moment on (store.findPlans) while enrollments keep the version they accepted.
 * Bulk changes, plan settings and the utilities' delivery charges are in their own files, on the same context.
 */
export function createPlanPricing(deps: PlanPricingDeps) {
  const context = createPricingContext(deps);
  const { db, momentNow, momentOf, prices, chargesByUtility, planRowOf, onSaleToday } = context;

  async function summaries(companyId: number, rows: PlanRow[]) {
    const now = momentNow();
    const [charges, onSale, allVersions] = await Promise.all([
      chargesByUtility(rows),
      onSaleToday(companyId, rows),
      versions.versionsOf(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((row) => {
      const planVersions = allVersions.filter((v) => v.plan_id === row.id);
      const next = planVersions
        .filter((v) => v.cancelled_at === null && v.effective_at > now)
        .sort((a, b) => a.effective_at.localeCompare(b.effective_at))[0];
      const summary: Static<typeof PlanSummary> = {
        id: row.id,
        name: row.name,
        utility: { id: row.utility_id, code: row.utility_code, name: row.utility_name },
        customerType: { id: row.customer_type_id, name: row.customer_type_name },
        commodity: row.commodity as 'Electric' | 'Gas',
        term: row.term,
        rateType: typeLabel(row.id_plan_type as PlanTypeId, row.is_time_of_use === 1),
        rateUnit: rateUnit(row.commodity, row.state_code),
        billingSystemPlanCode: row.billing_system_plan_code,
        promoCode: row.promo_code,
        published: row.published === 1,
        retired: row.deprecated === 1,
        onSale: onSale.has(row.id),
        current: prices(row, charges.get(row.utility_id) ?? []),
        next: next ? { version: next.version, effectiveAt: next.effective_at, rate: next.rate } : null,
      };
      return { summary, row, planVersions, charges: charges.get(row.utility_id) ?? [] };
    });
  }

  function versionState(
    version: versions.VersionRow,
    inEffect: number,
    now: string,
  ): Static<typeof PlanVersion>['state'] {
    if (version.cancelled_at !== null) return 'cancelled';
    if (version.effective_at > now) return 'scheduled';
    return version.version === inEffect ? 'in effect' : 'superseded';
  }

  function describeVersion(
    row: PlanRow,
    version: versions.VersionRow,
    charges: DeliveryCharge[],
    now: string,
  ): Static<typeof PlanVersion> {
    return {
      ...prices(
        { ...version, commodity: row.commodity, decimal_places_to_show: row.decimal_places_to_show },
        charges,
      ),
      state: versionState(version, row.version, now),
      note: version.note,
      createdBy: version.created_by,
      createdAt: version.created_at,
      cancelledAt: version.cancelled_at,
      cancelledBy: version.cancelled_by,
    };
  }

  async function plan(companyId: number, planId: number): Promise<Static<typeof PlanDetail>> {
    const now = momentNow();
    const [described] = await summaries(companyId, [await planRowOf(companyId, planId)]);
    const { summary, row, planVersions, charges } = described!;
    return {
      ...summary,
      description: row.description,
      settings: settingsOf(row),
      acceptanceOptions: await offeredAcceptanceOptions(db, planId),
      documents: await planDocumentSettings(db, planId),
      versions: planVersions.map((v) => describeVersion(row, v, charges, now)),
    };
  }

  function assertValidChange(change: Static<typeof PriceChange>, timeOfUsePlan: boolean, problems: string[]) {
    const errors = [...problems, ...timeOfUseProblems(change.timeOfUse, timeOfUsePlan)];
    if (errors.length > 0) throw invalidChange(errors);
  }

  return {
    async list(
      companyId: number,
      query: Static<typeof PlanListQuery>,
    ): Promise<Static<typeof PlanSummary>[]> {
      const rows = await store.findPlans(db, companyId, {
        prices: { at: momentNow() },
        includeDrafts: true,
        utilityIds: query.utilityId === undefined ? undefined : [query.utilityId],
        customerTypeId: query.customerTypeId,
      });
      const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const matching = rows.filter((row) => {
        const text = `${row.name} ${row.billing_system_plan_code}`.toLowerCase();
        return words.every((word) => text.includes(word));
      });
      const described = (await summaries(companyId, matching)).map((d) => d.summary);
      const state = query.state ?? 'all';
      return described.filter(
        (p) =>
          state === 'all' ||
          (state === 'retired' && p.retired) ||
          (state === 'on-sale' && p.onSale) ||
          (state === 'not-on-sale' && !p.onSale && !p.retired),
      );
    },

    plan,

    /** Adds the plan's next version; it is what plan shopping sells from `effectiveAt` (now if left out). */
    async changePrice(
      companyId: number,
      planId: number,
      change: Static<typeof PriceChange>,
      by: PriceAuthor,
    ): Promise<{ before: Static<typeof PlanPrices>; after: Static<typeof PlanVersion> }> {
      const row = await planRowOf(companyId, planId);
      const { effectiveAt, problems } = momentOf(change.effectiveAt);
      assertValidChange(change, row.is_time_of_use === 1, problems);
      const [charges] = [...(await chargesByUtility([row])).values()];
      const [saved] = await versions.insertNextVersions(db, [
        {
          plan_id: planId,
          effective_at: effectiveAt,
          rate: change.rate,
          monthly_fee: change.monthlyFee,
          cancellation_fee: change.cancellationFee,
          time_of_use: JSON.stringify(change.timeOfUse satisfies TimeOfUseWindow[]),
          note: change.note.trim(),
          created_by: by.email,
          created_at: momentNow(),
        },
      ]);
      const inEffect = effectiveAt <= momentNow() ? saved!.version : row.version;
      return {
        before: prices(row, charges ?? []),
        after: describeVersion({ ...row, version: inEffect }, saved!, charges ?? [], momentNow()),
      };
    },

    /** The Electricity Facts Label of one version, line by line, with the utility's delivery charges of today. */
    async derivation(
      companyId: number,
      planId: number,
      version: number,
    ): Promise<Static<typeof EflDerivation>> {
      const row = await planRowOf(companyId, planId);
      const found = await versions.findVersion(db, companyId, planId, version);
      if (!found)
        throw new ApiError('PLAN_NOT_FOUND', `Plan ${planId} has no version ${version}.`, [
          'version: no such version of this plan',
        ]);
      const charges = (await chargesByUtility([row])).get(row.utility_id) ?? [];
      const priced = {
        ...found,
        commodity: row.commodity,
        decimal_places_to_show: row.decimal_places_to_show,
        timeOfUse: timeOfUseOf(found),
      };
      return {
        version,
        effectiveAt: found.effective_at,
        utility: row.utility_name,
        decimalPlaces: row.decimal_places_to_show,
        usageShares: usageShares(priced),
        tiers: eflDerivation(priced, charges),
      };
    },

    /** Calls off a change whose moment is still to come. */
    async cancelChange(companyId: number, planId: number, version: number, by: PriceAuthor): Promise<void> {
      await planRowOf(companyId, planId);
      const cancelled = await versions.cancelScheduledVersion(db, planId, version, {
        at: momentNow(),
        email: by.email,
      });
      if (!cancelled)
        throw new ApiError(
          'PLAN_VERSION_NOT_CANCELLABLE',
          `Version ${version} of plan ${planId} is not a change still to come.`,
          ['version: in effect, superseded, already cancelled or unknown'],
        );
    },

    ...createBulkPricing(context),
    ...createPlanSettings(context),
    ...createDeliveryChargeSets(context),
    ...createPowerToChooseListing(context),
    ...createAcceptanceOptions(context),
    ...createPlanDocuments(context),
  };
}

export type PlanPricing = ReturnType<typeof createPlanPricing>;
