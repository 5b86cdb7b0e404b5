import {
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { DialogFooter } from '../../../components/ui/action-dialog';
import { formatDateTime } from '../../../lib/format';
import { focusFirstError, splitFailure } from '../../customers/actions';
import { useChangePrice } from '../api/change-price';
import type { PlanDetail, TimeOfUseWindow } from '../api/get-plan';
import { centsOf, pricesLine } from '../model';
import { EffectiveMoment, effectiveAtOf, momentProblem, type When } from './effective-moment';
import { ListEditor } from './list-editor';

interface PriceChangeModalProps {
  opened: boolean;
  plan: PlanDetail;
  onClose: () => void;
}

const FIELDS = ['rate', 'monthlyFee', 'cancellationFee', 'effectiveAt', 'timeOfUse', 'note'] as const;
const NOTE_MAX = 500;
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

interface Values {
  rate: number | string;
  monthlyFee: number | string;
  cancellationFee: number | string;
  when: When;
  effectiveAt: string | null;
  timeOfUse: TimeOfUseWindow[];
  note: string;
}

const filled = (value: number | string) => value !== '' && Number.isFinite(Number(value));

/**
 * A new version of the plan's prices, effective now or from a moment chosen: plan shopping sells it from then on,
 * and every enrollment made before keeps the version it accepted. Starts from the prices in effect.
 */
export function PriceChangeModal({ opened, plan, onClose }: PriceChangeModalProps) {
  const change = useChangePrice();
  const current = plan.current;
  const timeOfUsePlan = plan.rateType === 'Time of Use';
  const form = useForm<Values>({
    name: 'price-change',
    initialValues: {
      rate: current?.rate ?? '',
      monthlyFee: current?.monthlyFee ?? '',
      cancellationFee: current?.cancellationFee ?? '',
      when: 'now',
      effectiveAt: null,
      timeOfUse: current?.timeOfUse ?? [],
      note: '',
    },
    validate: {
      rate: (value) => (filled(value) ? null : 'Enter the energy charge.'),
      monthlyFee: (value) => (filled(value) ? null : 'Enter the base charge (0 for none).'),
      cancellationFee: (value) => (filled(value) ? null : 'Enter the early exit fee (0 for none).'),
      effectiveAt: (value, values) => momentProblem(values.when, value),
      timeOfUse: (windows) =>
        timeOfUsePlan && windows.length === 0 ? 'A time-of-use plan needs at least one window.' : null,
      note: (value) =>
        value.trim().length < 3 ? 'Say why, in a few words: it stays with the version.' : null,
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from the prices in effect
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues({
      rate: current?.rate ?? '',
      monthlyFee: current?.monthlyFee ?? '',
      cancellationFee: current?.cancellationFee ?? '',
      when: 'now',
      effectiveAt: null,
      timeOfUse: current?.timeOfUse ?? [],
      note: '',
    });
    form.reset();
    change.reset();
  }, [opened, plan.id, current?.version]);

  const submit = form.onSubmit(
    (values) =>
      change.mutate(
        {
          planId: plan.id,
          rate: Number(values.rate),
          monthlyFee: Number(values.monthlyFee),
          cancellationFee: Number(values.cancellationFee),
          timeOfUse: values.timeOfUse.map((w) => ({ ...w, rate: Number(w.rate) })),
          note: values.note.trim(),
          ...effectiveAtOf(values.when, values.effectiveAt),
        },
        {
          onSuccess: (saved) => {
            notifications.show({
              color: 'teal',
              title: `Version ${saved.version} saved`,
              message:
                saved.state === 'scheduled'
                  ? `${plan.name}: ${centsOf(saved.rate)}/${plan.rateUnit} from ${formatDateTime(saved.effectiveAt)}.`
                  : `${plan.name} now sells at ${centsOf(saved.rate)}/${plan.rateUnit}.`,
            });
            onClose();
          },
          onError: (error) => form.setErrors(splitFailure(error, FIELDS).fields),
        },
      ),
    (errors) => focusFirstError('price-change', errors),
  );

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
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Change the price of ${plan.name}`}
      size={timeOfUsePlan ? 'xl' : 'md'}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {current && (
            <Text size="sm" c="dimmed">
              In effect now (version {current.version}): {pricesLine(current, plan.rateUnit)}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <NumberInput
              label="Energy charge"
              description={`Cents per ${plan.rateUnit}`}
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
                Hours run from the first to the last (not included); a window ending before it starts runs
                past midnight. Hours outside every window are billed at the energy charge.
              </Text>
              <ListEditor
                columns={['Name', 'Season', 'Days', 'From', 'To', 'Rate']}
                items={form.values.timeOfUse}
                minWidth={620}
                cells={windowCells}
                removeLabel={(window, index) => `Remove ${window.name || `window ${index + 1}`}`}
                onRemove={(index) => form.removeListItem('timeOfUse', index)}
                addLabel="Add a window"
                onAdd={() =>
                  form.insertListItem('timeOfUse', {
                    name: '',
                    season: 'All',
                    days: 'All',
                    start_hour: 0,
                    end_hour: 24,
                    rate: Number(form.values.rate) || 0,
                  })
                }
                error={form.errors.timeOfUse}
              />
            </Stack>
          )}
          <EffectiveMoment
            when={form.values.when}
            whenProps={form.getInputProps('when')}
            momentProps={form.getInputProps('effectiveAt')}
          />
          <Textarea
            label="Why"
            description="Kept with the version and in the audit log."
            placeholder="e.g. Weekly review: wholesale forward curve up 4%"
            autosize
            minRows={2}
            maxLength={NOTE_MAX}
            required
            {...form.getInputProps('note')}
          />
          <Text size="xs" c="dimmed">
            Enrollments made before the new prices take effect keep the version they accepted.
          </Text>
          <DialogFooter
            error={splitFailure(change.error, FIELDS).rest}
            failureTitle="Price not changed"
            onCancel={onClose}
            submitLabel="Save new version"
            pending={change.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
