import { NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TimeOfUseWindow } from '../api/get-plan';
import { ListEditor } from './list-editor';

const SEASONS = [
  { value: 'All', label: 'All year' },
  { value: 'Summer', label: 'Summer (Jun–Sep)' },
  { value: 'NonSummer', label: 'Rest of the year' },
];
const DAYS = [
  { value: 'All', label: 'Every day' },
  { value: 'Weekday', label: 'Weekdays' },
  { value: 'Weekend', label: 'Weekends' },
];

/** A version's charges as a form holds them: numbers, or '' while a field is empty. */
export interface ChargeValues {
  rate: number | string;
  monthlyFee: number | string;
  cancellationFee: number | string;
  timeOfUse: TimeOfUseWindow[];
}

const filled = (value: number | string) => value !== '' && Number.isFinite(Number(value));

/** The form rules of a version's charges; `timeOfUsePlan` says from the form's values whether windows are needed. */
export const chargeValidation = <V,>(timeOfUsePlan: (values: V) => boolean) => ({
  rate: (value: number | string) => (filled(value) ? null : 'Enter the energy charge.'),
  monthlyFee: (value: number | string) => (filled(value) ? null : 'Enter the base charge (0 for none).'),
  cancellationFee: (value: number | string) =>
    filled(value) ? null : 'Enter the early exit fee (0 for none).',
  timeOfUse: (windows: TimeOfUseWindow[], values: V) =>
    timeOfUsePlan(values) && windows.length === 0 ? 'A time-of-use plan needs at least one window.' : null,
});

/** The charges as the API takes them. */
export const chargesOf = (values: ChargeValues) => ({
  rate: Number(values.rate),
  monthlyFee: Number(values.monthlyFee),
  cancellationFee: Number(values.cancellationFee),
  timeOfUse: values.timeOfUse.map((w) => ({ ...w, rate: Number(w.rate) })),
});

interface ChargeFieldsProps<V extends ChargeValues> {
  form: UseFormReturnType<V>;
  rateUnit: string;
  timeOfUsePlan: boolean;
}

/** Energy charge, base charge, early exit fee and, for a time-of-use plan, its windows. */
export function ChargeFields<V extends ChargeValues>({
  form,
  rateUnit,
  timeOfUsePlan,
}: ChargeFieldsProps<V>) {
  const windowCells = (_window: TimeOfUseWindow, index: number) => (
    <>
      <Table.Td>
        <TextInput
          aria-label={`Window ${index + 1} name`}
          size="xs"
          {...form.getInputProps(`timeOfUse.${index}.name`)}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Window ${index + 1} season`}
          size="xs"
          data={SEASONS}
          allowDeselect={false}
          {...form.getInputProps(`timeOfUse.${index}.season`)}
        />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Window ${index + 1} days`}
          size="xs"
          data={DAYS}
          allowDeselect={false}
          {...form.getInputProps(`timeOfUse.${index}.days`)}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Window ${index + 1} from hour`}
          size="xs"
          min={0}
          max={23}
          allowDecimal={false}
          w={64}
          {...form.getInputProps(`timeOfUse.${index}.start_hour`)}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Window ${index + 1} to hour`}
          size="xs"
          min={1}
          max={24}
          allowDecimal={false}
          w={64}
          {...form.getInputProps(`timeOfUse.${index}.end_hour`)}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Window ${index + 1} rate in cents`}
          size="xs"
          min={0}
          decimalScale={3}
          suffix="¢"
          w={90}
          {...form.getInputProps(`timeOfUse.${index}.rate`)}
        />
      </Table.Td>
    </>
  );

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NumberInput
          label="Energy charge"
          description={`Cents per ${rateUnit}`}
          suffix="¢"
          decimalScale={3}
          min={0}
          max={1000}
          hideControls
          required
          data-autofocus
          {...form.getInputProps('rate')}
        />
        <NumberInput
          label="Base charge"
          description="Dollars a month"
          prefix="$"
          decimalScale={2}
          min={0}
          hideControls
          required
          {...form.getInputProps('monthlyFee')}
        />
        <NumberInput
          label="Early exit fee"
          description="Dollars"
          prefix="$"
          decimalScale={2}
          min={0}
          hideControls
          required
          {...form.getInputProps('cancellationFee')}
        />
      </SimpleGrid>
      {timeOfUsePlan && (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Time-of-use windows
          </Text>
          <Text size="xs" c="dimmed">
            Hours run from the first to the last (not included); a window ending before it starts runs past
            midnight. Hours outside every window are billed at the energy charge.
          </Text>
          <ListEditor
            columns={['Name', 'Season', 'Days', 'From', 'To', 'Rate']}
            items={form.values.timeOfUse}
            minWidth={620}
            cells={windowCells}
            removeLabel={(window, index) => `Remove ${window.name || `window ${index + 1}`}`}
            onRemove={(index) => form.removeListItem('timeOfUse', index)}
            addLabel="Add a window"
            onAdd={() => {
              const window: TimeOfUseWindow = {
                name: '',
                season: 'All',
                days: 'All',
                start_hour: 0,
                end_hour: 24,
                rate: Number(form.values.rate) || 0,
              };
              // The generic form cannot tell its list's element type from V; it is TimeOfUseWindow.
              form.insertListItem('timeOfUse', window as never);
            }}
            error={form.errors.timeOfUse}
          />
        </Stack>
      )}
    </>
  );
}
