import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ActionDialog, ReasonField, useResetOnOpen } from '../../../components/ui/action-dialog';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatMoney } from '../../../lib/format';
import { type EtfAction, type EtfResolution, useResolveEtfInvoice } from '../api/resolve-etf-invoice';
import { REASON_MAX, validateReason } from '../model';

interface EtfInvoiceDialogProps {
  opened: boolean;
  invoice: { id: number; enrollmentId: number; amount: number; reason: string };
  resolution: EtfAction;
  onClose: () => void;
}

type Invoice = EtfInvoiceDialogProps['invoice'];

/**
 * Sends a queued early termination fee to be billed (asked first, since it is final), or waives it with a reason:
 * money the supplier forgoes always says why.
 */
export function EtfInvoiceDialog({ resolution, ...props }: EtfInvoiceDialogProps) {
  return resolution === 'send' ? <SendDialog {...props} /> : <WaiveDialog {...props} />;
}

type DialogProps = Omit<EtfInvoiceDialogProps, 'resolution'>;

function useResolve({ opened, invoice, onClose }: DialogProps, ...resets: (() => void)[]) {
  const resolve = useResolveEtfInvoice();
  useResetOnOpen(opened, invoice.id, resolve.reset, ...resets);
  const submit = (resolution: EtfResolution) =>
    resolve.mutate(
      { id: invoice.id, resolution },
      {
        onSuccess: (resolved) => {
          const sent = resolution.action === 'send';
          notifications.show({
            color: 'teal',
            title: sent ? 'ETF invoice sent' : 'ETF invoice waived',
            message: sent
              ? `${formatMoney(resolved.amount)} of enrollment ${resolved.id_enrollment} goes to the billing system.`
              : `The customer of enrollment ${resolved.id_enrollment} will not be billed ${formatMoney(resolved.amount)}.`,
          });
          onClose();
        },
      },
    );
  return { resolve, submit };
}

function FeeLine({ invoice, outcome }: { invoice: Invoice; outcome: string }) {
  return (
    <Text size="sm">
      The {formatMoney(invoice.amount)} early termination fee of enrollment{' '}
      <strong>{invoice.enrollmentId}</strong> ({invoice.reason.toLowerCase()}) {outcome} This cannot be
      undone, and is recorded under your name.
    </Text>
  );
}

function SendDialog(props: DialogProps) {
  const { resolve, submit } = useResolve(props);
  return (
    <ConfirmDialog
      opened={props.opened}
      title="Send the ETF invoice?"
      confirmLabel="Send to be billed"
      loading={resolve.isPending}
      error={resolve.error}
      onConfirm={() => submit({ action: 'send' })}
      onClose={props.onClose}
    >
      <FeeLine invoice={props.invoice} outcome="is sent to the billing system to be billed." />
    </ConfirmDialog>
  );
}

function WaiveDialog(props: DialogProps) {
  const form = useForm({ initialValues: { reason: '' }, validate: { reason: validateReason } });
  const { resolve, submit } = useResolve(props, form.reset);
  return (
    <ActionDialog
      opened={props.opened}
      onClose={props.onClose}
      title="Waive the ETF invoice"
      onSubmit={form.onSubmit(({ reason }) => submit({ action: 'waive', reason: reason.trim() }))}
      error={resolve.error}
      failureTitle="Not waived"
      submitLabel="Waive fee"
      submitColor="red"
      pending={resolve.isPending}
    >
      <FeeLine invoice={props.invoice} outcome="is waived: the customer is not billed for it." />
      <ReasonField
        description="Kept on the invoice and in the audit log."
        placeholder="e.g. Customer moved into a care home"
        maxLength={REASON_MAX}
        inputProps={form.getInputProps('reason')}
      />
    </ActionDialog>
  );
}
