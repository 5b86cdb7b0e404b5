import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import type { AuditLog } from '../audit/index.js';
import type { Bundles } from './bundles.js';
import type { Campaigns } from './campaigns.js';
import {
  AcceptanceOptionsRevision,
  BulkPriceChange,
  BulkPricePreview,
  BulkPriceResult,
  Campaign,
  CampaignChange,
  CampaignCreate,
  CampaignIdPath,
  CampaignListQuery,
  DeliveryChargeChange,
  DeliveryChargeImpact,
  DeliveryChargePreview,
  DeliveryChargeSets,
  EflDerivation,
  PlanBundleChange,
  PlanBundleCreate,
  PlanBundleDetail,
  PlanBundleIdPath,
  PlanChoices,
  PlanClone,
  PlanCreation,
  PlanDetail,
  PlanDocumentChange,
  PlanDocumentPath,
  PlanIdPath,
  PlanListQuery,
  PlanRetirement,
  PlanSettingsChange,
  PlanSummary,
  PlanVersion,
  PlanVersionPath,
  PowerToChooseQuery,
  PriceChange,
  UtilityIdPath,
} from './ops-schemas.js';
import type { PlanPricing } from './pricing.js';

const tags = ['Plans and prices'];
const read = { permission: 'work.read', errors: ['PLAN_NOT_FOUND' as const] };
const change = { permission: 'plans.write', errors: ['PLAN_NOT_FOUND' as const] };

const priceText = (p: { rate: number; monthlyFee: number; cancellationFee: number }) =>
  `${p.rate}¢, $${p.monthlyFee}/month, ETF $${p.cancellationFee}`;

/**
 * Pricing staff's plans: the catalogue as it sells now, each plan's versions, and price changes (audited).
 * `publicBaseUrl` is the public API's address, which the links staff hand to others start with.
 */
