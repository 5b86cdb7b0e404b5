import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconMailOpened } from '@tabler/icons-react';
import { NotificationMessage, PriorityBadge } from '../../../components/ui/notification-parts';
import { formatDateTime, humanize } from '../../../lib/format';
import type { EnrollmentNotification } from '../api/get-enrollment-page';
import { NothingYet, Section } from './section';
import { When } from './timeline-section';

/** What the customer was told about this enrollment in their account, newest first, and whether they read it. */
export function NotificationsSection({ notifications }: { notifications: EnrollmentNotification[] }) {
  const unread = notifications.filter((n) => n.read_date === null).length;
  return (
    <Section
      title="Notifications"
      count={notifications.length}
      description={
        notifications.length > 0
          ? `What the customer was told about this enrollment, newest first; ${unread === 0 ? 'all read' : `${unread} unread`}.`
          : undefined
      }
    >
      {notifications.length === 0 ? (
        <NothingYet>The customer has not been notified about this enrollment.</NothingYet>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {notifications.map((notification) => {
            const read = notification.read_date;
            const Icon = read ? IconMailOpened : IconMail;
            return (
              <li key={notification.id_notification}>
                <Group gap={8} wrap="nowrap" align="flex-start">
                  <Icon
                    size={16}
                    stroke={1.7}
                    aria-hidden
                    style={{ flex: 'none', marginTop: 3 }}
                    color={read ? 'var(--mantine-color-dimmed)' : 'var(--mantine-color-indigo-light-color)'}
                  />
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" fw={read ? 500 : 600} style={{ overflowWrap: 'anywhere' }}>
                        {notification.messages.subject}
                      </Text>
                      <PriorityBadge priority={notification.messages.display_priority} />
                      <Badge
                        size="sm"
                        variant={read ? 'default' : 'light'}
                        color={read ? 'gray' : 'indigo'}
                        radius="sm"
                        tt="none"
                        title={read ? `Read ${formatDateTime(read)}` : undefined}
                      >
                        {read ? 'Read' : 'Unread'}
                      </Badge>
                    </Group>
                    <NotificationMessage message={notification.messages.message} />
                    <Group gap={6} wrap="wrap">
                      <Text size="xs" c="dimmed">
                        Sent
                      </Text>
                      <When at={notification.sent_date} />
                      {read && (
                        <Text size="xs" c="dimmed">
                          · read {formatDateTime(read)}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        · {humanize(notification.kind)}
                      </Text>
                    </Group>
                  </Stack>
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}
