import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { staffOf } from '../../http/staff-access.js';
import { Dashboard } from './ops-schemas.js';
import type { DashboardService } from './service.js';

const tags = ['Dashboard'];

/** The console's home: what happened today and what waits, for anyone who may see the work. */
export const dashboardOpsRoutes: FastifyPluginAsyncTypebox<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/dashboard',
    {
      config: { permission: 'work.read' },
      schema: {
        operationId: 'getDashboard',
        tags,
        summary:
          "Today's enrollments, submissions and declines, the holds by age, and 14 days of enrollments created and submitted",
        response: { 200: Envelope(Dashboard) },
      },
    },
    async (request) => ok(await dashboard.today(staffOf(request).companyId)),
  );
};