export const planOpsRoutes: FastifyPluginAsyncTypebox<{
  pricing: PlanPricing;
  audit: AuditLog;
  publicBaseUrl: () => string;
}> = async (app, { pricing, audit, publicBaseUrl }) => {
  const companyOf = (request: FastifyRequest) => staffOf(request).companyId;

  app.get(
    '/plans',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listPlans',
        tags,
        summary: 'The plans with their prices in effect, EFL averages and next scheduled change',
        querystring: PlanListQuery,
        response: { 200: Envelope(Type.Array(PlanSummary, { maxItems: 100_000 })) },
      },
    },
    async (request) => ok(await pricing.list(companyOf(request), request.query)),
  );

  app.get(
    '/plans/:planId',
    {
      config: read,
      schema: {
        operationId: 'getPlanWithVersions',
        tags,
        summary: 'One plan with every version of its prices, newest first',
        params: PlanIdPath,
        response: { 200: Envelope(PlanDetail) },
      },
    },
    async (request) => ok(await pricing.plan(companyOf(request), request.params.planId)),
  );

  app.get(
    '/plans/:planId/versions/:version/efl',
    {
      config: read,
      schema: {
        operationId: 'getPlanVersionEfl',
        tags,
        summary:
          "A version's Electricity Facts Label averages, derived line by line at 500, 1,000 and 2,000 kWh with the utility's delivery charges",
        params: PlanVersionPath,
        response: { 200: Envelope(EflDerivation) },
      },
    },
    async (request) =>
      ok(await pricing.derivation(companyOf(request), request.params.planId, request.params.version)),
  );

  app.post(
    '/plans/:planId/versions',
    {
      config: change,
      schema: {
        operationId: 'changePlanPrice',
        tags,
        summary:
          'Changes a plan’s prices from a moment on, as a new version; enrollments keep the version they accepted',
        params: PlanIdPath,
        body: PriceChange,
        response: { 200: Envelope(PlanVersion) },
      },
    },
    async (request) => {
      const { planId } = request.params;
      const { email } = staffOf(request);
      const { before, after } = await pricing.changePrice(companyOf(request), planId, request.body, {
        email,
      });
      await audit.record(auditActorOf(request), {
        action: 'plan.price-change',
        targetType: 'plan',
        targetId: planId,
        summary: `version ${after.version} of plan ${planId} from ${after.effectiveAt}: ${priceText(before)} → ${priceText(after)}: ${after.note}`,
        before,
        after,
      });
      return ok(after);
    },
  );

  app.post(
    '/plans/:planId/versions/:version/cancel',
    {
      config: { ...change, errors: [...change.errors, 'PLAN_VERSION_NOT_CANCELLABLE' as const] },
      schema: {
        operationId: 'cancelPlanPriceChange',
        tags,
        summary: 'Calls off a price change whose moment is still to come',
        params: PlanVersionPath,
        response: { 200: Envelope(PlanDetail) },
      },
    },
    async (request) => {
      const { planId, version } = request.params;
      const { email } = staffOf(request);
      await pricing.cancelChange(companyOf(request), planId, version, { email });
      await audit.record(auditActorOf(request), {
        action: 'plan.price-change-cancelled',
        targetType: 'plan',
        targetId: planId,
        summary: `version ${version} of plan ${planId} called off before its moment`,
        before: { version },
        after: { version, cancelled: true },
      });
      return ok(await pricing.plan(companyOf(request), planId));
    },
  );

  app.post(
    '/plans/price-changes/preview',
    {
      config: { permission: 'plans.write' },
      schema: {
        operationId: 'previewBulkPriceChange',
        tags,
        summary:
          'What a change of many plans’ energy charges would do, plan by plan, with the EFL averages before and after; nothing is saved',
        body: BulkPricePreview,
        response: { 200: Envelope(BulkPriceResult) },
      },
    },
    async (request) => ok(await pricing.previewBulk(companyOf(request), request.body)),
  );

  app.post(
    '/plans/price-changes',
    {
      config: { permission: 'plans.write' },
      schema: {
        operationId: 'applyBulkPriceChange',
        tags,
        summary:
          'Changes the energy charges of every plan selected, as a new version of each, all in one transaction or none',
        body: BulkPriceChange,
        response: { 200: Envelope(BulkPriceResult) },
      },
    },
    async (request) => {
      const result = await pricing.applyBulk(companyOf(request), request.body, {
        email: staffOf(request).email,
      });
      const { change } = request.body;
      const amount =
        change.by === 'amount'
          ? `${change.value > 0 ? '+' : ''}${change.value}¢`
          : `${change.value > 0 ? '+' : ''}${change.value}%`;
      for (const row of result.rows)
        await audit.record(auditActorOf(request), {
          action: 'plan.price-change',
          targetType: 'plan',
          targetId: row.plan.id,
          summary: `version ${row.after.version} of plan ${row.plan.id} from ${result.effectiveAt}, bulk ${amount}: ${row.before.rate}¢ → ${row.after.rate}¢: ${request.body.note.trim()}`,
          before: row.before,
          after: row.after,
        });
      return ok(result);
    },
  );

  app.patch(
    '/plans/:planId',
    {
      config: change,
      schema: {
        operationId: 'changePlanSettings',
        tags,
        summary:
          'Changes a plan’s settings (name, sale window, term, texts, credit rules…); prices are versions',
        params: PlanIdPath,
        body: PlanSettingsChange,
        response: { 200: Envelope(PlanDetail) },
      },
    },
    async (request) => {
      const { planId } = request.params;
      const { before, after } = await pricing.changeSettings(companyOf(request), planId, request.body);
      const changed = Object.keys(request.body).filter(
        (key) =>
          JSON.stringify(before[key as keyof typeof before]) !==
          JSON.stringify(after[key as keyof typeof after]),
      );
      await audit.record(auditActorOf(request), {
        action: 'plan.settings',
        targetType: 'plan',
        targetId: planId,
        summary: `settings of plan ${planId} changed: ${changed.join(', ') || 'nothing'}`,
        before,
        after,
      });
      return ok(await pricing.plan(companyOf(request), planId));
    },
  );

  app.put(
    '/plans/:planId/acceptance-options',
    {
      config: { ...change, errors: [...change.errors, 'ACCEPTANCE_OPTIONS_CHANGED'] },
      schema: {
        operationId: 'reviseAcceptanceOptions',
        tags,
        summary:
          'Sets what customers agree to when enrolling in the plan, keeping what earlier customers agreed to',
        description:
          'Every option the plan is to offer, in order. Options kept as they are keep their id; an option reworded, ' +
          'made required or optional, or left out is retired (enrollments that accepted it keep its id and text) ' +
          'and a reworded one is offered under a new id. Plan shopping offers the new options at the next call. ' +
          '409 `ACCEPTANCE_OPTIONS_CHANGED` when someone changed them since they were read.',
        params: PlanIdPath,
        body: AcceptanceOptionsRevision,
        response: { 200: Envelope(PlanDetail) },
      },
    },
    async (request) => {
      const { planId } = request.params;
      const texts = (options: { text: string; required: boolean }[]) =>
        options.map((o) => `${o.required ? '[required] ' : ''}${o.text}`);
      const { before, after } = await pricing.reviseAcceptanceOptions(
        companyOf(request),
        planId,
        request.body,
      );
      await audit.record(auditActorOf(request), {
        action: 'plan.acceptance-options',
        targetType: 'plan',
        targetId: planId,
        summary: `acceptance options of plan ${planId} changed: ${after.length} offered`,
        before: { options: texts(before) },
        after: { options: texts(after) },
      });
      return ok(await pricing.plan(companyOf(request), planId));
    },
  );

  app.patch(
    '/plans/:planId/documents/:documentId',
    {
      config: { ...change, errors: [...change.errors, 'NOT_FOUND'] },
      schema: {
        operationId: 'changePlanDocument',
        tags,
        summary:
          "Renames a plan's document or changes where plan shopping, the wizard and My Account show it",
        params: PlanDocumentPath,
        body: PlanDocumentChange,
        response: { 200: Envelope(PlanDetail) },
      },
    },
    async (request) => {
      const { planId, documentId } = request.params;
      const { before, after } = await pricing.changeDocument(
        companyOf(request),
        planId,
        documentId,
        request.body,
      );
      await audit.record(auditActorOf(request), {
        action: 'plan.document',
        targetType: 'plan',
        targetId: planId,
        summary: `document ${documentId} (${after.type}) of plan ${planId} changed`,
        before,
        after,
      });
      return ok(await pricing.plan(companyOf(request), planId));
    },
  );

  app.post(
    '/plans/:planId/retirement',
    {
      config: change,
      schema: {
        operationId: 'setPlanRetired',
        tags,
        summary:
          'Retires a plan (off sale for good, kept for its customers) or puts it back in the catalogue',
        params: PlanIdPath,
        body: PlanRetirement,
        response: { 200: Envelope(PlanDetail) },
      },
    },
    async (request) => {
      const { planId } = request.params;
      await pricing.setRetired(companyOf(request), planId, request.body.retired);
      await audit.record(auditActorOf(request), {
        action: request.body.retired ? 'plan.retire' : 'plan.restore',
        targetType: 'plan',
        targetId: planId,
        summary: request.body.retired ? `plan ${planId} retired` : `plan ${planId} back in the catalogue`,
        after: request.body,
      });
      return ok(await pricing.plan(companyOf(request), planId));
    },
  );

  app.get(
    '/plans/power-to-choose.csv',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'exportPowerToChoose',
        tags,
        summary: "The Power to Choose listing of the Texas electricity plans on sale, as the site's CSV",
        description:
          "One line per plan and language (English, Spanish) in the listing's published columns, from the version in " +
          'force: EFL averages at 500, 1,000 and 2,000 kWh in dollars per kWh, term, early-termination fee, renewable ' +
          "share, promotion, and the permanent addresses of the plan's Electricity Facts Label, terms of service and " +
          'Your Rights as a Customer (last column, `[YracURL]`). Campaign plans, drafts and retired plans are not listed.',
        querystring: PowerToChooseQuery,
        response: {
          200: {
            description: 'The CSV.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const csv = await pricing.powerToChooseCsv(companyOf(request), request.query, publicBaseUrl());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="power-to-choose-${request.query.customerTypeId}.csv"`,
        )
        .send(csv);
    },
  );

  app.get(
    '/plans/choices',
    {
      config: { permission: 'plans.write' },
      schema: {
        operationId: 'getPlanChoices',
        tags,
        summary:
          'What a new plan may be for: the active utilities, their rate units and the customer types each serves',
        response: { 200: Envelope(PlanChoices) },
      },
    },
    async (request) => ok(await pricing.choices(companyOf(request))),
  );

  app.post(
    '/plans',
    {
      config: { permission: 'plans.write', errors: ['NOT_FOUND' as const] },
      schema: {
        operationId: 'createPlan',
        tags,
        summary:
          'A new plan from nothing: its settings, its first prices effective now, what the customer agrees to; the standard documents of its commodity',
        body: PlanCreation,
        response: { 200: Envelope(PlanDetail) },
      },
    },
    async (request) => {
      const created = await pricing.create(companyOf(request), request.body, {
        email: staffOf(request).email,
      });
      const plan = await pricing.plan(companyOf(request), created);
      await audit.record(auditActorOf(request), {
        action: 'plan.create',
        targetType: 'plan',
        targetId: created,
        summary: `plan ${created} (${plan.name}) made: ${priceText(plan.versions[0]!)}: ${request.body.note.trim()}`,
        after: request.body,
      });
      return ok(plan);
    },
  );

  app.post(
    '/plans/:planId/clone',
    {
      config: change,
      schema: {
        operationId: 'clonePlan',
        tags,
        summary: 'A draft copy of a plan, its prices in effect as the copy’s first version',
        params: PlanIdPath,
        body: PlanClone,
        response: { 200: Envelope(PlanDetail) },
      },
    },
    async (request) => {
      const { planId } = request.params;
      const copy = await pricing.clone(companyOf(request), planId, request.body, {
        email: staffOf(request).email,
      });
      await audit.record(auditActorOf(request), {
        action: 'plan.clone',
        targetType: 'plan',
        targetId: copy,
        summary: `plan ${copy} (${request.body.name}) copied from plan ${planId}: ${request.body.note}`,
        after: { from: planId, ...request.body },
      });
      return ok(await pricing.plan(companyOf(request), copy));
    },
  );

  const market = { permission: 'work.read', errors: ['NOT_FOUND' as const] };
  const marketChange = { permission: 'plans.write', errors: ['NOT_FOUND' as const] };

  app.get(
    '/utilities/:utilityId/delivery-charges',
    {
      config: market,
      schema: {
        operationId: 'listDeliveryChargeSets',
        tags,
        summary: 'A utility’s delivery charges: every set, scheduled, in effect and past, newest first',
        params: UtilityIdPath,
        response: { 200: Envelope(DeliveryChargeSets) },
      },
    },
    async (request) => ok(await pricing.deliveryCharges(companyOf(request), request.params.utilityId)),
  );

  app.post(
    '/utilities/:utilityId/delivery-charges/preview',
    {
      config: marketChange,
      schema: {
        operationId: 'previewDeliveryCharges',
        tags,
        summary:
          'The EFL averages of every plan of the utility under today’s delivery charges and new ones; nothing saved',
        params: UtilityIdPath,
        body: DeliveryChargePreview,
        response: { 200: Envelope(DeliveryChargeImpact) },
      },
    },
    async (request) =>
      ok(await pricing.previewDeliveryCharges(companyOf(request), request.params.utilityId, request.body)),
  );

  app.post(
    '/utilities/:utilityId/delivery-charges',
    {
      config: marketChange,
      schema: {
        operationId: 'changeDeliveryCharges',
        tags,
        summary:
          'A utility’s new set of delivery charges from a moment (a tariff change); answers the plans it affects',
        params: UtilityIdPath,
        body: DeliveryChargeChange,
        response: { 200: Envelope(DeliveryChargeImpact) },
      },
    },
    async (request) => {
      const { utilityId } = request.params;
      const impact = await pricing.changeDeliveryCharges(companyOf(request), utilityId, request.body);
      await audit.record(auditActorOf(request), {
        action: 'utility.delivery-charges',
        targetType: 'utility',
        targetId: utilityId,
        summary: `delivery charges of utility ${utilityId} from ${impact.effectiveFrom} (${impact.plans.length} plans affected): ${request.body.note.trim()}`,
        after: { effectiveFrom: impact.effectiveFrom, charges: request.body.charges },
      });
      return ok(impact);
    },
  );
};

