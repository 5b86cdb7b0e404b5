import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import type { AuditLog } from '../audit/index.js';
import {
  BrandChange,
  BrandCreation,
  BrandIdPath,
  BrandView,
  CompanySettingsChange,
  CompanySettingsView,
  ReferenceLists,
  UtilityDetail,
  UtilityIdPath,
  UtilitySettingsChange,
  UtilitySummary,
  ZipcodeChange,
  ZipcodeList,
} from './ops-schemas.js';
import type { CompanySetup } from './setup.js';
import type { UtilityMarket } from './utility-market.js';

const tags = ['Utilities'];
const read = { permission: 'work.read', errors: ['NOT_FOUND' as const] };
const change = { permission: 'plans.write', errors: ['NOT_FOUND' as const] };

/** Pricing staff's utilities: market settings and the zip codes served (Pricing and Administrators change; audited). */
export const utilityOpsRoutes: FastifyPluginAsyncTypebox<{ market: UtilityMarket; audit: AuditLog }> = async (
  app,
  { market, audit },
) => {
  const companyOf = (request: FastifyRequest) => staffOf(request).companyId;

  app.get(
    '/utilities',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'listUtilityMarkets',
        tags,
        summary: 'The company’s utilities (TDSPs and LDCs) with their zip codes, plans and ESIIDs counted',
        response: { 200: Envelope(Type.Array(UtilitySummary, { maxItems: 1000 })) },
      },
    },
    async (request) => ok(await market.list(companyOf(request))),
  );

  app.get(
    '/utilities/:utilityId',
    {
      config: read,
      schema: {
        operationId: 'getUtilityMarket',
        tags,
        summary: 'One utility with its market settings and the zip codes it serves',
        params: UtilityIdPath,
        response: { 200: Envelope(UtilityDetail) },
      },
    },
    async (request) => ok(await market.detail(companyOf(request), request.params.utilityId)),
  );

  app.patch(
    '/utilities/:utilityId',
    {
      config: change,
      schema: {
        operationId: 'changeUtilitySettings',
        tags,
        summary:
          'Changes a utility’s market settings (enrollments allowed, account number rules, switch types), checked together',
        params: UtilityIdPath,
        body: UtilitySettingsChange,
        response: { 200: Envelope(UtilityDetail) },
      },
    },
    async (request) => {
      const { utilityId } = request.params;
      const { before, after } = await market.changeSettings(companyOf(request), utilityId, request.body);
      const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      );
      await audit.record(auditActorOf(request), {
        action: 'utility.settings',
        targetType: 'utility',
        targetId: utilityId,
        summary: `settings of utility ${utilityId} changed: ${changed.join(', ') || 'nothing'}`,
        before,
        after,
      });
      return ok(await market.detail(companyOf(request), utilityId));
    },
  );

  app.post(
    '/utilities/:utilityId/zipcodes/preview',
    {
      config: change,
      schema: {
        operationId: 'previewUtilityZipcodes',
        tags,
        summary: 'What a new list of served zip codes adds and removes; nothing saved',
        params: UtilityIdPath,
        body: ZipcodeList,
        response: { 200: Envelope(ZipcodeChange) },
      },
    },
    async (request) =>
      ok(await market.previewZipcodes(companyOf(request), request.params.utilityId, request.body.zipcodes)),
  );

  app.put(
    '/utilities/:utilityId/zipcodes',
    {
      config: change,
      schema: {
        operationId: 'replaceUtilityZipcodes',
        tags,
        summary: 'Replaces the zip codes a utility serves; each must be a known zip code of its state',
        params: UtilityIdPath,
        body: ZipcodeList,
        response: { 200: Envelope(ZipcodeChange) },
      },
    },
    async (request) => {
      const { utilityId } = request.params;
      const result = await market.replaceZipcodes(companyOf(request), utilityId, request.body.zipcodes);
      await audit.record(auditActorOf(request), {
        action: 'utility.zipcodes',
        targetType: 'utility',
        targetId: utilityId,
        summary: `zip codes of utility ${utilityId}: ${result.added.length} added, ${result.removed.length} removed, ${result.unchanged} kept`,
        before: { removed: result.removed },
        after: { added: result.added },
      });
      return ok(result);
    },
  );
};

const setupTags = ['Company set-up'];
const configure = { permission: 'company.configure', errors: ['NOT_FOUND' as const] };
const configureRead = { permission: 'company.configure' };

/**
 * Administrators' company set-up: settings with their meanings and brands, checked by the company file's schemas
 * (the file stays the bulk path); each change audited, and refused (409) when someone saved since it was read.
 */
