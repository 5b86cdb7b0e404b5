import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { FailureAlert } from '../../../components/ui/states';
import { useRecordMeterVerified } from '../api/record-meter-verified';
import { REASON_MAX, validateReason } from '../model';

interface MeterVerifiedModalProps {
  opened: boolean;
  item: { id: number; customerName: string; ldcAccount: string };
  onClose: () => void;
}

/** Records that the agent checked an unknown meter (ESIID) with the TDSP or on the bill: it leaves the queue. */
export function MeterVerifiedModal({ opened, item, onClose }: MeterVerifiedModalProps) {
  const verify = useRecordMeterVerified();
  const form = useForm({ initialValues: { reason: '' }, validate: { reason: validateReason } });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.reset();
    verify.reset();
  }, [opened, item.id]);

  const submit = form.onSubmit(({ reason }) => {
    verify.mutate(
      { id: item.id, reason: reason.trim() },
      {
        onSuccess: (outcome) => {
          notifications.show({
            color: 'teal',
            title: `Meter of enrollment ${outcome.id} verified`,
            message: `ESIID ${item.ldcAccount} left the unverified meters.`,
          });
          onClose();
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Mark meter verified" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Enrollment <strong>{item.id}</strong> · {item.customerName || 'Unnamed customer'} · ESIID{' '}
            <Text span ff="monospace" size="sm">
              {item.ldcAccount}
            </Text>
          </Text>
          <Text size="sm" c="dimmed">
            The ESIID was not in the ESIID data when the enrollment was accepted. Record how you confirmed the
            meter exists at the service address.
          </Text>
          <Textarea
            label="How you checked it"
            description="Kept in the enrollment's history and the audit log."
            placeholder="e.g. Oncor confirmed the meter by phone"
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            required
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <FailureAlert error={verify.error} title="Not recorded" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={verify.isPending}>
              Mark verified
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