const campaignTags = ['Campaigns'];
const campaignRead = { permission: 'work.read', errors: ['NOT_FOUND' as const] };
const campaignChange = { permission: 'plans.write', errors: ['NOT_FOUND' as const] };

const windowText = (c: { validFrom: string; validUntil: string }) => `${c.validFrom} → ${c.validUntil}`;
const limitText = (limit: number | null) => (limit === null ? 'no limit' : `limit ${limit}`);

/** Campaigns and their promo codes: read by every staff member, made and changed by pricing staff, audited. */
export const campaignOpsRoutes: FastifyPluginAsyncTypebox<{ campaigns: Campaigns; audit: AuditLog }> = async (
  app,
  { campaigns, audit },
) => {
  const companyOf = (request: FastifyRequest) => staffOf(request).companyId;
  const authorOf = (request: FastifyRequest) => ({ email: staffOf(request).email });

  app.get(
    '/campaigns',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listCampaigns',
        tags: campaignTags,
        summary: 'The campaigns with their status, uses against their limit, affiliate and plans',
        querystring: CampaignListQuery,
        response: { 200: Envelope(Type.Array(Campaign, { maxItems: 100_000 })) },
      },
    },
    async (request) => ok(await campaigns.list(companyOf(request), request.query)),
  );

  app.get(
    '/campaigns/:campaignId',
    {
      config: campaignRead,
      schema: {
        operationId: 'getCampaign',
        tags: campaignTags,
        summary: 'One campaign with its uses, window, affiliate and the plans carrying its code',
        params: CampaignIdPath,
        response: { 200: Envelope(Campaign) },
      },
    },
    async (request) => ok(await campaigns.campaign(companyOf(request), request.params.campaignId)),
  );

  app.post(
    '/campaigns',
    {
      config: { permission: 'plans.write', errors: ['PROMO_CODE_TAKEN' as const] },
      schema: {
        operationId: 'createCampaign',
        tags: campaignTags,
        summary: 'A new campaign: its promo code (unique in the company), window, usage limit and affiliate',
        body: CampaignCreate,
        response: { 200: Envelope(Campaign) },
      },
    },
    async (request) => {
      const created = await campaigns.create(companyOf(request), request.body, authorOf(request));
      await audit.record(auditActorOf(request), {
        action: 'campaign.create',
        targetType: 'campaign',
        targetId: created.id,
        summary: `campaign ${created.promoCode} (${created.name}) made: ${windowText(created)}, ${limitText(created.usageLimit)}${created.active ? '' : ', paused'}`,
        after: request.body,
      });
      return ok(created);
    },
  );

  app.patch(
    '/campaigns/:campaignId',
    {
      config: { ...campaignChange, errors: [...campaignChange.errors, 'CAMPAIGN_LIMIT_BELOW_USES' as const] },
      schema: {
        operationId: 'changeCampaign',
        tags: campaignTags,
        summary:
          'Changes a campaign’s name, description, window, usage limit or affiliate; a limit never goes below the uses made',
        params: CampaignIdPath,
        body: CampaignChange,
        response: { 200: Envelope(Campaign) },
      },
    },
    async (request) => {
      const { campaignId } = request.params;
      const { before, after } = await campaigns.change(
        companyOf(request),
        campaignId,
        request.body,
        authorOf(request),
      );
      const changed = Object.keys(request.body).filter(
        (key) =>
          JSON.stringify(before[key as keyof typeof before]) !==
          JSON.stringify(after[key as keyof typeof after]),
      );
      await audit.record(auditActorOf(request), {
        action: 'campaign.update',
        targetType: 'campaign',
        targetId: campaignId,
        summary: `campaign ${after.promoCode} changed: ${changed.join(', ') || 'nothing'}`,
        before,
        after,
      });
      return ok(after);
    },
  );

  for (const [verb, active] of [
    ['pause', false],
    ['resume', true],
  ] as const)
    app.post(
      `/campaigns/:campaignId/${verb}`,
      {
        config: campaignChange,
        schema: {
          operationId: active ? 'resumeCampaign' : 'pauseCampaign',
          tags: campaignTags,
          summary: active
            ? 'Resumes a paused campaign: its code works again inside its window'
            : 'Pauses a campaign: its code is refused at once, until resumed',
          params: CampaignIdPath,
          response: { 200: Envelope(Campaign) },
        },
      },
      async (request) => {
        const { campaignId } = request.params;
        const after = await campaigns.setActive(companyOf(request), campaignId, active, authorOf(request));
        await audit.record(auditActorOf(request), {
          action: `campaign.${verb}`,
          targetType: 'campaign',
          targetId: campaignId,
          summary: `campaign ${after.promoCode} ${active ? 'resumed' : 'paused'}`,
          after: { active },
        });
        return ok(after);
      },
    );
};

