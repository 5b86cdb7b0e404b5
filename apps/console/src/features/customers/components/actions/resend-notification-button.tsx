import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { messageOf } from '../../../../lib/api';
import { useResendNotification } from '../../api/resend-notification';

interface ResendNotificationButtonProps {
  notification: { id_notification: number; messages: { subject: string } };
}

/** "Send again": a copy of the notification, unread and dated now, in the customer's account. */
export function ResendNotificationButton({ notification }: ResendNotificationButtonProps) {
  const resend = useResendNotification();
  const subject = notification.messages.subject;
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      leftSection={<IconSend size={14} stroke={1.7} aria-hidden />}
      loading={resend.isPending}
      aria-label={`Send again: ${subject}`}
      onClick={() =>
        resend.mutate(notification.id_notification, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              title: 'Notification sent again',
              message: `“${subject}” is in the customer's account again, unread.`,
            }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Notification not sent again',
              message: messageOf(error),
            }),
        })
      }
    >
      Send again
    </Button>
  );
}
