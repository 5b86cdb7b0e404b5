import '@mantine/dates/styles.css';
import { Alert, Anchor, Checkbox, DataList, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect } from 'react';
import { DialogFooter } from '../../../../components/ui/action-dialog';
import { FailureAlert } from '../../../../components/ui/states';
import { formatDate, formatMoney, humanize } from '../../../../lib/format';
import { useEnrollmentPage } from '../../../enrollments/api/get-enrollment-page';
import { DELIVERY_METHODS, deliveryLabel, earliestDay, focusFirstError, splitFailure } from '../../actions';
import { useRenewEnrollment } from '../../api/enrollment-changes';
import { type RenewalPlan, useRenewalPlans } from '../../api/get-renewal-plans';

interface RenewalModalProps {
  opened: boolean;
  enrollmentId: number;
  onClose: () => void;
}

const FIELDS = ['requestedStartDate', 'billingDeliveryMethod', 'planId', 'agreedAcceptanceValues'] as const;
const METHODS = DELIVERY_METHODS.map((m) => ({ value: String(m.value), label: m.label }));
const termOf = (months: number) => (months === 0 ? 'month to month' : `${months} months`);

/** What the chosen plan costs and says, as the customer would read it before agreeing. */
function PlanFacts({ plan }: { plan: RenewalPlan }) {
  const efl = plan.documents.find((d) => d.type === 'EFL');
  return (
    <Text size="sm" c="dimmed" component="div">
      {plan.rate}¢/{plan.rateUnit} · {termOf(plan.term)}
      {plan.averagePrices?.at1000 != null && ` · ${plan.averagePrices.at1000}¢ average at 1,000 kWh`}
      {plan.cancellationFee > 0
        ? ` · ${formatMoney(plan.cancellationFee)} early exit fee`
        : ' · no early exit fee'}
      {efl && (
        <>
          {' · '}
          <Anchor href={efl.url} target="_blank" rel="noreferrer" size="sm" underline="always">
            Electricity Facts Label
          </Anchor>
        </>
      )}
    </Text>
  );
}

/**
 * Renews an active enrollment for the customer: a new enrollment in RENEWAL_PENDING on the plan chosen (the current
 * one by default, when still offered), starting when the contract ends or on the day chosen. The customer agrees to
 * the plan's acceptance options on the phone; the required ones must be ticked.
 */
export function RenewalModal({ opened, enrollmentId, onClose }: RenewalModalProps) {
  const page = useEnrollmentPage(enrollmentId);
  const choices = useRenewalPlans(enrollmentId, opened);
  const renew = useRenewEnrollment();
  const today = earliestDay();
  const plans = choices.data ?? [];
  const form = useForm({
    name: 'renewal',
    initialValues: {
      planId: null as string | null,
      agreedAcceptanceValues: [] as string[],
      requestedStartDate: null as string | null,
      billingDeliveryMethod: null as string | null,
    },
    validate: {
      planId: (value) => (value ? null : 'Choose the plan to renew onto.'),
      agreedAcceptanceValues: (agreed, values) => {
        const plan = plans.find((p) => String(p.id) === values.planId);
        const missing = plan?.acceptanceOptions.filter((o) => o.required && !agreed.includes(String(o.id)));
        return missing?.length ? 'The customer must agree to every required option.' : null;
      },
      requestedStartDate: (value) => (value && value < today ? 'Not in the past.' : null),
    },
  });

  const e = page.data?.enrollment;
  const chosen = plans.find((p) => String(p.id) === form.values.planId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (opened) renew.reset();
  }, [opened, enrollmentId]);
  const known = e !== undefined && choices.data !== undefined;
  // The form starts from the enrollment's plan and delivery method once both are read (not again on a refetch).
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the dialog opens or the answers first come
  useEffect(() => {
    if (!opened || !e) return;
    const current = plans.find((p) => p.id === e.id_plan);
    form.setInitialValues({
      planId: current ? String(current.id) : null,
      agreedAcceptanceValues: [],
      requestedStartDate: null,
      billingDeliveryMethod: String(e.id_method_delivery),
    });
    form.reset();
  }, [opened, enrollmentId, known]);

  const submit = form.onSubmit(
    (values) => {
      if (!e || !values.planId) return;
      const method = values.billingDeliveryMethod ? Number(values.billingDeliveryMethod) : undefined;
      renew.mutate(
        {
          id: enrollmentId,
          body: {
            planId: Number(values.planId),
            agreedAcceptanceValues: values.agreedAcceptanceValues.map(Number),
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
  const reading = page.isPending || choices.isPending;
  const choosePlan = (value: string | null) => {
    form.setFieldValue('planId', value);
    form.setFieldValue('agreedAcceptanceValues', []);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Renew enrollment" size="lg">
      {reading ? (
        <Group gap="xs" role="status" py="md">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Reading enrollment {enrollmentId} and the plans it may renew onto…
          </Text>
        </Group>
      ) : !e || !choices.data ? (
        <FailureAlert error={page.error ?? choices.error} title="Could not read the enrollment" />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <DataList labelWidth={130} gap={6}>
              <DataList.Item>
                <DataList.ItemLabel c="dimmed">Enrollment</DataList.ItemLabel>
                <DataList.ItemValue>{enrollmentId}</DataList.ItemValue>
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
            {plans.length === 0 ? (
              <Alert color="yellow" variant="light" title="No plan to renew onto" role="status">
                <Text size="sm">
                  No plan on sale for this utility and customer type accepts renewals today.
                </Text>
              </Alert>
            ) : (
              <Stack gap={6}>
                <Select
                  label="Renew onto"
                  description="Plans on sale for this utility and customer type that accept renewals."
                  data={plans.map((p) => ({
                    value: String(p.id),
                    label: p.id === e.id_plan ? `${p.name} (current plan)` : p.name,
                  }))}
                  searchable
                  allowDeselect={false}
                  disabled={!renewable}
                  comboboxProps={{ withinPortal: true }}
                  data-autofocus
                  {...form.getInputProps('planId')}
                  onChange={choosePlan}
                />
                {chosen && <PlanFacts plan={chosen} />}
              </Stack>
            )}
            {chosen && chosen.acceptanceOptions.length > 0 && (
              <Checkbox.Group
                label="The customer agrees to"
                description="Read each to the customer; the starred ones are required."
                {...form.getInputProps('agreedAcceptanceValues')}
              >
                <Stack gap={6} mt={6}>
                  {chosen.acceptanceOptions.map((o) => (
                    <Checkbox
                      key={o.id}
                      value={String(o.id)}
                      disabled={!renewable}
                      label={o.required ? `${o.text} *` : o.text}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            <DatePickerInput
              label="Start on"
              placeholder="The day after the contract ends"
              description="Leave empty to start when the contract ends."
              valueFormat="D MMM YYYY"
              minDate={today}
              clearable
              leftSection={<IconCalendar size={16} stroke={1.6} aria-hidden />}
              disabled={!renewable}
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
              error={rest}
              failureTitle="Not renewed"
              onCancel={onClose}
              submitLabel="Request renewal"
              submitDisabled={!renewable || plans.length === 0}
              pending={renew.isPending}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
