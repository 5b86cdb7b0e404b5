import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FailureAlert } from './states';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for what cannot be undone or takes something away. */
  danger?: boolean;
  loading?: boolean;
  /** The failure of the confirmed action: shown in the dialog, which stays open. */
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a change that matters, and shows the server's answer if it refuses. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, title, children, confirmLabel, danger, loading, error, onConfirm, onClose } = props;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      <Stack gap="md">
        {children}
        <FailureAlert error={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={danger ? 'red' : undefined} loading={loading} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
