import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconExternalLink, IconX } from '@tabler/icons-react';
import { apiHref } from '../../../lib/api';
import { useCan } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import type { LetterDecision } from '../api/review-credit-letter';
import type { LetterSubject } from '../model';
import classes from './enrollments.module.css';

interface CreditLetterViewerProps {
  opened: boolean;
  letter: LetterSubject & { uploadedAt?: string };
  /** Offered while the letter waits for review, to the roles that may decide. */
  reviewable: boolean;
  onDecide: (decision: LetterDecision) => void;
  onClose: () => void;
}

/**
 * The uploaded letter of credit, read in the console before deciding (the server sends it inline, PDF or image), with
 * the decision beside it. It can also be opened in a tab of its own.
 */
export function CreditLetterViewer({
  opened,
  letter,
  reviewable,
  onDecide,
  onClose,
}: CreditLetterViewerProps) {
  const canAct = useCan('enrollments.act');
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const href = apiHref('/credit-letters/{id}/file', { id: letter.id });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Letter of credit of enrollment ${letter.enrollmentId}`}
      size="min(1100px, 94vw)"
      fullScreen={!wide}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            <Text span fw={600} c="var(--mantine-color-text)">
              {letter.fileName}
            </Text>
            {letter.customerName ? ` · ${letter.customerName}` : ''}
            {letter.uploadedAt ? ` · uploaded ${formatDateTime(letter.uploadedAt)}` : ''}
          </Text>
          <Button
            component="a"
            href={href}
            target="_blank"
            rel="noopener"
            variant="default"
            size="xs"
            leftSection={<IconExternalLink size={14} />}
          >
            Open in a new tab
          </Button>
        </Group>
        <iframe src={href} title={`Letter of credit ${letter.fileName}`} className={classes.letterFrame} />
        {reviewable && canAct && (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="light"
              color="red"
              leftSection={<IconX size={16} />}
              onClick={() => onDecide('reject')}
            >
              Reject…
            </Button>
            <Button leftSection={<IconCheck size={16} />} onClick={() => onDecide('approve')}>
              Approve…
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
