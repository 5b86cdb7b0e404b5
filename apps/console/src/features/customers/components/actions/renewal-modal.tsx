import '@mantine/dates/styles.css';
import { Alert, DataList, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { DialogFooter } from '../../../../components/ui/action-dialog';
import { FailureAlert } from '../../../../components/ui/states';
import { formatDate, humanize } from '../../../../lib/format';
import { useEnrollmentPage } from '../../../enrollments/api/get-enrollment-page';
import {
  DELIVERY_METHODS,
  deliveryLabel,
  earliestDay,
  focusFirstError,
  reworded,
  splitFailure,
} from '../../actions';
import { useRenewEnrollment } from '../../api/enrollment-changes';

interface RenewalModalProps {
  opened: boolean;
  enrollmentId: number;
  onClose: () => void;
}

const FIELDS = ['requestedStartDate', 'billingDeliveryMethod', 'planId'] as const;
const METHODS = DELIVERY_METHODS.map((m) => ({ value: String(m.value), label: m.label }));

/**
 * Renews an active enrollment for the customer: a new enrollment in RENEWAL_PENDING that starts when the contract
 * ends (or on the day chosen). The console has no plan catalogue yet, so the renewal is onto the plan the enrollment
 * has; the plan's acceptance options are not served by the console's API either (see the alert).
 */
export function RenewalModal({ opened, enrollmentId, onClose }: RenewalModalProps) {
  const page = useEnrollmentPage(enrollmentId);
  const renew = useRenewEnrollment();
  const today = earliestDay();
  const form = useForm({
    name: 'renewal',
    initialValues: {
      requestedStartDate: null as string | null,
      billingDeliveryMethod: null as string | null,
    },
    validate: {
      requestedStartDate: (value) => (value && value < today ? 'Not in the past.' : null),
    },
  });

  const e = page.data?.enrollment;
  const plan = e?.plans.find((p) => p.id_plan === e.id_plan) ?? e?.plans[0];

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (opened) renew.reset();
  }, [opened, enrollmentId]);
  const known = e !== undefined;
  // The form starts from the enrollment's delivery method once it is read (not again when the answer's refetch comes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the dialog opens or the enrollment is first read
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues({
      requestedStartDate: null,
      billingDeliveryMethod: e ? String(e.id_method_delivery) : null,
    });
    form.reset();
  }, [opened, enrollmentId, known]);

  const submit = form.onSubmit(
    (values) => {
      if (!e) return;
      const method = values.billingDeliveryMethod ? Number(values.billingDeliveryMethod) : undefined;
      renew.mutate(
        {
          id: enrollmentId,
          body: {
            planId: e.id_plan,
            agreedAcceptanceValues: [],
            ...(values.requestedStartDate ? { requestedStartDate: values.requestedStartDate } : {}),
            ...(method !== undefined && method !== e.id_method_delivery
              ? { billingDeliveryMethod: method }
              : {}),
          },
        },
        {
          onSuccess: (outcome) => {
            notifications.show({
              color: 'teal',
              title: 'Renewal requested',
              message: `Enrollment ${outcome.enrollmentId} renews enrollment ${enrollmentId} (${humanize(outcome.enrollmentStatus).toLowerCase()}).`,
            });
            onClose();
          },
          onError: (error) => {
            const { fields } = splitFailure(error, FIELDS);
            form.setErrors(fields);
            focusFirstError('renewal', fields);
          },
        },
      );
    },
    (errors) => focusFirstError('renewal', errors),
  );

  const { rest } = splitFailure(renew.error, FIELDS);
  const renewable = e?.isRenewable ?? false;

  return (
    <Modal opened={opened} onClose={onClose} title="Renew enrollment" size="md">
      {page.isPending ? (
        <Group gap="xs" role="status" py="md">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Reading enrollment {enrollmentId}…
          </Text>
        </Group>
      ) : !e ? (
        <FailureAlert error={page.error} title="Could not read the enrollment" />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <DataList labelWidth={130} gap={6}>
              <DataList.Item>
                <DataList.ItemLabel c="dimmed">Enrollment</DataList.ItemLabel>
                <DataList.ItemValue>{enrollmentId}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel c="dimmed">Renews onto</DataList.ItemLabel>
                <DataList.ItemValue>
                  {plan
                    ? `${plan.name} (${plan.term === 0 ? 'month to month' : `${plan.term} months`})`
                    : '—'}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel c="dimmed">Contract ends</DataList.ItemLabel>
                <DataList.ItemValue>{formatDate(e.contract_end_date)}</DataList.ItemValue>
              </DataList.Item>
            </DataList>
            {!renewable && (
              <Alert color="yellow" variant="light" title="Not renewable now" role="status">
                <Text size="sm">
                  This enrollment cannot be renewed today: renewal opens a while before the contract ends, on
                  an active enrollment whose plan allows it.
                </Text>
              </Alert>
            )}
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="Same plan only">
              <Text size="sm">
                The console cannot list plans or a plan's acceptance options yet: the renewal is onto the
                current plan, and a plan that requires the customer to agree to options is refused until the
                console can show them.
              </Text>
            </Alert>
            <DatePickerInput
              label="Start on"
              placeholder="The day after the contract ends"
              description="Leave empty to start when the contract ends."
              valueFormat="D MMM YYYY"
              minDate={today}
              clearable
              leftSection={<IconCalendar size={16} stroke={1.6} aria-hidden />}
              disabled={!renewable}
              data-autofocus
              {...form.getInputProps('requestedStartDate')}
            />
            <Select
              label="Send bills by"
              description={`Now: ${deliveryLabel(e.id_method_delivery)}`}
              data={METHODS}
              allowDeselect={false}
              disabled={!renewable}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('billingDeliveryMethod')}
            />
            <DialogFooter
              error={reworded(rest, {
                ACCEPTANCE_REQUIRED:
                  "This plan requires the customer to agree to its acceptance options, which the console's API does not list yet: the renewal cannot be made from the console until it does.",
              })}
              failureTitle="Not renewed"
              onCancel={onClose}
              submitLabel="Request renewal"
              submitDisabled={!renewable}
              pending={renew.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
