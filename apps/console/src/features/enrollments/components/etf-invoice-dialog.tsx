import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatMoney } from '../../../lib/format';
import { type EtfResolution, useResolveEtfInvoice } from '../api/resolve-etf-invoice';

interface EtfInvoiceDialogProps {
  opened: boolean;
  invoice: { id: number; enrollmentId: number; amount: number; reason: string };
  resolution: EtfResolution;
  onClose: () => void;
}

/** Sends a queued early termination fee to be billed, or waives it: asked first, since either is final. */
export function EtfInvoiceDialog({ opened, invoice, resolution, onClose }: EtfInvoiceDialogProps) {
  const resolve = useResolveEtfInvoice();
  const send = resolution === 'send';

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh answer for each opening
  useEffect(() => {
    if (opened) resolve.reset();
  }, [opened, invoice.id, resolution]);

  const confirm = () =>
    resolve.mutate(
      { id: invoice.id, resolution },
      {
        onSuccess: (resolved) => {
          notifications.show({
            color: 'teal',
            title: send ? 'ETF invoice sent' : 'ETF invoice waived',
            message: send
              ? `${formatMoney(resolved.amount)} of enrollment ${resolved.id_enrollment} goes to the billing system.`
              : `The customer of enrollment ${resolved.id_enrollment} will not be billed ${formatMoney(resolved.amount)}.`,
          });
          onClose();
        },
      },
    );

  return (
    <ConfirmDialog
      opened={opened}
      title={send ? 'Send the ETF invoice?' : 'Waive the ETF invoice?'}
      confirmLabel={send ? 'Send to be billed' : 'Waive fee'}
      danger={!send}
      loading={resolve.isPending}
      error={resolve.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text size="sm">
        The {formatMoney(invoice.amount)} early termination fee of enrollment{' '}
        <strong>{invoice.enrollmentId}</strong> ({invoice.reason.toLowerCase()}){' '}
        {send
          ? 'is sent to the billing system to be billed.'
          : 'is waived: the customer is not billed for it.'}{' '}
        This cannot be undone, and is recorded under your name.
      </Text>
    </ConfirmDialog>
  );
}
