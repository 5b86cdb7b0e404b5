import { Anchor, Modal, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect } from 'react';
import { DialogFooter } from '../../../components/ui/action-dialog';
import { apiHref } from '../../../lib/api';
import { type LetterDecision, useReviewCreditLetter } from '../api/review-credit-letter';
import { type LetterSubject, REASON_MAX, validateReason } from '../model';

interface CreditLetterReviewModalProps {
  opened: boolean;
  letter: LetterSubject;
  decision: LetterDecision;
  onClose: () => void;
  /** After the decision is recorded (the viewer closes too). */
  onDone?: () => void;
}

/** Approves a letter of credit (it covers the deposit) or rejects it, with the reason kept in the audit log. */
export function CreditLetterReviewModal(props: CreditLetterReviewModalProps) {
  const { opened, letter, decision, onClose, onDone } = props;
  const review = useReviewCreditLetter();
  const form = useForm({ initialValues: { reason: '' }, validate: { reason: validateReason } });
  const approve = decision === 'approve';

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.reset();
    review.reset();
  }, [opened, letter.id, decision]);

  const submit = form.onSubmit(({ reason }) => {
    review.mutate(
      { id: letter.id, decision, reason: reason.trim() },
      {
        onSuccess: (outcome) => {
          notifications.show({
            color: 'teal',
            title: `Letter of credit ${approve ? 'approved' : 'rejected'}`,
            message: approve
              ? `It covers the deposit of enrollment ${outcome.enrollmentId}, which moves on.`
              : `Enrollment ${outcome.enrollmentId} waits for another letter.`,
          });
          onClose();
          onDone?.();
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={approve ? 'Approve letter of credit' : 'Reject letter of credit'}
      size="md"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Enrollment <strong>{letter.enrollmentId}</strong>
            {letter.customerName ? ` · ${letter.customerName}` : ''} ·{' '}
            <Anchor
              href={apiHref('/credit-letters/{id}/file', { id: letter.id })}
              target="_blank"
              rel="noopener"
              size="sm"
            >
              {letter.fileName}
              <IconExternalLink size={13} style={{ marginLeft: 3, verticalAlign: -1 }} aria-hidden />
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Anchor>
          </Text>
          <Text size="sm" c="dimmed">
            {approve
              ? 'The letter covers the deposit: the enrollment is decided again and moves on.'
              : 'The customer is told the letter was not accepted and may upload another.'}
          </Text>
          <Textarea
            label="Reason"
            description="Kept in the audit log."
            placeholder={approve ? 'e.g. Bank confirmed the letter by phone' : 'e.g. The letter has expired'}
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            required
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <DialogFooter
            error={review.error}
            failureTitle={approve ? 'Not approved' : 'Not rejected'}
            onCancel={onClose}
            submitLabel={approve ? 'Approve letter' : 'Reject letter'}
            submitColor={approve ? undefined : 'red'}
            pending={review.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
