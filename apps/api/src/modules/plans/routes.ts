import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import type { StampedCache } from '../../db/change-stamps.js';
import { LISTED_START_DAYS } from '../../domain/start-dates.js';
import { callerOf } from '../../http/access.js';
import { replyFromCatalog } from '../../http/catalog-cache.js';
import { Envelope, ok } from '../../http/envelope.js';
import { publicBaseUrl } from '../../http/public-url.js';
import { commaLists, Id } from '../../http/schemas.js';
import {
  AcceptanceOption,
  AddressFieldsQuery,
  BillEstimate,
  BillEstimateQuery,
  BulkPlan,
  BundleQuery,
  CustomerFieldsQuery,
  FieldValidatorSchema,
  LanguageQuery,
  Plan,
  PlanBundle,
  PlanDocument,
  PlanIdParams,
  PlanZipcode,
  StartDates,
  StartDatesQuery,
  ThankYouPage,
  ValidationResult,
  WizardQuery,
} from './schemas.js';
import type { LinkContext, PlansService } from './service.js';

const tags = ['Plans'];

export const linksFor = (request: FastifyRequest, language?: string): LinkContext => ({
  baseUrl: publicBaseUrl(request),
  language,
});

export const planRoutes: FastifyPluginAsyncTypebox<{ plans: PlansService; catalog: StampedCache }> = async (
  app,
  { plans, catalog },
) => {
  const company = (request: FastifyRequest) => callerOf(request).companyId;
  /** Links to documents in the language asked for (its id), else the default language. */
  const linksIn = async (request: FastifyRequest, languageId: number | undefined) =>
    linksFor(request, languageId === undefined ? undefined : await plans.languageCode(languageId));

  app.get(
    '/plans/:planId',
    {
      config: { errors: ['PLAN_NOT_FOUND'] },
      schema: {
        operationId: 'getPlan',
        tags,
        summary: 'One plan with its EFL prices, documents, acceptance options, rules and field validators',
        description:
          '`display_in_wizard` says whether the plan is on sale today; deprecated plans stay readable for their customers.',
        params: PlanIdParams,
        querystring: LanguageQuery,
        response: { 200: Envelope(Plan) },
      },
    },
    (request, reply) =>
      replyFromCatalog(catalog, request, reply, async () =>
        ok(
          await plans.plan(
            company(request),
            request.params.planId,
            await linksIn(request, request.query.languageId),
          ),
        ),
      ),
  );

  const wizardOptions = (operationId: string, summary: string, item: typeof Plan | typeof BulkPlan) => ({
    config: { errors: ['PROMO_CODE_EXHAUSTED' as const, 'PROMO_CODE_INVALID' as const] },
    preValidation: commaLists('ids_utilities'),
    schema: {
      operationId,
      tags,
      summary,
      description:
        'Plans on sale today for the utilities (and customer type); none of a utility that takes no new enrollments ' +
        '(allow_enrollments false). A valid `promo_code` (any case) adds its campaign plans; an unknown, paused or ' +
        'expired code is refused with PROMO_CODE_INVALID, a used-up one with PROMO_CODE_EXHAUSTED.',
      querystring: WizardQuery,
      response: { 200: Envelope(Type.Array(item)) },
    },
  });

  // The two wizard lists answer the same plans; the batch schema also serialises the utility names and codes.
  const wizardPlans = async (request: FastifyRequest, query: Static<typeof WizardQuery>) =>
    ok(
      await plans.wizardPlans(
        company(request),
        { utilityIds: query.ids_utilities, customerTypeId: query.customer_type, promoCode: query.promo_code },
        await linksIn(request, query.languageId),
      ),
    );

  app.get(
    '/plans/for-wizard',
    wizardOptions('listPlansForWizard', 'Plans a customer can buy, for an enrollment wizard', Plan),
    (request, reply) => replyFromCatalog(catalog, request, reply, () => wizardPlans(request, request.query)),
  );

  app.get(
    '/plans/batch-for-wizard',
    wizardOptions(
      'listPlansForWizardBatch',
      'Plans for several utilities at once, with utility names and codes',
      BulkPlan,
    ),
    (request, reply) => replyFromCatalog(catalog, request, reply, () => wizardPlans(request, request.query)),
  );

  app.get(
    '/plans/bill-estimate',
    {
      config: { errors: ['PROMO_CODE_EXHAUSTED', 'PROMO_CODE_INVALID'] },
      preValidation: commaLists('ids_plans'),
      schema: {
        operationId: 'estimatePlanBills',
        tags,
        summary: "The month's bill of each plan at the customer's usage, for plan shopping",
        description:
          'For each plan of `ids_plans` that GET /plans/for-wizard would list (on sale today, its utility taking new ' +
          'enrollments, a campaign plan only with its valid `promo_code`), the bill at `usage` computed as the EFL ' +
          "averages are: energy (time-of-use windows by the usage shape), the plan's base charge and the utility's " +
          "delivery charges in force today, no taxes. At 500, 1,000 and 2,000 kWh `average_price` is the plan's rate500, " +
          'rate1000 and rate2000. Plans answered in the order asked; a plan that is unknown, not on sale or not the ' +
          "caller's is left out (no error), so a page of plans may ask for them all at once.",
        querystring: BillEstimateQuery,
        response: { 200: Envelope(Type.Array(BillEstimate)) },
      },
    },
    (request, reply) =>
      replyFromCatalog(catalog, request, reply, async () =>
        ok(
          await plans.billEstimates(company(request), {
            planIds: request.query.ids_plans,
            usage: request.query.usage,
            promoCode: request.query.promo_code,
          }),
        ),
      ),
  );

  app.get(
    '/plans/start-dates/:planId',
    {
      config: { errors: ['PLAN_NOT_FOUND', 'SWITCH_TYPE_NOT_OFFERED', 'UTILITY_NOT_ENROLLING'] },
      schema: {
        operationId: 'listPlanStartDates',
        tags,
        summary: 'The start dates an enrollment in the plan may ask for, for a date picker',
        description:
          "By the rule POST /enrollments/create applies to requestedStartDate: not before today plus the plan's " +
          'min_start_date_delay_days (a priority move-in may start today), no weekend where the utility does not ' +
          'start service then. `available_dates` lists every date of the ' +
          `${LISTED_START_DAYS} days from \`earliest_start_date\` (that day included) the enrollment accepts; a date of ` +
          'that span left out is refused. A switch type the utility does not take is refused as the enrollment ' +
          'refuses it.',
        params: PlanIdParams,
        querystring: StartDatesQuery,
        response: { 200: Envelope(StartDates) },
      },
    },
    (request, reply) =>
      replyFromCatalog(catalog, request, reply, async () =>
        ok(await plans.startDates(company(request), request.params.planId, request.query)),
      ),
  );

  app.get(
    '/plan-bundles/for-wizard',
    {
      config: { errors: ['PROMO_CODE_EXHAUSTED' as const, 'PROMO_CODE_INVALID' as const] },
      schema: {
        operationId: 'listPlanBundlesForWizard',
        tags,
        summary: 'Electric and gas plan bundles on sale for a pair of utilities',
        querystring: BundleQuery,
        response: { 200: Envelope(Type.Array(PlanBundle)) },
      },
    },
    (request, reply) =>
      replyFromCatalog(catalog, request, reply, async () =>
        ok(await plans.bundles(company(request), request.query, linksFor(request))),
      ),
  );

  app.get(
    '/plans/docs/:planId',
    {
      config: { errors: ['PLAN_NOT_FOUND'] },
      schema: {
        operationId: 'listPlanDocuments',
        tags,
        summary:
          "The plan's documents (EFL or gas disclosure, terms of service) with download links in a language",
        params: PlanIdParams,
        querystring: LanguageQuery,
        response: { 200: Envelope(Type.Array(PlanDocument)) },
      },
    },
    (request, reply) =>
      replyFromCatalog(catalog, request, reply, async () => {
        const language = await plans.languageCode(request.query.languageId);
        return ok(
          await plans.documents(company(request), request.params.planId, linksFor(request, language)),
        );
      }),
  );

  app.get(
    '/plans/zip-codes/:planId',
    {
      config: { errors: ['PLAN_NOT_FOUND'] },
      schema: {
        operationId: 'listPlanZipcodes',
        tags,
        summary: 'Zip codes where the plan can be bought',
        params: PlanIdParams,
        response: { 200: Envelope(Type.Array(PlanZipcode)) },
      },
    },
    async (request) => ok(await plans.zipcodes(company(request), request.params.planId)),
  );

  app.get(
    '/plans/thank-you-page/:planId',
    {
      config: { errors: ['PLAN_NOT_FOUND'] },
      schema: {
        operationId: 'getPlanThankYouPage',
        tags,
        summary: 'What to show a customer after enrolling in the plan',
        params: PlanIdParams,
        querystring: LanguageQuery,
        response: { 200: Envelope(ThankYouPage) },
      },
    },
    (request, reply) =>
      replyFromCatalog(catalog, request, reply, async () =>
        ok(
          await plans.thankYouPage(
            company(request),
            request.params.planId,
            await linksIn(request, request.query.languageId),
          ),
        ),
      ),
  );

  app.get(
    '/plans/acceptance-options',
    {
      schema: {
        operationId: 'listPlanAcceptanceOptions',
        tags,
        summary: 'What the customer must agree to (is_required) or may opt into',
        querystring: Type.Object({ planId: Id('id_plan') }),
        response: { 200: Envelope(Type.Array(AcceptanceOption)) },
      },
    },
    (request, reply) =>
      replyFromCatalog(catalog, request, reply, async () =>
        ok(await plans.acceptanceOptions(company(request), request.query.planId, linksFor(request))),
      ),
  );

  app.get(
    '/plans/request-customer-fields/:planId',
    {
      config: { errors: ['PLAN_NOT_FOUND'] },
      schema: {
        operationId: 'listPlanCustomerFields',
        tags,
        summary: 'Customer fields the plan asks for, from its customer type and credit-check rules',
        params: PlanIdParams,
        response: { 200: Envelope(Type.Array(FieldValidatorSchema)) },
      },
    },
    (request, reply) =>
      replyFromCatalog(catalog, request, reply, async () =>
        ok(await plans.customerFields(company(request), request.params.planId, linksFor(request))),
      ),
  );

  app.get(
    '/plans/request-address-fields/:planId',
    {
      config: { errors: ['PLAN_NOT_FOUND'] },
      schema: {
        operationId: 'listPlanAddressFields',
        tags,
        summary: "Address fields the plan asks for, with the utility's LDC number rule",
        params: PlanIdParams,
        response: { 200: Envelope(Type.Array(FieldValidatorSchema)) },
      },
    },
    (request, reply) =>
      replyFromCatalog(catalog, request, reply, async () =>
        ok(await plans.addressFields(company(request), request.params.planId)),
      ),
  );

  app.get(
    '/customers/validate-customer-fields',
    {
      config: { errors: ['PLAN_NOT_FOUND'] },
      schema: {
        operationId: 'validateCustomerFields',
        tags: ['Customers'],
        summary: "Checks a customer's fields against a plan's rules before enrolling",
        querystring: CustomerFieldsQuery,
        response: { 200: Envelope(ValidationResult) },
      },
    },
    async (request) =>
      ok(
        await plans.validateCustomerFields(
          company(request),
          request.query.idPlan,
          request.query.customerFields,
          linksFor(request),
        ),
      ),
  );

  app.get(
    '/miscellaneous/validate-address-fields',
    {
      schema: {
        operationId: 'validateAddressFields',
        tags: ['Miscellaneous'],
        summary: "Checks an LDC account number (ESIID in Texas) against the plan's utility rules",
        querystring: AddressFieldsQuery,
        response: { 200: Envelope(ValidationResult) },
      },
    },
    async (request) =>
      ok(await plans.validateLdcAccount(company(request), request.query.planId, request.query.address)),
  );
};
