import {
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { FormSection } from '../../../components/ui/form-section';
import { ErrorState, FailureAlert } from '../../../components/ui/states';
import { ApiFailure, isApiFailure } from '../../../lib/api';
import { focusFirstError, splitFailure } from '../../customers/actions';
import type { PlanSettings } from '../api/plan-changes';
import { type PlanChoices, type PlanCreation, useCreatePlan, usePlanChoices } from '../api/plan-changes';
import { AcceptanceOptionsFields, acceptanceOptionRules } from './acceptance-options-fields';
import { ChargeFields, type ChargeValues, chargesOf, chargeValidation } from './charge-fields';
import { PLAN_SETTING_FIELDS, PlanSettingsFields, settingsValidation } from './plan-settings-fields';

type PlanType = PlanCreation['planType'];
type Option = PlanCreation['acceptanceOptions'][number];

interface Values extends PlanSettings, ChargeValues {
  utilityId: string | null;
  customerTypeId: string | null;
  planType: PlanType;
  timeOfUsePlan: boolean;
  acceptanceOptions: Option[];
  note: string;
}

const FIELDS = [
  ...PLAN_SETTING_FIELDS,
  'utilityId',
  'customerTypeId',
  'planType',
  'rate',
  'monthlyFee',
  'cancellationFee',
  'timeOfUse',
  'acceptanceOptions',
  'note',
] as const;

const PLAN_TYPES: PlanType[] = ['Fixed', 'Variable', 'Daily Rate'];

/** What a customer agrees to on most plans; staff edit the list before saving. */
const STANDARD_OPTIONS: Option[] = [
  {
    text: 'I have read and agree to the Terms of Service and the price disclosure of this plan.',
    required: true,
  },
  { text: 'I authorize the switch of my service and a check of my credit history.', required: true },
];

const initialValues = (): Values => ({
  utilityId: null,
  customerTypeId: null,
  planType: 'Fixed',
  timeOfUsePlan: false,
  name: '',
  description: '',
  billingSystemPlanCode: '',
  published: false,
  availableFrom: dayjs().format('YYYY-MM-DD'),
  availableUntil: null,
  term: 12,
  promoCode: null,
  earlyTerminationText: '',
  termsText: '',
  thankYouText: '',
  renewablePercent: 0,
  recurringBillingRequired: false,
  requiredCreditCheck: true,
  requiredDepositFee: 0,
  depositRequiredUnderScore: 0,
  depositDenyServiceUnderScore: 0,
  minStartDateDelayDays: 1,
  allowBypassCreditCheck: false,
  allowDateOfBirth: false,
  askCriticalCare: true,
  verificationRequired: false,
  renewalsAllowed: true,
  reenrollmentsAllowed: true,
  rate: '',
  monthlyFee: 0,
  cancellationFee: 0,
  timeOfUse: [],
  acceptanceOptions: STANDARD_OPTIONS,
  note: '',
});

/** The API names a new plan's charges under `prices`; the form holds them at its top, as a price change does. */
function withFormPaths(error: unknown): unknown {
  if (!isApiFailure(error)) return error;
  const errors = error.errors.map((line) => line.replace(/^(body\.)?prices\./, ''));
  return new ApiFailure(
    error.status,
    error.code,
    error.message,
    errors,
    error.retryAfterSeconds,
    error.requestId,
  );
}

function NewPlanForm({ choices }: { choices: PlanChoices }) {
  const create = useCreatePlan();
  const navigate = useNavigate();
  const form = useForm<Values>({
    name: 'new-plan',
    initialValues: initialValues(),
    validate: {
      ...settingsValidation,
      ...chargeValidation<Values>((values) => values.timeOfUsePlan),
      name: (value) => (value.trim() !== '' && value.trim().length < 3 ? 'At least three characters.' : null),
      utilityId: (value) => (value ? null : 'Choose the utility the plan is sold in.'),
      customerTypeId: (value) => (value ? null : 'Choose who the plan is for.'),
      acceptanceOptions: acceptanceOptionRules,
      note: (value) =>
        value.trim().length < 3 ? 'Say why, in a few words: it stays with the first version.' : null,
    },
  });
  const utility = choices.utilities.find((u) => String(u.id) === form.values.utilityId);
  const electric = utility?.commodity === 'Electric';
  const failure = splitFailure(withFormPaths(create.error), FIELDS);

  const submit = form.onSubmit(
    ({
      utilityId,
      customerTypeId,
      timeOfUsePlan,
      rate,
      monthlyFee,
      cancellationFee,
      timeOfUse,
      name,
      ...rest
    }) =>
      create.mutate(
        {
          ...rest,
          ...(name.trim() ? { name: name.trim() } : {}),
          utilityId: Number(utilityId),
          customerTypeId: Number(customerTypeId),
          prices: chargesOf({ rate, monthlyFee, cancellationFee, timeOfUse: timeOfUsePlan ? timeOfUse : [] }),
          note: rest.note.trim(),
        },
        {
          onSuccess: (plan) => {
            notifications.show({
              color: 'teal',
              title: 'Plan made',
              message: `${plan.name}, a draft until published.`,
            });
            void navigate({ to: '/plans/$id', params: { id: plan.id } });
          },
          onError: (error) => form.setErrors(splitFailure(withFormPaths(error), FIELDS).fields),
        },
      ),
    (errors) => focusFirstError('new-plan', errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={900}>
        <FormSection title="Where and for whom">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Utility"
              required
              searchable
              data={choices.utilities.map((u) => ({
                value: String(u.id),
                label: `${u.name} (${u.commodity})`,
              }))}
              {...form.getInputProps('utilityId')}
              onChange={(value) => {
                form.setFieldValue('utilityId', value);
                form.setFieldValue('customerTypeId', null);
                const chosen = choices.utilities.find((u) => String(u.id) === value);
                if (chosen?.commodity !== 'Electric') form.setFieldValue('timeOfUsePlan', false);
              }}
            />
            <Select
              label="Customer type"
              required
              disabled={!utility}
              placeholder={utility ? undefined : 'Choose the utility first'}
              data={(utility?.customerTypes ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              {...form.getInputProps('customerTypeId')}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="plan-type-label">
              Rate type
            </Text>
            <SegmentedControl
              aria-labelledby="plan-type-label"
              data={PLAN_TYPES}
              {...form.getInputProps('planType')}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
        </FormSection>

        <FormSection title="First prices">
          <Text size="xs" c="dimmed">
            In effect as soon as the plan is saved; a later change is a new version. Plan shopping sells them
            once the plan is published.
          </Text>
          {electric && (
            <Checkbox
              label="Time of use: some hours are priced apart"
              {...form.getInputProps('timeOfUsePlan', { type: 'checkbox' })}
            />
          )}
          <ChargeFields
            form={form}
            rateUnit={utility?.rateUnit ?? 'kWh'}
            timeOfUsePlan={form.values.timeOfUsePlan}
          />
        </FormSection>

        <FormSection title="Settings">
          <PlanSettingsFields form={form} nameByRule />
        </FormSection>

        <FormSection title="What the customer agrees to">
          <AcceptanceOptionsFields form={form} />
        </FormSection>

        <Textarea
          label="Why"
          description="Kept with the first version and in the audit log."
          placeholder="e.g. Launch of the free-nights offer for Dallas"
          autosize
          minRows={2}
          maxLength={500}
          required
          {...form.getInputProps('note')}
        />
        <FailureAlert error={failure.rest} title="Plan not made" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate({ to: '/plans' })}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Make the plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A plan from nothing: where and for whom, its first prices, its settings and what the customer agrees to. */
export function NewPlanView() {
  const choices = usePlanChoices();
  if (choices.isPending)
    return (
      <Center py={40}>
        <Loader size="sm" aria-label="Loading the utilities" />
      </Center>
    );
  if (choices.isError)
    return <ErrorState error={choices.error} onRetry={() => void choices.refetch()} what="the utilities" />;
  return <NewPlanForm choices={choices.data} />;
}
