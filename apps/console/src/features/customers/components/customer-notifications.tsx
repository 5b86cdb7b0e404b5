import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCan } from '../../../lib/auth';
import { formatDateTime, humanize } from '../../../lib/format';
import type { CustomerProfile } from '../api/get-customer';
import { ResendNotificationButton } from './actions/resend-notification-button';
import classes from './customers.module.css';
import { Section, useFirst } from './section';

type Notification = CustomerProfile['notifications'][number];

const PRIORITY: Record<number, { label: string; color: string }> = {
  1: { label: 'Action needed', color: 'orange' },
  2: { label: 'Important', color: 'indigo' },
};

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
            const priority = PRIORITY[notification.messages.display_priority];
            const enrollmentId = notification.id_enrollment;
            return (
              <li key={notification.id_notification}>
                <Group gap={6} wrap="wrap" align="center">
                  <Text size="sm" fw={500}>
                    {notification.messages.subject}
                  </Text>
                  {priority && (
                    <Badge size="sm" variant="light" color={priority.color} radius="sm" tt="none">
                      {priority.label}
                    </Badge>
                  )}
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
                <Text size="sm" c="dimmed" lineClamp={2} title={notification.messages.message}>
                  {notification.messages.message}
                </Text>
                <Group gap={8} mt={2} wrap="wrap">
                  <Text size="xs" c="dimmed" component="time" dateTime={notification.sent_date}>
                    {formatDateTime(notification.sent_date)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {humanize(notification.kind)}
                  </Text>
                  {enrollmentId !== null && (
                    <Anchor
                      size="xs"
                      renderRoot={(props) => (
                        <Link {...props} to="/enrollments/$id" params={{ id: enrollmentId }} />
                      )}
                    >
                      Enrollment {enrollmentId}
                    </Anchor>
                  )}
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
