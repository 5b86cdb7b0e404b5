import type { Kysely, Updateable } from 'kysely';
import type { Static } from 'typebox';
import type { FlagValue } from '../../db/columns.js';
import type { Database } from '../../db/schema.js';
import type { PlansTable } from '../../db/tables/plans.js';
import type { Clock } from '../../domain/clock.js';
import { dayOf } from '../../domain/dates.js';
import {
  type DeliveryCharge,
  eflAveragePrices,
  eflDerivation,
  type TimeOfUseWindow,
  usageShares,
} from '../../domain/efl.js';
import { ApiError, notFound } from '../../http/errors.js';
import { deliveryChargeSets, insertDeliveryChargeSet, listDeliveryCharges } from '../reference/index.js';
import type { UtilitiesService } from '../utilities/index.js';
import { type PlanTypeId, rateUnit, typeLabel } from './naming.js';
import type {
  BulkPriceChange,
  BulkPricePreview,
  BulkPriceResult,
  DeliveryChargeChange,
  DeliveryChargeImpact,
  DeliveryChargePreview,
  DeliveryChargeSets,
  EflDerivation,
  EnergyChargeChange,
  PlanClone,
  PlanDetail,
  PlanListQuery,
  PlanPrices,
  PlanSelection,
  PlanSettings,
  PlanSettingsChange,
  PlanSummary,
  PlanVersion,
  PriceChange,
} from './ops-schemas.js';
import * as store from './store.js';
import * as versions from './version-store.js';
import { timeOfUseOf } from './versions.js';

export interface PlanPricingDeps {
  db: Kysely<Database>;
  utilities: Pick<UtilitiesService, 'deliveryCharges' | 'byIds'>;
  clock: Clock;
}

/** Who changes a price: the staff member's email, kept on the version. */
export interface PriceAuthor {
  email: string;
}

const planNotFound = (planId: number) =>
  new ApiError('PLAN_NOT_FOUND', `Plan ${planId} was not found.`, ['planId: no such plan of this company']);

const invalidChange = (errors: string[]) =>
  new ApiError('VALIDATION_FAILED', 'The price change is invalid.', errors);

type PlanRow = store.PlanRow;
type PricedRow = Pick<PlanRow, 'commodity' | 'decimal_places_to_show'> & {
  version: number;
  effective_at: string;
  rate: number;
  monthly_fee: number;
  cancellation_fee: number;
  time_of_use: string;
};

/** A plan's settings as staff read and change them. */
function settingsOf(row: PlanRow): Static<typeof PlanSettings> {
  return {
    name: row.name,
    description: row.description,
    billingSystemPlanCode: row.billing_system_plan_code,
    published: row.published === 1,
    availableFrom: row.available_from_date,
    availableUntil: row.available_until_date,
    term: row.term,
    promoCode: row.promo_code,
    earlyTerminationText: row.early_termination_text,
    termsText: row.terms_text,
    thankYouText: row.thank_you_text,
    renewablePercent: row.renewable_percent,
    recurringBillingRequired: row.recurring_billing_required === 1,
    requiredCreditCheck: row.required_credit_check === 1,
    requiredDepositFee: row.required_deposit_fee,
    depositRequiredUnderScore: row.deposit_required_under_score,
    depositDenyServiceUnderScore: row.deposit_deny_service_under_score,
    minStartDateDelayDays: row.min_start_date_delay_days,
  };
}

