import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PagedEnvelope, paged, pagingOf } from '../../http/envelope.js';
import { staffOf } from '../../http/staff-access.js';
import { AuditEntry, AuditQuery } from './schemas.js';
import type { AuditLog } from './service.js';

export const auditRoutes: FastifyPluginAsyncTypebox<{ audit: AuditLog }> = async (app, { audit }) => {
  app.get(
    '/audit-log',
    {
      config: { permission: 'audit.read' },
      schema: {
        operationId: 'searchAuditLog',
        tags: ['Audit log'],
        summary: 'Changes made through the console, newest first',
        querystring: AuditQuery,
        response: { 200: PagedEnvelope(AuditEntry) },
      },
    },
    async (request) => {
      const { pageNumber, pageSize, ...filter } = request.query;
      const paging = pagingOf({ pageNumber, pageSize });
      const { items, total } = await audit.search(staffOf(request).companyId, filter, paging);
      return paged(items, total, paging);
    },
  );
};
