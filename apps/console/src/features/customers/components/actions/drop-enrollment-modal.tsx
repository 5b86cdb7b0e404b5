import '@mantine/dates/styles.css';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconReceipt } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { DialogFooter } from '../../../../components/ui/action-dialog';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { DROP_REASONS } from '../../../../generated/drop-reasons';
import { formatDate, formatMoney, humanize } from '../../../../lib/format';
import { earliestDay, focusFirstError, splitFailure } from '../../actions';
import { type DropOutcome, useDropEnrollment } from '../../api/enrollment-changes';

export interface EnrollmentSubject {
  id: number;
  status: string;
  planName: string;
  ldcAccount: string;
  serviceArea: string;
}

interface DropEnrollmentModalProps {
  opened: boolean;
  enrollment: EnrollmentSubject;
  onClose: () => void;
}

const FIELDS = ['effectiveDate', 'reasonCodeId', 'removeMeter'] as const;
const REASONS = DROP_REASONS.map((reason) => ({ value: String(reason.id), label: reason.name }));

/** The early termination fee a drop queued: an agent sends it to be billed or waives it (the ETF queue). */
function EtfQueued({
  outcome,
  endsOn,
  onClose,
}: {
  outcome: DropOutcome;
  endsOn: string;
  onClose: () => void;
}) {
  const invoice = outcome.etf_invoice!;
  const id = outcome.enrollment.id_enrollment;
  // The form it replaces had the focus: it moves to the way out.
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <Stack gap="md">
      <Text size="sm">
        Enrollment <strong>{id}</strong> is now {humanize(outcome.enrollment.status).toLowerCase()}: service
        ends on {formatDate(endsOn)}.
      </Text>
      <Alert
        color="yellow"
        variant="light"
        title="An early termination fee is queued"
        icon={<IconReceipt size={18} />}
      >
        <Text size="sm">
          ETF invoice <strong>{invoice.id_etf_invoice}</strong> of{' '}
          <strong>{formatMoney(invoice.amount)}</strong> ({humanize(invoice.status).toLowerCase()}) waits in
          the ETF queue for an agent, who sends it to be billed or waives it.
        </Text>
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          renderRoot={(props) => <Link {...props} to="/enrollments/$id" params={{ id }} onClick={onClose} />}
        >
          Open enrollment {id}
        </Button>
        <Button ref={done} onClick={onClose}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Drops an enrollment on a date for the customer, with the reason they give. Before service starts it cancels the
 * enrollment; once served, service ends on the date and the plan's early termination fee may be queued.
 */
export function DropEnrollmentModal({ opened, enrollment, onClose }: DropEnrollmentModalProps) {
  const drop = useDropEnrollment();
  const serving = enrollment.status === 'ACTIVE';
  const today = earliestDay();
  const form = useForm({
    name: 'drop-enrollment',
    initialValues: {
      effectiveDate: today as string | null,
      reasonCodeId: null as string | null,
      removeMeter: false,
    },
    validate: {
      effectiveDate: (value) =>
        !value ? 'Choose the day service ends.' : value < today ? 'The drop cannot be in the past.' : null,
      reasonCodeId: (value) => (value ? null : 'Choose the reason the customer gives.'),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues({ effectiveDate: earliestDay(), reasonCodeId: null, removeMeter: false });
    form.reset();
    drop.reset();
  }, [opened, enrollment.id]);

  const submit = form.onSubmit(
    (values) => {
      drop.mutate(
        {
          id: enrollment.id,
          body: {
            effectiveDate: values.effectiveDate!,
            reasonCodeId: Number(values.reasonCodeId),
            ...(serving && values.removeMeter ? { removeMeter: true } : {}),
          },
        },
        {
          onSuccess: (outcome) => {
            const status = humanize(outcome.enrollment.status).toLowerCase();
            notifications.show({
              color: 'teal',
              title: serving
                ? `Enrollment ${enrollment.id} is being dropped`
                : `Enrollment ${enrollment.id} cancelled`,
              message: outcome.etf_invoice
                ? `Now ${status}; an early termination fee of ${formatMoney(outcome.etf_invoice.amount)} is queued.`
                : `Now ${status}.`,
            });
            // An ETF queued stays on screen: the agent may need to tell the customer now.
            if (!outcome.etf_invoice) onClose();
          },
          onError: (error) => {
            const { fields } = splitFailure(error, FIELDS);
            form.setErrors(fields);
            focusFirstError('drop-enrollment', fields);
          },
        },
      );
    },
    (errors) => focusFirstError('drop-enrollment', errors),
  );

  const { rest } = splitFailure(drop.error, FIELDS);
  const title = serving ? 'Drop enrollment' : 'Cancel enrollment';

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      {drop.data?.etf_invoice ? (
        <EtfQueued outcome={drop.data} endsOn={drop.variables?.body.effectiveDate ?? ''} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group gap="xs" wrap="wrap">
              <Text size="sm">
                Enrollment <strong>{enrollment.id}</strong> · {enrollment.planName || 'Plan unknown'}
              </Text>
              <StatusBadge status={enrollment.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {serving
                ? `Service at meter ${enrollment.ldcAccount} (${enrollment.serviceArea}) ends on the day chosen. An early termination fee may be queued, depending on the reason, the plan and how near the contract's end it is.`
                : 'Service has not started: the enrollment is cancelled and the customer is not switched. This cannot be undone from the console.'}
            </Text>
            <DatePickerInput
              label={serving ? 'Service ends on' : 'Effective date'}
              description={`From ${formatDate(today)} on.`}
              valueFormat="D MMM YYYY"
              minDate={today}
              required
              leftSection={<IconCalendar size={16} stroke={1.6} aria-hidden />}
              data-autofocus
              {...form.getInputProps('effectiveDate')}
            />
            <Select
              label="Reason"
              placeholder="The reason the customer gives"
              data={REASONS}
              required
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('reasonCodeId')}
            />
            {serving && (
              <Checkbox
                label="Remove the meter"
                description="Recorded with the drop: the customer asks for the meter to be removed."
                {...form.getInputProps('removeMeter', { type: 'checkbox' })}
              />
            )}
            <DialogFooter
              error={rest}
              failureTitle={serving ? 'Not dropped' : 'Not cancelled'}
              onCancel={onClose}
              cancelLabel="Keep it"
              submitLabel={title}
              submitColor="red.9"
              pending={drop.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
