import '@mantine/dates/styles.css';
import { Alert, Checkbox, Fieldset, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconMapPinExclamation } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { DialogFooter } from '../../../../components/ui/action-dialog';
import { formatDate } from '../../../../lib/format';
import { earliestDay, focusFirstError, splitFailure } from '../../actions';
import { type TransferInput, useTransferService } from '../../api/enrollment-changes';
import type { EnrollmentSubject } from './drop-enrollment-modal';

interface TransferServiceModalProps {
  opened: boolean;
  enrollment: EnrollmentSubject;
  onClose: () => void;
}

const FIELDS = [
  'currentServiceEffectiveDate',
  'newServiceStartDate',
  'removeMeter',
  'serviceAddress.address',
  'serviceAddress.address2',
  'serviceAddress.city',
  'serviceAddress.state',
  'serviceAddress.zipcode',
  'serviceAddress.ldcAccount',
  'serviceAddress',
  'billingAddress.address',
  'billingAddress.address2',
  'billingAddress.city',
  'billingAddress.state',
  'billingAddress.zipcode',
  'billingAddress',
] as const;

const emptyAddress = { address: '', address2: '', city: '', state: '', zipcode: '' };

const initialValues = () => ({
  currentServiceEffectiveDate: earliestDay() as string | null,
  newServiceStartDate: earliestDay() as string | null,
  removeMeter: false,
  serviceAddress: { ...emptyAddress, state: 'TX', ldcAccount: '' },
  billingSameAsService: true,
  billingAddress: { ...emptyAddress },
});

type Values = ReturnType<typeof initialValues>;

const required = (what: string) => (value: string) => (value.trim() ? null : `Enter the ${what}.`);
const zipcode = (value: string) => (/^\d{5}$/.test(value.trim()) ? null : 'Five digits.');
const state = (value: string) => (/^[A-Z]{2}$/.test(value.trim()) ? null : 'Two capital letters, e.g. TX.');
const onlyWithSeparateBilling =
  (check: (value: string) => string | null) => (value: string, values: Values) =>
    values.billingSameAsService ? null : check(value);

const trimmed = (address: typeof emptyAddress) => ({
  address: address.address.trim(),
  ...(address.address2.trim() ? { address2: address.address2.trim() } : {}),
  city: address.city.trim(),
  state: address.state.trim().toUpperCase(),
  zipcode: address.zipcode.trim(),
});

/**
 * A Texas customer moves and keeps the plan: service ends at the current address and starts at the new one as a
 * move-in. When the plan is not sold at the new address nothing changes, and the answer says a new plan is needed.
 */
