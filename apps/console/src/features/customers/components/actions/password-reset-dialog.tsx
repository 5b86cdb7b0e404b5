import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import type { ApiFailure } from '../../../../lib/api';
import { reworded, waitFor } from '../../actions';
import { useSendPasswordResetLink } from '../../api/send-password-reset-link';

/** The two refusals this action meets, said for the staff member. */
const WORDING = {
  CUSTOMER_HAS_NO_LOGIN:
    'This customer has no online account with an email address: there is no password to reset.',
  RATE_LIMITED: (failure: ApiFailure) =>
    `Five recovery emails have already gone to this login in the last hour. Try again ${waitFor(failure.retryAfterSeconds)}.`,
};

interface PasswordResetDialogProps {
  opened: boolean;
  customer: { id: number; name: string; userName: string | null };
  onClose: () => void;
}

/** Emails the customer the same one-time reset link they could ask for themselves; asked first. */
export function PasswordResetDialog({ opened, customer, onClose }: PasswordResetDialogProps) {
  const send = useSendPasswordResetLink();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh answer for each opening
  useEffect(() => {
    if (opened) send.reset();
  }, [opened, customer.id]);

  const confirm = () =>
    send.mutate(customer.id, {
      onSuccess: ({ sentTo }) => {
        notifications.show({
          color: 'teal',
          title: 'Password-reset link sent',
          message: `The link went to ${sentTo}. It can be used once.`,
        });
        onClose();
      },
    });

  return (
    <ConfirmDialog
      opened={opened}
      title="Send a password-reset link?"
      confirmLabel="Send link"
      loading={send.isPending}
      error={reworded(send.error, WORDING)}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text size="sm">
        <strong>{customer.name}</strong>
        {customer.userName ? (
          <>
            {' '}
            (login{' '}
            <Text span ff="monospace" size="sm">
              {customer.userName}
            </Text>
            )
          </>
        ) : null}{' '}
        is emailed a one-time link to choose a new password: the same link the customer can ask for
        themselves. Their current password keeps working until the link is used.
      </Text>
      <Text size="xs" c="dimmed">
        At most five recovery emails per login per hour. The link is recorded in the audit log under your
        name.
      </Text>
    </ConfirmDialog>
  );
}
