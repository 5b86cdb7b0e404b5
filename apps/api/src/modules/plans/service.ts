import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Static } from 'typebox';
import type { StampedCache } from '../../db/change-stamps.js';
import type { CustomerTypesTable, Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import { dayOf } from '../../domain/dates.js';
import { eflAveragePrices } from '../../domain/efl.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { LinkSigner } from '../../security/signed-urls.js';
import { toCustomerType } from '../customer-types/index.js';
import { findZipcode, listLanguages } from '../reference/index.js';
import { assertUtilityTakes, toDeliveryCharge, type UtilitiesService } from '../utilities/index.js';
import { billEstimate } from './bill-estimates.js';
import * as bundleStore from './bundle-store.js';
import { documentLink } from './document-links.js';
import {
  addressFieldValidators,
  customerFieldValidators,
  type FieldError,
  type FieldValidator,
  ldcAccountValidator,
  validateFields,
} from './field-validators.js';
import { type PlanTypeId, rateUnit, typeLabel } from './naming.js';
import { type CampaignUse, createPromoCodes } from './promo-codes.js';
import type {
  AcceptanceOption,
  BillEstimate,
  BulkPlan,
  BundleQuery,
  Plan,
  PlanBundle,
  PlanDocument,
  PlanZipcode,
  ThankYouPage,
  ValidationResult,
} from './schemas.js';
import { type StartAsked, startDatesOf } from './start-dates.js';
import * as store from './store.js';
import * as versions from './version-store.js';
import { timeOfUseOf } from './versions.js';

export interface PlansDeps {
  db: Kysely<Database>;
  utilities: UtilitiesService;
  linkSigner: LinkSigner;
  catalog: StampedCache;
  clock: Clock;
  /** The uploaded library documents served with a plan (the documents module owns them), in the language asked. */
  libraryDocuments?: LibraryDocumentsOf;
}

export type LibraryDocumentsOf = (
  companyId: number,
  planId: number,
  links: { baseUrl: string; language: string },
) => Promise<Static<typeof PlanDocument>[]>;

/** Where the caller reached us, so document links point back at the same host. */
export interface LinkContext {
  baseUrl: string;
  language?: string;
}

export type PlanWire = Static<typeof Plan>;

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

export function createPlansService({
  db,
  utilities,
  linkSigner,
  catalog,
  clock,
  libraryDocuments,
}: PlansDeps) {
  const momentNow = () => clock.now().toISOString();
  const promoCodes = createPromoCodes(db, clock);

  async function languageCode(languageId?: number): Promise<string> {
    const languages = await listLanguages(db, true);
    const language =
      languageId === undefined
        ? languages.find((l) => l.is_default === 1)
        : languages.find((l) => l.id === languageId);
    if (!language) throw notFound(`Active language ${languageId}`);
    return language.short_name;
  }

  async function describe(
    companyId: number,
    rows: store.PlanRow[],
    links: LinkContext,
    onSaleIds?: Set<number>,
  ): Promise<PlanWire[]> {
    const planIds = rows.map((p) => p.id);
    const language = links.language ?? (await languageCode());
    const [details, charges, marketDocs, customerTypes, onSale] = await Promise.all([
      store.planDetails(db, planIds),
      utilities.deliveryCharges([...new Set(rows.map((p) => p.utility_id))]),
      store.marketDocuments(db, companyId, [...new Set(rows.map((p) => p.market_id))]),
      store.customerTypesByIds(db, [...new Set(rows.map((p) => p.customer_type_id))]),
      onSaleIds ?? onSaleNow(companyId, planIds, []),
    ]);
    const acceptance = groupBy(details.acceptance, (r) => r.plan_id);
    const documents = groupBy(details.documents, (r) => r.plan_id);
    const chargesBy = groupBy(charges, (c) => c.utility_id);
    const marketDocsBy = groupBy(marketDocs, (d) => d.market_id);
    const typesById = new Map(customerTypes.map((t) => [t.id, t]));
    return rows.map((p) => {
      const timeOfUse = timeOfUseOf(p);
      const deliveryCharges = chargesBy.get(p.utility_id) ?? [];
      const efl = eflAveragePrices({ ...p, commodity: p.commodity, timeOfUse }, deliveryCharges);
      const customerType = toCustomerType(
        typesById.get(p.customer_type_id) as Selectable<CustomerTypesTable>,
      );
      const utility = { ...p, commodity: p.commodity, stateCode: p.state_code };
      return {
        id_plan: p.id,
        name: p.name,
        published: p.published === 1,
        id_utility: p.utility_id,
        id_customer_type: p.customer_type_id,
        description: p.description,
        id_term: p.term,
        id_plan_type: p.id_plan_type,
        rate: p.rate,
        rate_unit: rateUnit(p.commodity, p.state_code),
        monthly_fee: p.monthly_fee,
        cancellation_fee: p.cancellation_fee,
        risk_free_trial_period: p.risk_free_trial_period,
        available_from_date: p.available_from_date,
        available_until_date: p.available_until_date,
        early_termination_text: p.early_termination_text,
        id_commodity: p.commodity === 'Electric' ? 1 : 2,
        promo_code: p.promo_code,
        billing_system_plan_code: p.billing_system_plan_code,
        deprecated: p.deprecated === 1,
        version: p.version,
        recurring_billing_required: p.recurring_billing_required === 1,
        min_start_date_delay_days: p.min_start_date_delay_days,
        initial_discount_percentage: p.initial_discount_percentage,
        initial_discount_period: p.initial_discount_period,
        initial_discount_rate: p.initial_discount_rate,
        term: p.term,
        terms_text: p.terms_text,
        customer_type: p.customer_type_name,
        commodity_name: p.commodity,
        renewable_percent: p.renewable_percent,
        rate_type: typeLabel(p.id_plan_type as PlanTypeId, p.is_time_of_use === 1),
        ...efl,
        decimal_places_to_show: p.decimal_places_to_show,
        divide_montly_fee_by: p.divide_montly_fee_by,
        present_divided_monthly_fee: p.present_divided_monthly_fee === 1,
        not_able_renewals: p.not_able_renewals === 1,
        not_able_reenrolls: p.not_able_reenrolls === 1,
        is_time_of_use: p.is_time_of_use === 1,
        time_of_use_rates: timeOfUse,
        delivery_charges: deliveryCharges.map(toDeliveryCharge),
        plan_documents: (documents.get(p.id) ?? []).map((d) => ({
          id_plan_document: d.id,
          doc_type: d.doc_type,
          name: d.name,
          display_in_plan_listing: d.display_in_plan_listing === 1,
          display_in_summary: d.display_in_summary === 1,
          display_in_thank_you_page: d.display_in_thank_you_page === 1,
          display_in_my_account: d.display_in_my_account === 1,
          url: documentLink(linkSigner, links.baseUrl, 'plan', d.id, language),
        })),
        market_documents: (marketDocsBy.get(p.market_id) ?? []).map((d) => ({
          id_market_document: d.id,
          doc_type: d.doc_type,
          name: d.name,
          display_in_my_account: d.display_in_my_account === 1,
          url: documentLink(linkSigner, links.baseUrl, 'market', d.id, language),
        })),
        acceptance_options: (acceptance.get(p.id) ?? []).map((o) => ({
          id_option: o.id,
          text: o.text,
          is_required: o.is_required === 1,
        })),
        general_rules: {
          ldc_account_number: [ldcAccountValidator(utility)],
          show_critical_care: p.show_critical_care === 1,
          required_credit_check: p.required_credit_check === 1,
          required_deposit_fee: p.required_deposit_fee,
          deposit_required_under_score: p.deposit_required_under_score,
          deposit_deny_service_under_score: p.deposit_deny_service_under_score,
          allow_bypass_credit_check: p.allow_bypass_credit_check === 1,
          allow_use_date_of_birth: p.allow_use_date_of_birth === 1,
        },
        customer_fields: customerFieldValidators({ customerType, plan: p }),
        display_in_wizard: onSale.has(p.id),
      };
    });
  }

  async function onSaleNow(companyId: number, planIds: number[], promoCodes: string[]): Promise<Set<number>> {
    const rows = await store.findPlans(db, companyId, {
      prices: { at: momentNow() },
      planIds,
      onSale: { today: dayOf(clock), promoCodes },
    });
    return new Set(rows.map((r) => r.id));
  }

  /** The code of a running campaign (active, inside its window, not used up), as plan shopping takes it. */
  async function validPromoCodes(companyId: number, promoCode?: string): Promise<string[]> {
    if (promoCode === undefined) return [];
    return [(await promoCodes.running(companyId, promoCode, 'promo_code')).promo_code];
  }

  /**
   * Whether an enrollment may buy the plan today with the promo code it gives, by plan shopping's rule, and the
   * campaign it uses: the code's, when the plan carries it (a code given with a plan of no campaign is checked as
   * plan shopping checks it, and not used).
   */
  async function saleTo(
    companyId: number,
    planId: number,
    promoCode?: string,
  ): Promise<{ onSale: boolean; campaign: CampaignUse | null }> {
    if (promoCode === undefined)
      return { onSale: (await plan(companyId, planId, { baseUrl: '' })).display_in_wizard, campaign: null };
    const campaign = await promoCodes.running(companyId, promoCode, 'promoCode');
    const code = campaign.promo_code;
    const [row, onSale] = await Promise.all([
      planRow(companyId, planId),
      onSaleNow(companyId, [planId], [code]),
    ]);
    const carried = row.promo_code === code;
    return {
      onSale: onSale.has(planId),
      campaign: carried ? { campaignId: campaign.id, promoCode: code } : null,
    };
  }

  async function planRow(companyId: number, planId: number) {
    const [row] = await catalog.get(`plan row ${companyId} ${planId}`, () =>
      store.findPlans(db, companyId, { prices: { at: momentNow() }, planIds: [planId] }),
    );
    if (!row) throw new ApiError('PLAN_NOT_FOUND', `Plan ${planId} was not found or is not published.`);
    return row;
  }

  /**
   * A plan at the version an enrollment accepted, on sale or not: a plan taken off sale keeps its customers, and a
   * price change does not reach a contract already made.
   */
  async function enrolledPlan(
    companyId: number,
    versionId: number,
    links: LinkContext,
  ): Promise<PlanWire | null> {
    const rows = await store.findPlans(db, companyId, {
      prices: { versionIds: [versionId] },
      includeDrafts: true,
    });
    return rows.length === 0 ? null : (await describe(companyId, rows, links))[0]!;
  }

  /**
   * A plan at one of its versions, by number (the documents of that version), with the row it was described from
   * (utility, brand); PLAN_NOT_FOUND if either is unknown.
   */
  async function planAtVersion(companyId: number, planId: number, version: number, links: LinkContext) {
    const found = await versions.findVersion(db, companyId, planId, version);
    const [row] = found
      ? await store.findPlans(db, companyId, { prices: { versionIds: [found.id] }, includeDrafts: true })
      : [];
    if (!row)
      throw new ApiError('PLAN_NOT_FOUND', `Plan ${planId} has no version ${version}.`, [
        'version: no such version of this plan',
      ]);
    const [plan] = await describe(companyId, [row], links);
    return { plan: plan!, row };
  }

  /** Enrollment create and the plan routes read plans over and over; the catalogue cache answers all but the first. */
  async function plan(companyId: number, planId: number, links: LinkContext): Promise<PlanWire> {
    return catalog.get(`plan ${companyId} ${planId} ${links.baseUrl} ${links.language ?? ''}`, async () => {
      const [described] = await describe(companyId, [await planRow(companyId, planId)], links);
      return described!;
    });
  }

  /**
   * What plan shopping sells the caller: the plans on sale today (with the plans of a valid promo code's campaign)
   * whose utility takes new enrollments. The wizard's lists and the bill estimates answer these plans and no others.
   */
  async function shoppablePlans(
    companyId: number,
    filter: { utilityIds?: number[]; planIds?: number[]; customerTypeId?: number; promoCode?: string },
  ) {
    const promoCodes = await validPromoCodes(companyId, filter.promoCode);
    const rows = await store.findPlans(db, companyId, {
      prices: { at: momentNow() },
      utilityIds: filter.utilityIds,
      planIds: filter.planIds,
      customerTypeId: filter.customerTypeId,
      onSale: { today: dayOf(clock), promoCodes },
    });
    // A utility whose new enrollments staff turned off sells nothing in the wizard; its customers still renew.
    return rows.filter((row) => row.allow_enrollments === 1);
  }

  async function wizardPlans(
    companyId: number,
    query: { utilityIds: number[]; customerTypeId?: number; promoCode?: string },
    links: LinkContext,
  ): Promise<Static<typeof BulkPlan>[]> {
    const utilityRows = await utilities.byIds(companyId, query.utilityIds);
    const rows = await shoppablePlans(companyId, query);
    const plans = await describe(companyId, rows, links, new Set(rows.map((r) => r.id)));
    const utilityById = new Map(utilityRows.map((u) => [u.id, u]));
    return plans.map((p) => {
      const u = utilityById.get(p.id_utility)!;
      return { ...p, utility_name: u.name, utility_code: u.code, utility_formal_name: u.formal_name };
    });
  }

  /**
   * The month's bill at the customer's usage for each plan asked that plan shopping sells the caller, in the order
   * asked; the others are left out.
   */
  async function billEstimates(
    companyId: number,
    query: { planIds: number[]; usage: number; promoCode?: string },
  ): Promise<Static<typeof BillEstimate>[]> {
    const rows = await shoppablePlans(companyId, { planIds: query.planIds, promoCode: query.promoCode });
    const charges = groupBy(
      await utilities.deliveryCharges([...new Set(rows.map((r) => r.utility_id))]),
      (c) => c.utility_id,
    );
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    return [...new Set(query.planIds)].flatMap((id) => {
      const row = rowsById.get(id);
      return row ? [billEstimate(row, charges.get(row.utility_id) ?? [], query.usage)] : [];
    });
  }

  /** The start dates an enrollment in the plan may ask for, once the plan's utility takes the switch type asked. */
  async function startDates(companyId: number, planId: number, start: StartAsked) {
    const row = await planRow(companyId, planId);
    const [utility] = await utilities.byIds(companyId, [row.utility_id]);
    assertUtilityTakes(utility!, start.switchType);
    return startDatesOf(row, utility!, start, dayOf(clock));
  }

  async function bundles(
    companyId: number,
    query: Static<typeof BundleQuery>,
    links: LinkContext,
  ): Promise<Static<typeof PlanBundle>[]> {
    const rows = await utilities.byIds(companyId, [query.electricUtilityId, query.gasUtilityId]);
    const electric = rows.find((u) => u.id === query.electricUtilityId);
    const gas = rows.find((u) => u.id === query.gasUtilityId);
    if (electric?.commodity !== 'Electric' || gas?.commodity !== 'Gas') {
      throw new ApiError(
        'VALIDATION_FAILED',
        'electricUtilityId must be an electric utility and gasUtilityId a gas utility.',
        ['electricUtilityId: must be an electric utility', 'gasUtilityId: must be a gas utility'],
      );
    }
    if (query.zipCodeId !== undefined) {
      const zip = await findZipcode(db, query.zipCodeId);
      if (!zip) throw notFound(`Zip code ${query.zipCodeId}`);
      const served =
        (await utilities.servesZipcode(electric.id, zip.zipcode)) &&
        (await utilities.servesZipcode(gas.id, zip.zipcode));
      if (!served) return [];
    }
    if (electric.allow_enrollments !== 1 || gas.allow_enrollments !== 1) return [];
    const promoCodes = await validPromoCodes(companyId, query.promoCode);
    const bundleRows = await bundleStore.findBundles(db, companyId, query);
    const planIds = bundleRows.flatMap((b) => [b.electric_plan_id, b.gas_plan_id]);
    const onSale = await onSaleNow(companyId, planIds, promoCodes);
    const sellable = bundleRows.filter((b) => onSale.has(b.electric_plan_id) && onSale.has(b.gas_plan_id));
    const plans = new Map(
      (
        await describe(
          companyId,
          await store.findPlans(db, companyId, { prices: { at: momentNow() }, planIds }),
          links,
          onSale,
        )
      ).map((p) => [p.id_plan, p]),
    );
    return sellable.map(
      (b): Static<typeof PlanBundle> => ({
        id_bundle: b.id,
        name: b.name,
        description: b.description,
        id_electric_plan: b.electric_plan_id,
        id_gas_plan: b.gas_plan_id,
        id_customer_type: b.customer_type_id,
        id_market: b.market_id,
        electric_plan: plans.get(b.electric_plan_id)!,
        gas_plan: plans.get(b.gas_plan_id)!,
      }),
    );
  }

  const validation = (errors: FieldError[]): Static<typeof ValidationResult> => ({
    is_valid: errors.length === 0,
    errors,
  });

  return {
    plan,
    planRow,
    saleTo,
    /** Counts an enrollment's use of its campaign, in the enrollment's transaction (PROMO_CODE_EXHAUSTED when none is left). */
    usePromoCode: (trx: Transaction<Database>, companyId: number, use: CampaignUse) =>
      promoCodes.use(trx, companyId, use, 'promoCode'),
    enrolledPlan,
    planAtVersion,
    wizardPlans,
    billEstimates,
    startDates,
    bundles,
    languageCode,
    async documents(
      companyId: number,
      planId: number,
      links: LinkContext,
    ): Promise<Static<typeof PlanDocument>[]> {
      const described = await plan(companyId, planId, links);
      const language = links.language ?? (await languageCode());
      const uploaded = libraryDocuments
        ? await libraryDocuments(companyId, planId, { baseUrl: links.baseUrl, language })
        : [];
      return [...described.plan_documents, ...uploaded];
    },
    async zipcodes(companyId: number, planId: number): Promise<Static<typeof PlanZipcode>[]> {
      const row = await planRow(companyId, planId);
      return (await utilities.zipcodes(row.utility_id)).map((zipcode) => ({ zipcode }));
    },
    async thankYouPage(
      companyId: number,
      planId: number,
      links: LinkContext,
    ): Promise<Static<typeof ThankYouPage>> {
      const row = await planRow(companyId, planId);
      const described = (await describe(companyId, [row], links))[0]!;
      return {
        id_plan: row.id,
        plan_name: row.name,
        thank_you_text: row.thank_you_text,
        brand: {
          name: row.brand_name,
          phone: row.brand_phone,
          email: row.brand_email,
          office_hours: row.brand_office_hours,
        },
        documents: described.plan_documents.filter((d) => d.display_in_thank_you_page),
        rescission_period: row.rescission_period,
      };
    },
    async acceptanceOptions(
      companyId: number,
      planId: number,
      links: LinkContext,
    ): Promise<Static<typeof AcceptanceOption>[]> {
      return (await plan(companyId, planId, links)).acceptance_options;
    },
    async customerFields(companyId: number, planId: number, links: LinkContext): Promise<FieldValidator[]> {
      return (await plan(companyId, planId, links)).customer_fields;
    },
    async addressFields(companyId: number, planId: number): Promise<FieldValidator[]> {
      const row = await planRow(companyId, planId);
      return addressFieldValidators({ ...row, stateCode: row.state_code });
    },
    async validateCustomerFields(
      companyId: number,
      planId: number,
      customerFieldsJson: string,
      links: LinkContext,
    ): Promise<Static<typeof ValidationResult>> {
      let values: unknown;
      try {
        values = JSON.parse(customerFieldsJson);
      } catch {
        throw new ApiError('VALIDATION_FAILED', 'customerFields must be a JSON object.', [
          'querystring.customerFields: is not JSON',
        ]);
      }
      if (typeof values !== 'object' || values === null || Array.isArray(values)) {
        throw new ApiError('VALIDATION_FAILED', 'customerFields must be a JSON object.', [
          'querystring.customerFields: must be an object',
        ]);
      }
      const validators = (await plan(companyId, planId, links)).customer_fields;
      return validation(validateFields(validators, values as Record<string, unknown>, clock.now()));
    },
    async validateLdcAccount(
      companyId: number,
      planId: number,
      value: string,
    ): Promise<Static<typeof ValidationResult>> {
      const row = await planRow(companyId, planId);
      const validator = ldcAccountValidator({ ...row, stateCode: row.state_code });
      return validation(validateFields([validator], { ldcAccount: value }, clock.now()));
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