const bundleTags = ['Plan bundles'];
const bundleRead = { permission: 'work.read', errors: ['PLAN_BUNDLE_NOT_FOUND' as const] };
const bundleChange = {
  permission: 'plans.write',
  errors: ['PLAN_BUNDLE_NOT_FOUND' as const, 'PLAN_BUNDLE_NAME_TAKEN' as const],
};

const pairText = (b: { electricPlan: { name: string }; gasPlan: { name: string } }) =>
  `${b.electricPlan.name} + ${b.gasPlan.name}`;

/** Plan bundles, an electricity and a gas plan sold together: read by every staff member, made by pricing staff. */
export const bundleOpsRoutes: FastifyPluginAsyncTypebox<{ bundles: Bundles; audit: AuditLog }> = async (
  app,
  { bundles, audit },
) => {
  const companyOf = (request: FastifyRequest) => staffOf(request).companyId;

  app.get(
    '/plan-bundles',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listPlanBundles',
        tags: bundleTags,
        summary:
          'The plan bundles by name, with their two plans, customer type, market and whether they sell today',
        response: { 200: Envelope(Type.Array(PlanBundleDetail, { maxItems: 100_000 })) },
      },
    },
    async (request) => ok(await bundles.list(companyOf(request))),
  );

  app.get(
    '/plan-bundles/:bundleId',
    {
      config: bundleRead,
      schema: {
        operationId: 'getPlanBundle',
        tags: bundleTags,
        summary: 'One plan bundle with its two plans, customer type, market and whether it sells today',
        params: PlanBundleIdPath,
        response: { 200: Envelope(PlanBundleDetail) },
      },
    },
    async (request) => ok(await bundles.bundle(companyOf(request), request.params.bundleId)),
  );

  app.post(
    '/plan-bundles',
    {
      config: { permission: 'plans.write', errors: ['PLAN_BUNDLE_NAME_TAKEN' as const] },
      schema: {
        operationId: 'createPlanBundle',
        tags: bundleTags,
        summary:
          'A new bundle of an Electric and a Gas plan of one customer type and market, its name unique in the company',
        body: PlanBundleCreate,
        response: { 200: Envelope(PlanBundleDetail) },
      },
    },
    async (request) => {
      const created = await bundles.create(companyOf(request), request.body);
      await audit.record(auditActorOf(request), {
        action: 'bundle.create',
        targetType: 'plan-bundle',
        targetId: created.id,
        summary: `bundle ${created.id} (${created.name}) made: ${pairText(created)}`,
        after: created,
      });
      return ok(created);
    },
  );

  app.patch(
    '/plan-bundles/:bundleId',
    {
      config: bundleChange,
      schema: {
        operationId: 'changePlanBundle',
        tags: bundleTags,
        summary: 'Changes a bundle’s name, description or plans, checked whole as a new bundle is',
        params: PlanBundleIdPath,
        body: PlanBundleChange,
        response: { 200: Envelope(PlanBundleDetail) },
      },
    },
    async (request) => {
      const { bundleId } = request.params;
      const { before, after } = await bundles.change(companyOf(request), bundleId, request.body);
      const changed = (['name', 'description', 'electricPlan', 'gasPlan'] as const).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      );
      await audit.record(auditActorOf(request), {
        action: 'bundle.change',
        targetType: 'plan-bundle',
        targetId: bundleId,
        summary: `bundle ${bundleId} (${after.name}) changed: ${changed.join(', ') || 'nothing'}; ${pairText(after)}`,
        before,
        after,
      });
      return ok(after);
    },
  );

  app.delete(
    '/plan-bundles/:bundleId',
    {
      config: { permission: 'plans.write', errors: ['PLAN_BUNDLE_NOT_FOUND' as const] },
      schema: {
        operationId: 'deletePlanBundle',
        tags: bundleTags,
        summary: 'Deletes a bundle: plan shopping offers it no more; its plans stay as they are',
        params: PlanBundleIdPath,
        response: { 200: Envelope(PlanBundleDetail) },
      },
    },
    async (request) => {
      const { bundleId } = request.params;
      const deleted = await bundles.remove(companyOf(request), bundleId);
      await audit.record(auditActorOf(request), {
        action: 'bundle.delete',
        targetType: 'plan-bundle',
        targetId: bundleId,
        summary: `bundle ${bundleId} (${deleted.name}) deleted: ${pairText(deleted)}`,
        before: deleted,
      });
      return ok(deleted);
    },
  );
};
