import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import type { AuditLog } from '../audit/index.js';
import {
  UtilityDetail,
  UtilityIdPath,
  UtilitySettingsChange,
  UtilitySummary,
  ZipcodeChange,
  ZipcodeList,
} from './ops-schemas.js';
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
