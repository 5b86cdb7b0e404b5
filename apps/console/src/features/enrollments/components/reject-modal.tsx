import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ActionDialog, ReasonField, useResetOnOpen } from '../../../components/ui/action-dialog';
import { useRejectEnrollment } from '../api/reject-enrollment';
import { type EnrollmentSubject, REASON_MAX, validateReason } from '../model';
import { SubjectLine } from './subject-line';

interface RejectModalProps {
  opened: boolean;
  item: EnrollmentSubject;
  onClose: () => void;
}

/** Rejects an enrollment before service starts: it is cancelled, with the reason in its history. */
export function RejectModal({ opened, item, onClose }: RejectModalProps) {
  const reject = useRejectEnrollment();
  const form = useForm({ initialValues: { reason: '' }, validate: { reason: validateReason } });
  useResetOnOpen(opened, item.id, form.reset, reject.reset);

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
    <ActionDialog
      opened={opened}
      onClose={onClose}
      title="Reject enrollment"
      onSubmit={submit}
      error={reject.error}
      failureTitle="Not rejected"
      submitLabel="Reject enrollment"
      submitColor="red"
      pending={reject.isPending}
    >
      <SubjectLine id={item.id} status={item.status}>
        {item.customerName || 'Unnamed customer'}
      </SubjectLine>
      <Text size="sm" c="dimmed">
        The enrollment is cancelled before service starts. This cannot be undone from the console.
      </Text>
      <ReasonField
        description="Kept in the enrollment's history and the audit log."
        placeholder="e.g. Customer asked to cancel"
        maxLength={REASON_MAX}
        inputProps={form.getInputProps('reason')}
      />
    </ActionDialog>
  );
}
