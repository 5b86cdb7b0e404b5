import '@mantine/dates/styles.css';
import {
  Checkbox,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { DialogFooter } from '../../../components/ui/action-dialog';
import { focusFirstError, splitFailure } from '../../customers/actions';
import type { PlanDetail } from '../api/get-plan';
import { type PlanSettings, useChangePlanSettings } from '../api/plan-changes';

interface PlanSettingsModalProps {
  opened: boolean;
  plan: PlanDetail;
  onClose: () => void;
}

type Field = keyof PlanSettings;
const FIELDS = [
  'name',
  'description',
  'billingSystemPlanCode',
  'published',
  'availableFrom',
  'availableUntil',
  'term',
  'promoCode',
  'earlyTerminationText',
  'termsText',
  'thankYouText',
  'renewablePercent',
  'recurringBillingRequired',
  'requiredCreditCheck',
  'requiredDepositFee',
  'depositRequiredUnderScore',
  'depositDenyServiceUnderScore',
  'minStartDateDelayDays',
] as const satisfies readonly Field[];

/** Only what was changed is sent: another person's change to another setting meanwhile stays. */
function changesOf(initial: PlanSettings, values: PlanSettings): Partial<PlanSettings> {
  return Object.fromEntries(
    FIELDS.filter((field) => JSON.stringify(initial[field]) !== JSON.stringify(values[field])).map(
      (field) => [field, values[field]],
    ),
  );
}

/** A plan's settings apart from its prices (a price change is a version): its sale, contract, credit and texts. */
export function PlanSettingsModal({ opened, plan, onClose }: PlanSettingsModalProps) {
  const save = useChangePlanSettings();
  const form = useForm<PlanSettings>({
    name: 'plan-settings',
    initialValues: plan.settings,
    validate: {
      name: (value) => (value.trim().length < 3 ? 'At least three characters.' : null),
      billingSystemPlanCode: (value) =>
        /^[A-Za-z0-9_.-]+$/.test(value) ? null : 'Letters, digits, dots, dashes and underscores only.',
      availableUntil: (value, values) =>
        value !== null && value < values.availableFrom ? 'Not before the first day on sale.' : null,
      depositDenyServiceUnderScore: (value, values) =>
        value > 0 && value > values.depositRequiredUnderScore ? 'At most the deposit threshold.' : null,
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from the plan as it is
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(plan.settings);
    form.reset();
    save.reset();
  }, [opened, plan.id]);

  const submit = form.onSubmit(
    (values) => {
      const changes = changesOf(plan.settings, values);
      if (Object.keys(changes).length === 0) return onClose();
      save.mutate(
        { planId: plan.id, ...changes },
        {
          onSuccess: () => {
            notifications.show({
              color: 'teal',
              title: 'Plan saved',
              message: `${values.name}: settings changed.`,
            });
            onClose();
          },
          onError: (error) => form.setErrors(splitFailure(error, FIELDS).fields),
        },
      );
    },
    (errors) => focusFirstError('plan-settings', errors),
  );

  const number = (field: Field) => ({
    ...form.getInputProps(field),
    onChange: (value: string | number) => form.setFieldValue(field, value === '' ? 0 : Number(value)),
  });

  return (
    <Modal opened={opened} onClose={onClose} title={`Settings of ${plan.name}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="xs" c="dimmed">
            Prices are not set here: a price change is a new version (Change price). Contract dates already
            made stay on their enrollments.
          </Text>
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Billing system plan code"
              required
              {...form.getInputProps('billingSystemPlanCode')}
            />
            <TextInput
              label="Campaign code"
              description="Sold only with this promo code; empty for every customer."
              value={form.values.promoCode ?? ''}
              onChange={(event) => form.setFieldValue('promoCode', event.currentTarget.value.trim() || null)}
              error={form.errors.promoCode}
            />
          </SimpleGrid>
          <Text fw={600} size="sm">
            Sale
          </Text>
          <Switch
            label="Published (offered to plan shopping inside its sale window)"
            {...form.getInputProps('published', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DatePickerInput
              label="On sale from"
              valueFormat="D MMM YYYY"
              required
              {...form.getInputProps('availableFrom')}
            />
            <DatePickerInput
              label="On sale until"
              placeholder="No end"
              valueFormat="D MMM YYYY"
              clearable
              {...form.getInputProps('availableUntil')}
            />
          </SimpleGrid>
          <Text fw={600} size="sm">
            Contract
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label="Term (months)"
              description="0 or 1: month to month"
              min={0}
              max={60}
              allowDecimal={false}
              {...number('term')}
            />
            <NumberInput
              label="Earliest start (days)"
              min={0}
              max={90}
              allowDecimal={false}
              {...number('minStartDateDelayDays')}
            />
            <NumberInput
              label="Renewable content"
              suffix="%"
              min={0}
              max={100}
              decimalScale={1}
              {...number('renewablePercent')}
            />
          </SimpleGrid>
          <Textarea
            label="Early termination text"
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('earlyTerminationText')}
          />
          <Textarea
            label="Terms text"
            autosize
            minRows={2}
            maxLength={2000}
            {...form.getInputProps('termsText')}
          />
          <Checkbox
            label="Autopay required to enroll"
            {...form.getInputProps('recurringBillingRequired', { type: 'checkbox' })}
          />
          <Text fw={600} size="sm">
            Credit
          </Text>
          <Checkbox
            label="Credit check required"
            {...form.getInputProps('requiredCreditCheck', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label="Deposit"
              prefix="$"
              min={0}
              decimalScale={2}
              {...number('requiredDepositFee')}
            />
            <NumberInput
              label="Deposit under score"
              description="0: never"
              min={0}
              max={900}
              allowDecimal={false}
              {...number('depositRequiredUnderScore')}
            />
            <NumberInput
              label="Refuse under score"
              description="0: never"
              min={0}
              max={900}
              allowDecimal={false}
              {...number('depositDenyServiceUnderScore')}
            />
          </SimpleGrid>
          <Textarea
            label="Thank-you page text"
            autosize
            minRows={2}
            maxLength={2000}
            {...form.getInputProps('thankYouText')}
          />
          <DialogFooter
            error={splitFailure(save.error, FIELDS).rest}
            failureTitle="Not saved"
            onCancel={onClose}
            submitLabel="Save settings"
            pending={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
