import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { auditActorOf, staffOf } from '../../http/staff-access.js';
import type { AuditLog } from '../audit/index.js';
import {
  CustomerHit,
  CustomerIdParams,
  CustomerProfile,
  RevealBody,
  Revealed,
  SearchQuery,
} from './ops-schemas.js';
import type { CustomerView, Revealable } from './service.js';

const tags = ['Customers'];
const LABELS: Record<Revealable, string> = { ssnLast4: 'SSN last four', dateOfBirth: 'date of birth' };

export const customerViewOpsRoutes: FastifyPluginAsyncTypebox<{
  customers: CustomerView;
  audit: AuditLog;
}> = async (app, { customers, audit }) => {
  app.get(
    '/customers/search',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'searchCustomers',
        tags,
        summary: 'Customers matching what was typed, at most 20, as one types',
        querystring: SearchQuery,
        response: { 200: Envelope(Type.Array(CustomerHit)) },
      },
    },
    async (request) => ok(await customers.search(staffOf(request).companyId, request.query.q)),
  );

  app.get(
    '/customers/:id',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'getCustomer',
        tags,
        summary: "A customer's profile (identity data masked) and enrollments",
        params: CustomerIdParams,
        response: { 200: Envelope(CustomerProfile) },
      },
    },
    async (request) => ok(await customers.profile(staffOf(request).companyId, request.params.id)),
  );

  app.post(
    '/customers/:id/reveal',
    {
      config: { permission: 'customers.reveal' },
      schema: {
        operationId: 'revealCustomerData',
        tags,
        summary: "Reveals one piece of a customer's identity data; each reveal is in the audit log",
        params: CustomerIdParams,
        body: RevealBody,
        response: { 200: Envelope(Revealed) },
      },
    },
    async (request) => {
      const field = request.body.field as Revealable;
      const value = await customers.reveal(staffOf(request).companyId, request.params.id, field);
      await audit.record(auditActorOf(request), {
        action: 'customer.reveal',
        targetType: 'customer',
        targetId: request.params.id,
        summary: `Revealed the ${LABELS[field]} of customer ${request.params.id}`,
      });
      return ok({ field, value });
    },
  );
};
