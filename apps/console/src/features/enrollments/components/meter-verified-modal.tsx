import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ActionDialog, ReasonField, useResetOnOpen } from '../../../components/ui/action-dialog';
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
  useResetOnOpen(opened, item.id, form.reset, verify.reset);

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
    <ActionDialog
      opened={opened}
      onClose={onClose}
      title="Mark meter verified"
      onSubmit={submit}
      error={verify.error}
      failureTitle="Not recorded"
      submitLabel="Mark verified"
      pending={verify.isPending}
    >
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
      <ReasonField
        label="How you checked it"
        description="Kept in the enrollment's history and the audit log."
        placeholder="e.g. Oncor confirmed the meter by phone"
        maxLength={REASON_MAX}
        inputProps={form.getInputProps('reason')}
      />
    </ActionDialog>
  );
}
