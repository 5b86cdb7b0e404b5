import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { assertOwnCustomer, callerOf } from '../../http/access.js';
import { Envelope, ok } from '../../http/envelope.js';
import { CustomerIdParams, Notification, NotificationIdParams, NotificationsQuery } from './schemas.js';
import type { NotificationsService } from './service.js';

const tags = ['Notifications'];

export const notificationRoutes: FastifyPluginAsyncTypebox<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/notifications/by-customer/:customerId',
    {
      config: { access: 'customer' },
      schema: {
        operationId: 'listNotificationsByCustomer',
        tags,
        summary: "The customer's notifications, newest first",
        description:
          'Created by events: enrollment status changes a customer sees, payments received or declined, and each new ' +
          'statement. unreadOnly=true leaves out those marked read.',
        params: CustomerIdParams,
        querystring: NotificationsQuery,
        response: { 200: Envelope(Type.Array(Notification)) },
      },
    },
    async (request) =>
      ok(
        await notifications.byCustomer(
          callerOf(request).companyId,
          request.params.customerId,
          request.query.unreadOnly ?? false,
        ),
      ),
  );

  app.put(
    '/notifications/:notificationId/read',
    {
      config: { access: 'customer' },
      schema: {
        operationId: 'markNotificationRead',
        tags,
        summary: 'Mark a notification read',
        description: "Marking it again keeps the first read_date. Another customer's notification is 403.",
        params: NotificationIdParams,
        response: { 200: Envelope(Notification) },
      },
    },
    async (request) => {
      const companyId = callerOf(request).companyId;
      assertOwnCustomer(request, await notifications.owner(companyId, request.params.notificationId));
      return ok(await notifications.markRead(companyId, request.params.notificationId));
    },
  );
};