/** The plans table's columns of settings. */
function columnsOf(settings: Static<typeof PlanSettings>): Updateable<PlansTable> {
  const flag = (value: boolean) => (value ? 1 : 0) as FlagValue;
  return {
    name: settings.name.trim(),
    description: settings.description.trim(),
    billing_system_plan_code: settings.billingSystemPlanCode,
    published: flag(settings.published),
    available_from_date: settings.availableFrom,
    available_until_date: settings.availableUntil,
    term: settings.term,
    promo_code: settings.promoCode === null ? null : settings.promoCode.trim().toUpperCase(),
    early_termination_text: settings.earlyTerminationText.trim(),
    terms_text: settings.termsText.trim(),
    thank_you_text: settings.thankYouText.trim(),
    renewable_percent: settings.renewablePercent,
    recurring_billing_required: flag(settings.recurringBillingRequired),
    required_credit_check: flag(settings.requiredCreditCheck),
    required_deposit_fee: settings.requiredDepositFee,
    deposit_required_under_score: settings.depositRequiredUnderScore,
    deposit_deny_service_under_score: settings.depositDenyServiceUnderScore,
    min_start_date_delay_days: settings.minStartDateDelayDays,
  };
}

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

/**
 * Staff's view of the plans and their prices, and price changes: each change adds a version effective from a moment,
 * which plan shopping answers from that moment on (store.findPlans) while enrollments keep the version they accepted.
 */
