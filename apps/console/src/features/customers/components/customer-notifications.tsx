import { Badge, Group, Text } from '@mantine/core';
import { NotificationMessage, PriorityBadge } from '../../../components/ui/notification-parts';
import { useCan } from '../../../lib/auth';
import { formatDateTime, humanize } from '../../../lib/format';
import type { CustomerProfile } from '../api/get-customer';
import { ResendNotificationButton } from './actions/resend-notification-button';
import classes from './customers.module.css';
import { Section, useFirst } from './section';
import { EnrollmentAnchor } from './section-table';

type Notification = CustomerProfile['notifications'][number];

/** What the customer was told in their account (status changes, payments, statements), newest first. */
export function CustomerNotifications({ notifications }: { notifications: Notification[] }) {
  const canAct = useCan('customers.act');
  const { shown, more } = useFirst(notifications, 5);
  return (
    <Section
      id="customer-notifications"
      title="Notifications"
      count={notifications.length}
      description="What the customer was told in their account, newest first (the newest 50)."
    >
      {notifications.length === 0 ? (
        <Text className={classes.empty}>No notification has been sent to this customer.</Text>
      ) : (
        <ol className={classes.timeline}>
          {shown.map((notification) => {
            const enrollmentId = notification.id_enrollment;
            return (
              <li key={notification.id_notification}>
                <Group gap={6} wrap="wrap" align="center">
                  <Text size="sm" fw={500}>
                    {notification.messages.subject}
                  </Text>
                  <PriorityBadge priority={notification.messages.display_priority} />
                  <Badge
                    size="sm"
                    variant={notification.read_date ? 'transparent' : 'light'}
                    color={notification.read_date ? 'gray' : 'indigo'}
                    radius="sm"
                    tt="none"
                    px={notification.read_date ? 0 : undefined}
                  >
                    {notification.read_date ? `Read ${formatDateTime(notification.read_date)}` : 'Unread'}
                  </Badge>
                </Group>
                <NotificationMessage message={notification.messages.message} />
                <Group gap={8} mt={2} wrap="wrap">
                  <Text size="xs" c="dimmed" component="time" dateTime={notification.sent_date}>
                    {formatDateTime(notification.sent_date)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {humanize(notification.kind)}
                  </Text>
                  {enrollmentId !== null && <EnrollmentAnchor id={enrollmentId} />}
                  {canAct && (
                    <span style={{ marginInlineStart: 'auto' }}>
                      <ResendNotificationButton notification={notification} />
                    </span>
                  )}
                </Group>
              </li>
            );
          })}
        </ol>
      )}
      {more}
    </Section>
  );
}
