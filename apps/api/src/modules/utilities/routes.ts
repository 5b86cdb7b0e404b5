import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { StampedCache } from '../../db/change-stamps.js';
import { callerOf } from '../../http/access.js';
import { replyFromCatalog } from '../../http/catalog-cache.js';
import { Envelope, ok } from '../../http/envelope.js';
import { UtilitiesQuery, Utility, UtilityInformation, UtilityInformationQuery } from './schemas.js';
import type { UtilitiesService } from './service.js';

const tags = ['Utilities'];

export const utilityRoutes: FastifyPluginAsyncTypebox<{
  utilities: UtilitiesService;
  catalog: StampedCache;
}> = async (app, { utilities, catalog }) => {
  app.get(
    '/utilities',
    {
      schema: {
        operationId: 'listUtilities',
        tags,
        summary: 'Utilities (TDSPs and LDCs) of the retail company, by zip code and customer type',
        description:
          'The first step of an enrollment wizard: which utilities serve a zip code, with their delivery charges, ' +
          'LDC number rules and the customer types they serve.',
        querystring: UtilitiesQuery,
        response: { 200: Envelope(Type.Array(Utility)) },
      },
    },
    (request, reply) =>
      replyFromCatalog(catalog, request, reply, async () => {
        const q = request.query;
        const filter = {
          utilityId: q.id_utility,
          zipCode: q.zipCode,
          customerTypeId: q.id_customer_type,
          active: q.active,
          allowEnrollments: q.allow_enrollments,
          hasAvailablePlans: q.has_available_plans,
        };
        return ok(await utilities.list(callerOf(request).companyId, filter, q.include_zipcodes ?? false));
      }),
  );

  app.get(
    '/utilities/utility-information',
    {
      schema: {
        operationId: 'getUtilityInformation',
        tags,
        summary: 'How to ask a customer for their LDC number at this utility, and its switch types',
        querystring: UtilityInformationQuery,
        response: { 200: Envelope(UtilityInformation) },
      },
    },
    (request, reply) =>
      replyFromCatalog(catalog, request, reply, async () =>
        ok(await utilities.information(callerOf(request).companyId, request.query.utilityId)),
      ),
  );
};
