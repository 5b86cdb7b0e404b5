import { Checkbox, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ActionDialog, ReasonField, useResetOnOpen } from '../../../components/ui/action-dialog';
import { useCan } from '../../../lib/auth';
import { formatMoney, humanize } from '../../../lib/format';
import { useReleaseHold } from '../api/release-hold';
import { type EnrollmentSubject, isDepositHeld, REASON_MAX, validateReason } from '../model';
import { SubjectLine } from './subject-line';

interface ReleaseHoldModalProps {
  opened: boolean;
  item: EnrollmentSubject;
  onClose: () => void;
}

/** Releases a hold the agent vouches for; the deposit can be waived by those allowed to. */
export function ReleaseHoldModal({ opened, item, onClose }: ReleaseHoldModalProps) {
  const canWaive = useCan('deposits.waive');
  const release = useReleaseHold();
  const form = useForm({
    initialValues: { reason: '', waiveDeposit: false },
    validate: { reason: validateReason },
  });

  // Each opening starts a clean form.
  useResetOnOpen(opened, item.id, form.reset, release.reset);

  const showWaive = canWaive && isDepositHeld(item.depositStatus);

  const submit = form.onSubmit(({ reason, waiveDeposit }) => {
    release.mutate(
      { id: item.id, reason: reason.trim(), ...(showWaive && waiveDeposit ? { waiveDeposit: true } : {}) },
      {
        onSuccess: (outcome) => {
          const stillHeld = outcome.status === item.status;
          notifications.show(
            stillHeld
              ? {
                  color: 'yellow',
                  title: `Enrollment ${outcome.id} is still on hold`,
                  message: `The hold was checked again and stands: ${humanize(outcome.status).toLowerCase()}.`,
                }
              : {
                  color: 'teal',
                  title: `Enrollment ${outcome.id} released`,
                  message: `Now ${humanize(outcome.status).toLowerCase()}.`,
                },
          );
          onClose();
        },
      },
    );
  });

  return (
    <ActionDialog
      opened={opened}
      onClose={onClose}
      title="Release hold"
      onSubmit={submit}
      error={release.error}
      failureTitle="Not released"
      submitLabel="Release hold"
      pending={release.isPending}
    >
      <SubjectLine id={item.id} status={item.status}>
        {item.customerName || 'Unnamed customer'}
      </SubjectLine>
      {item.reviewReasons.length > 0 && (
        <Text size="sm" c="dimmed">
          Held for: {item.reviewReasons.join('; ')}
        </Text>
      )}
      <ReasonField
        description="Why you vouch for it; kept in the enrollment's history and the audit log."
        placeholder="e.g. Identity confirmed by phone with the customer"
        maxLength={REASON_MAX}
        inputProps={form.getInputProps('reason')}
      />
      {isDepositHeld(item.depositStatus) && !(showWaive && form.values.waiveDeposit) && (
        <Text size="xs" c="dimmed">
          A {formatMoney(item.deposit)} deposit is still owed: unless it is waived, the enrollment stays on
          hold until it is paid.
        </Text>
      )}
      {showWaive && (
        <Checkbox
          label={`Waive the deposit (${formatMoney(item.deposit)})`}
          description="The customer will not be asked to pay it."
          {...form.getInputProps('waiveDeposit', { type: 'checkbox' })}
        />
      )}
    </ActionDialog>
  );
}