export function createPlanPricing({ db, utilities, clock }: PlanPricingDeps) {
  const momentNow = () => clock.now().toISOString();

  function prices(row: PricedRow, charges: DeliveryCharge[]): Static<typeof PlanPrices> {
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
  }

  async function chargesByUtility(rows: PlanRow[]): Promise<Map<number, DeliveryCharge[]>> {
    const charges = await utilities.deliveryCharges([...new Set(rows.map((r) => r.utility_id))]);
    const byUtility = new Map<number, DeliveryCharge[]>();
    for (const charge of charges)
      byUtility.set(charge.utility_id, [...(byUtility.get(charge.utility_id) ?? []), charge]);
    return byUtility;
  }

  async function companyUtility(companyId: number, utilityId: number) {
    const [utility] = await utilities.byIds(companyId, [utilityId]);
    if (!utility) throw notFound(`Utility ${utilityId}`);
    return utility;
  }

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
    const before = await listDeliveryCharges(db, momentNow(), [utilityId]);
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

  /** Which of these plans are on sale today, by the one definition plan shopping uses (campaign plans included). */
  async function onSaleToday(companyId: number, rows: PlanRow[]): Promise<Set<number>> {
    const promoCodes = [...new Set(rows.flatMap((r) => (r.promo_code ? [r.promo_code] : [])))];
    const onSale = await store.findPlans(db, companyId, {
      prices: { at: momentNow() },
      planIds: rows.map((r) => r.id),
      onSale: { today: dayOf(clock), promoCodes },
    });
    return new Set(onSale.map((r) => r.id));
  }

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

  async function planRowOf(companyId: number, planId: number): Promise<PlanRow> {
    const [row] = await store.findPlans(db, companyId, {
      prices: { at: momentNow() },
      planIds: [planId],
      includeDrafts: true,
    });
    if (!row) throw planNotFound(planId);
    return row;
  }

  async function plan(companyId: number, planId: number): Promise<Static<typeof PlanDetail>> {
    const now = momentNow();
    const [described] = await summaries(companyId, [await planRowOf(companyId, planId)]);
    const { summary, row, planVersions, charges } = described!;
    return {
      ...summary,
      description: row.description,
      settings: settingsOf(row),
      versions: planVersions.map((v) => describeVersion(row, v, charges, now)),
    };
  }

  const past = (field: string) => `${field}: is in the past; a change takes effect now or later`;
  /** The moment a change takes effect: the one asked for, which must not be past, or now. */
  function momentOf(
    asked: string | undefined,
    field = 'effectiveAt',
  ): { effectiveAt: string; problems: string[] } {
    if (asked === undefined) return { effectiveAt: momentNow(), problems: [] };
    const effectiveAt = new Date(asked).toISOString();
    return { effectiveAt, problems: effectiveAt < momentNow() ? [past(field)] : [] };
  }

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

  function assertValidChange(change: Static<typeof PriceChange>, timeOfUsePlan: boolean, problems: string[]) {
    const errors = [...problems];
    if (timeOfUsePlan && change.timeOfUse.length === 0)
      errors.push('timeOfUse: a time-of-use plan needs at least one window');
    if (!timeOfUsePlan && change.timeOfUse.length > 0)
      errors.push('timeOfUse: only a time-of-use plan has windows');
    change.timeOfUse.forEach((window, i) => {
      if (window.start_hour === window.end_hour)
        errors.push(`timeOfUse[${i}].end_hour: must differ from start_hour`);
    });
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

    /** Changes a plan's settings (not its prices); the plan's settings before and after, for the audit log. */
    async changeSettings(companyId: number, planId: number, change: Static<typeof PlanSettingsChange>) {
      const before = settingsOf(await planRowOf(companyId, planId));
      const after = { ...before, ...change };
      const errors: string[] = [];
      if (after.availableUntil !== null && after.availableUntil < after.availableFrom)
        errors.push('availableUntil: is before availableFrom');
      if (
        after.depositDenyServiceUnderScore > 0 &&
        after.depositDenyServiceUnderScore > after.depositRequiredUnderScore
      )
        errors.push('depositDenyServiceUnderScore: is above depositRequiredUnderScore');
      if (
        after.promoCode !== null &&
        !(await store.findCampaign(db, companyId, after.promoCode.trim().toUpperCase()))
      )
        errors.push(`promoCode: no campaign has the code ${after.promoCode}`);
      if (errors.length > 0)
        throw new ApiError('VALIDATION_FAILED', 'The plan settings are invalid.', errors);
      await store.updatePlan(db, companyId, planId, columnsOf(after));
      return { before, after: settingsOf(await planRowOf(companyId, planId)) };
    },

    /** Retires a plan (off sale for good, kept for its customers) or puts it back in the catalogue. */
    async setRetired(companyId: number, planId: number, retired: boolean) {
      await planRowOf(companyId, planId);
      await store.updatePlan(db, companyId, planId, { deprecated: retired ? 1 : 0 });
    },

    /** A draft copy of a plan with its prices in effect as its first version; the new plan's id. */
    async clone(companyId: number, planId: number, copy: Static<typeof PlanClone>, by: PriceAuthor) {
      const row = await planRowOf(companyId, planId);
      return store.clonePlan(
        db,
        { planId, versionId: row.plan_version_id },
        {
          name: copy.name.trim(),
          billingSystemPlanCode: copy.billingSystemPlanCode,
          at: momentNow(),
          by: by.email,
          note: copy.note.trim(),
        },
      );
    },

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

    /** Saves a utility's new set of delivery charges from its moment: one statement, after the utility is locked. */
    previewDeliveryCharges,

    async changeDeliveryCharges(
      companyId: number,
      utilityId: number,
      request: Static<typeof DeliveryChargeChange>,
    ): Promise<Static<typeof DeliveryChargeImpact>> {
      const impact = await previewDeliveryCharges(companyId, utilityId, request);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('utilities')
          .set((eb) => ({ allow_enrollments: eb.ref('allow_enrollments') }))
          .where('id', '=', utilityId)
          .execute();
        const taken = await trx
          .selectFrom('utility_delivery_charges')
          .select('id')
          .where('utility_id', '=', utilityId)
          .where('effective_from', '=', impact.effectiveFrom)
          .executeTakeFirst();
        if (taken)
          throw new ApiError('VALIDATION_FAILED', 'The delivery charges are invalid.', [
            'effectiveFrom: a set of charges already takes effect at this moment',
          ]);
        await insertDeliveryChargeSet(
          trx,
          utilityId,
          impact.effectiveFrom,
          request.charges.map((c) => ({ ...chargeRowOf(c), name_es: c.nameEs.trim() || c.name.trim() })),
        );
      });
      return impact;
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
  };
}

export type PlanPricing = ReturnType<typeof createPlanPricing>;
