import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { QueryState } from '../../components/query-state';
import { api, dataOf } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { dateTime } from '../../lib/format';
import { AccountLayout } from './account-layout';
import { accountKeys, type Notification, notificationsQuery } from './queries';
import './messages';

const PRIORITY_COLORS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'gray' };

function NotificationCard({ customerId, notification }: { customerId: number; notification: Notification }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const markRead = useMutation({
    mutationFn: async () =>
      dataOf(
        await api.PUT('/api/v1/notifications/{notificationId}/read', {
          params: { path: { notificationId: notification.id_notification } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.notifications(customerId) }),
  });
  const titleId = `notification-${notification.id_notification}`;
  const unread = notification.read_date === null;
  const priority = notification.messages.display_priority;
  return (
    <Paper
      withBorder
      p="md"
      component="article"
      aria-labelledby={titleId}
      bg={unread ? 'brand.0' : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {notification.messages.subject}
          </Title>
          <Group gap={4}>
            {unread && <Badge>{t('notifications.new')}</Badge>}
            <Badge variant="dot" color={PRIORITY_COLORS[priority] ?? 'gray'}>
              {t(`notifications.priority.${priority}`, { defaultValue: '' })}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {dateTime(notification.sent_date)}
        </Text>
        <Text style={{ whiteSpace: 'pre-line' }}>{notification.messages.message}</Text>
        {markRead.isError && (
          <Text c="red.9" size="sm" role="alert">
            {messageOf(markRead.error)}
          </Text>
        )}
        {unread && (
          <Group>
            <Button
              variant="light"
              size="compact-md"
              loading={markRead.isPending}
              onClick={() => markRead.mutate()}
              aria-describedby={titleId}
            >
              {t('notifications.markRead')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The customer's notifications, unread ones by default (the filter is in the address), each marked read here. */
export default function Notifications({ customerId }: { customerId: number }) {
  const { t } = useTranslation('account');
  const [params, setParams] = useSearchParams();
  const showAll = params.get('show') === 'all';
  const notifications = useQuery(notificationsQuery(customerId, !showAll));
  return (
    <AccountLayout title={t('notifications.title')}>
      <SegmentedControl
        aria-label={t('notifications.show')}
        w="fit-content"
        value={showAll ? 'all' : 'unread'}
        onChange={(value) => setParams(value === 'all' ? { show: 'all' } : {}, { replace: true })}
        data={[
          { value: 'unread', label: t('notifications.unread') },
          { value: 'all', label: t('notifications.all') },
        ]}
      />
      <QueryState query={notifications}>
        {(list) =>
          list.length === 0 ? (
            <Text>{showAll ? t('notifications.none') : t('notifications.noneUnread')}</Text>
          ) : (
            <Stack gap="sm">
              {list.map((notification) => (
                <NotificationCard
                  key={notification.id_notification}
                  customerId={customerId}
                  notification={notification}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </AccountLayout>
  );
}
