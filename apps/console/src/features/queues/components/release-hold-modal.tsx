import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { FailureAlert } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useCan } from '../../../lib/auth';
import { formatMoney, humanize } from '../../../lib/format';
import type { QueueItem } from '../api/get-queue-enrollments';
import { useReleaseHold } from '../api/release-hold';
import { isDepositHeld } from '../model';

const REASON_MIN = 3;
const REASON_MAX = 500;

export const validateReason = (value: string) => {
  const reason = value.trim();
  if (reason.length < REASON_MIN) return 'Say why, in a few words: it is kept in the status history.';
  if (reason.length > REASON_MAX) return `At most ${REASON_MAX} characters.`;
  return null;
};

interface ReleaseHoldModalProps {
  item: QueueItem | null;
  onClose: () => void;
}

/** Releases a hold the agent vouches for; the deposit can be waived by those allowed to. */
export function ReleaseHoldModal({ item, onClose }: ReleaseHoldModalProps) {
  const canWaive = useCan('deposits.waive');
  const release = useReleaseHold();
  const form = useForm({
    initialValues: { reason: '', waiveDeposit: false },
    validate: { reason: validateReason },
  });

  // A new row starts a clean form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another enrollment is opened
  useEffect(() => {
    form.reset();
    release.reset();
  }, [item?.id]);

  const showWaive = canWaive && item !== null && isDepositHeld(item.depositStatus);

  const submit = form.onSubmit(({ reason, waiveDeposit }) => {
    if (!item) return;
    release.mutate(
      { id: item.id, reason: reason.trim(), ...(showWaive && waiveDeposit ? { waiveDeposit: true } : {}) },
      {
        onSuccess: (outcome) => {
          notifications.show({
            color: 'teal',
            title: `Enrollment ${outcome.id} released`,
            message: `Now ${humanize(outcome.status).toLowerCase()}.`,
          });
          onClose();
        },
      },
    );
  });

  return (
    <Modal opened={item !== null} onClose={onClose} title="Release hold" size="md">
      {item && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group gap="xs" wrap="wrap">
              <Text size="sm">
                Enrollment <strong>{item.id}</strong> · {item.customerName || 'Unnamed customer'}
              </Text>
              <StatusBadge status={item.status} />
            </Group>
            {item.reviewReasons.length > 0 && (
              <Text size="sm" c="dimmed">
                Held for: {item.reviewReasons.join('; ')}
              </Text>
            )}
            <Textarea
              label="Reason"
              description="Why you vouch for it; kept in the enrollment's history and the audit log."
              placeholder="e.g. Identity confirmed by phone with the customer"
              autosize
              minRows={3}
              maxLength={REASON_MAX}
              required
              data-autofocus
              {...form.getInputProps('reason')}
            />
            {showWaive && (
              <Checkbox
                label={`Waive the deposit (${formatMoney(item.deposit)})`}
                description="The customer will not be asked to pay it."
                {...form.getInputProps('waiveDeposit', { type: 'checkbox' })}
              />
            )}
            <FailureAlert error={release.error} title="Not released" />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={release.isPending}>
                Release hold
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