export function TransferServiceModal({ opened, enrollment, onClose }: TransferServiceModalProps) {
  const transfer = useTransferService();
  const today = earliestDay();
  const notPast = (what: string) => (value: string | null) =>
    !value ? `Choose the day ${what}.` : value < today ? 'Not in the past.' : null;
  const form = useForm({
    name: 'transfer-service',
    initialValues: initialValues(),
    validate: {
      currentServiceEffectiveDate: notPast('service ends at the current address'),
      newServiceStartDate: notPast('service starts at the new address'),
      serviceAddress: {
        address: required('street address'),
        city: required('city'),
        zipcode,
        ldcAccount: (value) =>
          /^\d{1,30}$/.test(value.replace(/[\s-]/g, ''))
            ? null
            : 'The ESIID: digits, from the bill or the ESIID lookup.',
      },
      billingAddress: {
        address: onlyWithSeparateBilling(required('street address')),
        city: onlyWithSeparateBilling(required('city')),
        state: onlyWithSeparateBilling(state),
        zipcode: onlyWithSeparateBilling(zipcode),
      },
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(initialValues());
    form.reset();
    transfer.reset();
  }, [opened, enrollment.id]);

  const submit = form.onSubmit(
    (values) => {
      const body: TransferInput = {
        currentServiceEffectiveDate: values.currentServiceEffectiveDate!,
        newServiceStartDate: values.newServiceStartDate!,
        serviceAddress: {
          ...trimmed(values.serviceAddress),
          ldcAccount: values.serviceAddress.ldcAccount.replace(/[\s-]/g, ''),
        },
        ...(values.billingSameAsService ? {} : { billingAddress: trimmed(values.billingAddress) }),
        ...(values.removeMeter ? { removeMeter: true } : {}),
      };
      transfer.mutate(
        { id: enrollment.id, body },
        {
          onSuccess: (outcome) => {
            if (outcome.open_wizard) return; // said in the dialog: a new plan is needed
            notifications.show({
              color: 'teal',
              title: 'Service transferred',
              message:
                `Enrollment ${enrollment.id} ends on ${formatDate(body.currentServiceEffectiveDate)}; ` +
                `enrollment ${outcome.id_new_enrollment} starts at ${body.serviceAddress.address} on ${formatDate(body.newServiceStartDate)}.` +
                (outcome.is_near_to_renew ? ' The contract ends soon: offer the customer a renewal.' : ''),
            });
            onClose();
          },
          onError: (error) => {
            const { fields } = splitFailure(error, FIELDS);
            form.setErrors(fields);
            focusFirstError('transfer-service', fields);
          },
        },
      );
    },
    (errors) => focusFirstError('transfer-service', errors),
  );

  const { rest } = splitFailure(transfer.error, FIELDS);
  const needsPlan = transfer.data?.open_wizard ? transfer.data : null;
  // The answer is at the foot of a long form: it is brought into view (and read out: it is an alert).
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (needsPlan) answer.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [needsPlan]);

  return (
    <Modal opened={opened} onClose={onClose} title="Transfer service to a new address" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Enrollment <strong>{enrollment.id}</strong> · {enrollment.planName || 'Plan unknown'} · meter{' '}
            {enrollment.ldcAccount} ({enrollment.serviceArea}). The customer keeps the plan at the new address
            (Texas only); service at the current address ends.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DatePickerInput
              label="Ends at the current address on"
              valueFormat="D MMM YYYY"
              minDate={today}
              required
              leftSection={<IconCalendar size={16} stroke={1.6} aria-hidden />}
              data-autofocus
              {...form.getInputProps('currentServiceEffectiveDate')}
            />
            <DatePickerInput
              label="Starts at the new address on"
              valueFormat="D MMM YYYY"
              minDate={today}
              required
              leftSection={<IconCalendar size={16} stroke={1.6} aria-hidden />}
              {...form.getInputProps('newServiceStartDate')}
            />
          </SimpleGrid>
          <Fieldset legend="New service address" variant="filled" radius="md">
            <Stack gap="sm">
              <TextInput
                label="Street address"
                autoComplete="off"
                required
                {...form.getInputProps('serviceAddress.address')}
              />
              <TextInput
                label="Apartment, suite… (optional)"
                autoComplete="off"
                {...form.getInputProps('serviceAddress.address2')}
              />
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <TextInput label="City" required {...form.getInputProps('serviceAddress.city')} />
                <TextInput
                  label="State"
                  readOnly
                  variant="filled"
                  {...form.getInputProps('serviceAddress.state')}
                />
                <TextInput
                  label="ZIP code"
                  inputMode="numeric"
                  maxLength={5}
                  required
                  {...form.getInputProps('serviceAddress.zipcode')}
                />
              </SimpleGrid>
              <TextInput
                label="ESIID at the new address"
                inputMode="numeric"
                maxLength={30}
                required
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                {...form.getInputProps('serviceAddress.ldcAccount')}
              />
            </Stack>
          </Fieldset>
          <Checkbox
            label="Send bills to the new service address"
            {...form.getInputProps('billingSameAsService', { type: 'checkbox' })}
          />
          {!form.values.billingSameAsService && (
            <Fieldset legend="Billing address" variant="filled" radius="md">
              <Stack gap="sm">
                <TextInput
                  label="Street address"
                  required
                  {...form.getInputProps('billingAddress.address')}
                />
                <TextInput
                  label="Apartment, suite… (optional)"
                  {...form.getInputProps('billingAddress.address2')}
                />
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                  <TextInput label="City" required {...form.getInputProps('billingAddress.city')} />
                  <TextInput
                    label="State"
                    maxLength={2}
                    required
                    {...form.getInputProps('billingAddress.state')}
                    onChange={(event) =>
                      form.setFieldValue('billingAddress.state', event.currentTarget.value.toUpperCase())
                    }
                  />
                  <TextInput
                    label="ZIP code"
                    inputMode="numeric"
                    maxLength={5}
                    required
                    {...form.getInputProps('billingAddress.zipcode')}
                  />
                </SimpleGrid>
              </Stack>
            </Fieldset>
          )}
          <Checkbox
            label="Remove the meter at the current address"
            {...form.getInputProps('removeMeter', { type: 'checkbox' })}
          />
          {needsPlan && (
            <Alert
              ref={answer}
              color="yellow"
              variant="light"
              title="A new plan is needed"
              icon={<IconMapPinExclamation size={18} />}
              role="alert"
            >
              <Text size="sm">{needsPlan.error ?? 'The current plan is not sold at the new address.'}</Text>
              <Text size="sm" mt={4}>
                Nothing changed. The customer enrolls at the new address on a plan sold there.
              </Text>
            </Alert>
          )}
          <DialogFooter
            error={rest}
            failureTitle="Not transferred"
            onCancel={onClose}
            submitLabel="Transfer service"
            pending={transfer.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
