import '@mantine/dates/styles.css';
import { Checkbox, NumberInput, SimpleGrid, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import type { PlanSettings } from '../api/plan-changes';

export const PLAN_SETTING_FIELDS = [
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
  'allowBypassCreditCheck',
  'allowDateOfBirth',
  'askCriticalCare',
  'verificationRequired',
  'renewalsAllowed',
  'reenrollmentsAllowed',
] as const satisfies readonly (keyof PlanSettings)[];

/** The form rules of a plan's settings, as the API checks them (it checks again). */
export const settingsValidation = {
  name: (value: string) => (value.trim().length < 3 ? 'At least three characters.' : null),
  billingSystemPlanCode: (value: string) =>
    /^[A-Za-z0-9_.-]+$/.test(value) ? null : 'Letters, digits, dots, dashes and underscores only.',
  availableUntil: (value: string | null, values: PlanSettings) =>
    value !== null && value < values.availableFrom ? 'Not before the first day on sale.' : null,
  depositDenyServiceUnderScore: (value: number, values: PlanSettings) =>
    value > 0 && value > values.depositRequiredUnderScore ? 'At most the deposit threshold.' : null,
};

interface PlanSettingsFieldsProps<V extends PlanSettings> {
  form: UseFormReturnType<V>;
  /** A new plan may leave its name to the naming rule. */
  nameByRule?: boolean;
}

/** A plan's settings apart from its prices: name, codes, sale, contract, credit and texts. */
export function PlanSettingsFields<V extends PlanSettings>({
  form,
  nameByRule = false,
}: PlanSettingsFieldsProps<V>) {
  const number = (field: keyof PlanSettings) => ({
    ...form.getInputProps(field),
    onChange: (value: string | number) =>
      form.setFieldValue(field, (value === '' ? 0 : Number(value)) as never),
  });

  return (
    <>
      <TextInput
        label="Name"
        required={!nameByRule}
        placeholder={nameByRule ? 'Named by the rule: brand, term, type, commodity, campaign' : undefined}
        description={nameByRule ? 'Leave empty to name the plan as every other plan is named.' : undefined}
        data-autofocus={nameByRule ? undefined : true}
        {...form.getInputProps('name')}
      />
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
          onChange={(event) =>
            form.setFieldValue('promoCode', (event.currentTarget.value.trim() || null) as never)
          }
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
      <Text fw={600} size="sm">
        Enrollment
      </Text>
      <Checkbox
        label="Autopay required to enroll"
        {...form.getInputProps('recurringBillingRequired', { type: 'checkbox' })}
      />
      <Checkbox
        label="Ask whether someone at the address depends on life-support equipment (critical care)"
        {...form.getInputProps('askCriticalCare', { type: 'checkbox' })}
      />
      <Checkbox
        label="Every sale needs a third-party phone verification"
        {...form.getInputProps('verificationRequired', { type: 'checkbox' })}
      />
      <Checkbox
        label="Customers may choose it when they renew"
        {...form.getInputProps('renewalsAllowed', { type: 'checkbox' })}
      />
      <Checkbox
        label="Former customers may choose it to enroll again"
        {...form.getInputProps('reenrollmentsAllowed', { type: 'checkbox' })}
      />
      <Text fw={600} size="sm">
        Credit
      </Text>
      <Checkbox
        label="Credit check required"
        {...form.getInputProps('requiredCreditCheck', { type: 'checkbox' })}
      />
      <Checkbox
        label="A customer may skip the credit check by paying the deposit"
        {...form.getInputProps('allowBypassCreditCheck', { type: 'checkbox' })}
      />
      <Checkbox
        label="The credit check may use the date of birth when the customer gives no SSN"
        {...form.getInputProps('allowDateOfBirth', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NumberInput label="Deposit" prefix="$" min={0} decimalScale={2} {...number('requiredDepositFee')} />
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
    </>
  );
}
