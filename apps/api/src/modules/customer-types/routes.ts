import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../../http/access.js';
import { Envelope, ok, PagedEnvelope, paged, pagingOf } from '../../http/envelope.js';
import { commaLists, Id } from '../../http/schemas.js';
import { CustomerType, CustomerTypesQuery } from './schemas.js';
import type { CustomerTypesService } from './service.js';

const tags = ['Reference data'];

export const customerTypeRoutes: FastifyPluginAsyncTypebox<{ customerTypes: CustomerTypesService }> = async (
  app,
  { customerTypes },
) => {
  app.get(
    '/customer-types',
    {
      preValidation: commaLists('utilitiesIds'),
      schema: {
        operationId: 'listCustomerTypes',
        tags,
        summary: 'Customer types, with the customer fields each one requires',
        querystring: CustomerTypesQuery,
        response: { 200: PagedEnvelope(CustomerType) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await customerTypes.page(
        callerOf(request).companyId,
        { utilityIds: request.query.utilitiesIds, customerTypeId: request.query.customerTypeId },
        paging,
      );
      return paged(items, total, paging);
    },
  );

  app.get(
    '/customer-types/:customerTypeId',
    {
      schema: {
        operationId: 'getCustomerType',
        tags,
        summary: 'One customer type',
        params: Type.Object({ customerTypeId: Id('id_customer_type') }),
        response: { 200: Envelope(CustomerType) },
      },
    },
    async (request) =>
      ok(await customerTypes.get(callerOf(request).companyId, request.params.customerTypeId)),
  );
};