export const companySetupOpsRoutes: FastifyPluginAsyncTypebox<{
  setup: CompanySetup;
  audit: AuditLog;
}> = async (app, { setup, audit }) => {
  const companyOf = (request: FastifyRequest) => staffOf(request).companyId;

  app.get(
    '/company-setup/settings',
    {
      config: configure,
      schema: {
        operationId: 'getCompanySettings',
        tags: setupTags,
        summary: 'The company’s settings, each with its meaning and allowed values, and the version read',
        response: { 200: Envelope(CompanySettingsView) },
      },
    },
    async (request) => ok(await setup.settings(companyOf(request))),
  );

  app.patch(
    '/company-setup/settings',
    {
      config: { ...configure, errors: [...configure.errors, 'COMPANY_SETUP_CHANGED'] },
      schema: {
        operationId: 'changeCompanySettings',
        tags: setupTags,
        summary: 'Changes some of the company’s settings, checked as the company file checks them',
        description:
          'Payments, hosted payment pages and credit checks read these settings at each call: the change holds from ' +
          'the next one. 409 `COMPANY_SETUP_CHANGED` when someone saved the settings since `version` was read.',
        body: CompanySettingsChange,
        response: { 200: Envelope(CompanySettingsView) },
      },
    },
    async (request) => {
      const companyId = companyOf(request);
      const { before, after, changed } = await setup.changeSettings(companyId, request.body);
      await audit.record(auditActorOf(request), {
        action: 'company.settings',
        targetType: 'company',
        targetId: companyId,
        summary: `company settings changed: ${changed.join(', ') || 'nothing'}`,
        before: pick(before, changed),
        after: pick(after.values, changed),
      });
      return ok(after);
    },
  );

  app.get(
    '/company-setup/brands',
    {
      config: configureRead,
      schema: {
        operationId: 'listCompanyBrands',
        tags: setupTags,
        summary: 'The company’s brands, active and inactive, as set up',
        response: { 200: Envelope(Type.Array(BrandView, { maxItems: 1000 })) },
      },
    },
    async (request) => ok(await setup.brands(companyOf(request))),
  );

  app.post(
    '/company-setup/brands',
    {
      config: { permission: 'company.configure', errors: ['BRAND_SYSTEM_NAME_TAKEN' as const] },
      schema: {
        operationId: 'createCompanyBrand',
        tags: setupTags,
        summary: 'Adds a brand (a site the company sells under), checked as the company file checks one',
        body: BrandCreation,
        response: { 200: Envelope(BrandView) },
      },
    },
    async (request) => {
      const brand = await setup.createBrand(companyOf(request), request.body);
      await audit.record(auditActorOf(request), {
        action: 'brand.create',
        targetType: 'brand',
        targetId: brand.id,
        summary: `brand ${brand.system_name} created`,
        after: brand,
      });
      return ok(brand);
    },
  );

  app.patch(
    '/company-setup/brands/:brandId',
    {
      config: { ...configure, errors: [...configure.errors, 'COMPANY_SETUP_CHANGED'] },
      schema: {
        operationId: 'changeCompanyBrand',
        tags: setupTags,
        summary: 'Changes a brand; its sites show the change at their next visit',
        description: '409 `COMPANY_SETUP_CHANGED` when someone saved the brand since `version` was read.',
        params: BrandIdPath,
        body: BrandChange,
        response: { 200: Envelope(BrandView) },
      },
    },
    async (request) => {
      const { brandId } = request.params;
      const { before, after, changed } = await setup.changeBrand(companyOf(request), brandId, request.body);
      await audit.record(auditActorOf(request), {
        action: 'brand.change',
        targetType: 'brand',
        targetId: brandId,
        summary: `brand ${after.system_name} changed: ${changed.join(', ') || 'nothing'}`,
        before: pick(before, changed),
        after: pick(after, changed),
      });
      return ok(after);
    },
  );

  app.get(
    '/company-setup/reference-lists',
    {
      config: configureRead,
      schema: {
        operationId: 'getCompanyReferenceLists',
        tags: setupTags,
        summary:
          'The company’s customer types and the installation’s languages and contact methods (read only)',
        response: { 200: Envelope(ReferenceLists) },
      },
    },
    async (request) => ok(await setup.referenceLists(companyOf(request))),
  );
};

/** The named fields of a record, for an audit entry that shows only what changed. */
const pick = <T extends object>(record: T, keys: string[]) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key)));
