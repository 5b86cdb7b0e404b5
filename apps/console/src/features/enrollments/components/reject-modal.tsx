import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { FailureAlert } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useRejectEnrollment } from '../api/reject-enrollment';
import { type EnrollmentSubject, REASON_MAX, validateReason } from '../model';

interface RejectModalProps {
  opened: boolean;
  item: EnrollmentSubject;
  onClose: () => void;
}

/** Rejects an enrollment before service starts: it is cancelled, with the reason in its history. */
export function RejectModal({ opened, item, onClose }: RejectModalProps) {
  const reject = useRejectEnrollment();
  const form = useForm({ initialValues: { reason: '' }, validate: { reason: validateReason } });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.reset();
    reject.reset();
  }, [opened, item.id]);

  const submit = form.onSubmit(({ reason }) => {
    reject.mutate(
      { id: item.id, reason: reason.trim() },
      {
        onSuccess: (outcome) => {
          notifications.show({
            color: 'teal',
            title: `Enrollment ${outcome.id} rejected`,
            message: 'It is cancelled; the customer will not be switched.',
          });
          onClose();
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Reject enrollment" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">
              Enrollment <strong>{item.id}</strong> · {item.customerName || 'Unnamed customer'}
            </Text>
            <StatusBadge status={item.status} />
          </Group>
          <Text size="sm" c="dimmed">
            The enrollment is cancelled before service starts. This cannot be undone from the console.
          </Text>
          <Textarea
            label="Reason"
            description="Kept in the enrollment's history and the audit log."
            placeholder="e.g. Customer asked to cancel"
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            required
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <FailureAlert error={reject.error} title="Not rejected" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              Reject enrollment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
