import { Type } from 'typebox';
import { Id, Nullable } from '../../http/schemas.js';

export const CustomerIdParams = Type.Object({ customerId: Id('The customer (id_customer).') });
export const NotificationIdParams = Type.Object({
  notificationId: Id('The notification (id_notification).'),
});

export const NotificationsQuery = Type.Object({
  unreadOnly: Type.Optional(
    Type.Boolean({ default: false, description: 'true: only notifications not marked read yet.' }),
  ),
});

export const Notification = Type.Object(
  {
    id_notification: Type.Integer(),
    id_customer: Type.Integer(),
    id_enrollment: Nullable(Type.Integer({ description: 'The enrollment the notification is about.' })),
    id_message: Type.Integer({
      description:
        'The message template: 101–114 enrollment status changes, 201 payment received, 202 payment failed, 301 statement ready, 401 autoresponder email sent.',
    }),
    kind: Type.String({
      description: 'The template name, e.g. enrollment-active, payment-received, statement-ready.',
    }),
    sent_date: Type.String({ format: 'date-time', description: 'When the notification was created.' }),
    read_date: Nullable(
      Type.String({
        format: 'date-time',
        description: 'When the customer first marked it read; null while unread.',
      }),
    ),
    messages: Type.Object({
      subject: Type.String(),
      message: Type.String({
        description: "In the customer's preferred language when it was sent (English or Spanish).",
      }),
      display_priority: Type.Integer({ description: '1 action needed, 2 important, 3 for information.' }),
    }),
  },
  { title: 'Notification' },
);
