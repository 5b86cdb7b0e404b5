import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconListSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { ServerTable } from '../../../components/ui/data-table';
import { FailureAlert } from '../../../components/ui/states';
import { formatCount, formatDateTime } from '../../../lib/format';
import { focusFirstError, splitFailure } from '../../customers/actions';
import {
  type BulkPreviewRequest,
  type BulkRow,
  useApplyBulkPriceChange,
  usePreviewBulkPriceChange,
} from '../api/bulk-price-change';
import { usePlans } from '../api/get-plans';
import { centsOf, termOf } from '../model';
import { EffectiveMoment, effectiveAtOf, momentProblem, type When } from './effective-moment';

const NO_CAMPAIGN = '(none)';
const FIELDS = ['selection', 'change', 'effectiveAt', 'note'] as const;

interface Values {
  utilityIds: string[];
  customerTypeIds: string[];
  terms: string[];
  campaign: string | null;
  by: 'percent' | 'amount';
  value: number | string;
  when: When;
  effectiveAt: string | null;
  note: string;
}

/** The request a form's values make; its JSON tells whether the preview shown is still the one asked for. */
function requestOf(values: Values): BulkPreviewRequest {
  const ids = (list: string[]) => (list.length > 0 ? list.map(Number) : undefined);
  return {
    selection: {
      utilityIds: ids(values.utilityIds),
      customerTypeIds: ids(values.customerTypeIds),
      terms: values.terms.length > 0 ? values.terms.map(Number) : undefined,
      campaign: values.campaign === null ? undefined : values.campaign === NO_CAMPAIGN ? '' : values.campaign,
    },
    change: { by: values.by, value: Number(values.value) },
    ...effectiveAtOf(values.when, values.effectiveAt),
  };
}

const change = (before: number | null | undefined, after: number | null | undefined) => {
  if (before == null || after == null) return '—';
  const delta = Math.round((after - before) * 1000) / 1000;
  return `${centsOf(before)} → ${centsOf(after)} (${delta >= 0 ? '+' : ''}${delta}¢)`;
};

const columns: DataTableColumn<BulkRow>[] = [
  {
    accessor: 'plan.name',
    title: 'Plan',
    render: (row) => (
      <div>
        <Text size="sm" fw={500}>
          {row.plan.name}
        </Text>
        <Text size="xs" c="dimmed">
          {row.plan.utility} · {row.plan.customerType} · {termOf(row.plan.term)} ·{' '}
          {row.plan.billingSystemPlanCode}
        </Text>
      </div>
    ),
  },
  {
    accessor: 'after.rate',
    title: 'Energy charge',
    render: (row) => (
      <Text size="sm" ff="monospace">
        {change(row.before.rate, row.after.rate)}
      </Text>
    ),
  },
  {
    accessor: 'after.averagePrices',
    title: 'Average at 1,000 kWh',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (row) => (
      <Text size="sm" ff="monospace">
        {change(row.before.averagePrices?.at1000, row.after.averagePrices?.at1000)}
      </Text>
    ),
  },
  {
    accessor: 'after.averagePrices.at500',
    title: 'At 500 · 2,000 kWh',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
    render: (row) =>
      row.after.averagePrices ? (
        <Text size="xs" ff="monospace">
          {centsOf(row.after.averagePrices.at500 ?? 0)} · {centsOf(row.after.averagePrices.at2000 ?? 0)}
        </Text>
      ) : (
        '—'
      ),
  },
  {
    accessor: 'laterChange',
    title: 'Version',
    render: (row) => (
      <div>
        <Text size="sm">
          {row.before.version} → {row.after.version}
        </Text>
        {row.laterChange && (
          <Text size="xs" c="orange.8">
            version {row.laterChange.version} still takes over {formatDateTime(row.laterChange.effectiveAt)}
          </Text>
        )}
      </div>
    ),
  },
];

/**
 * A change of many plans' energy charges at once: pick the plans, say by how much and from when, read what it does
 * to every plan (its EFL averages before and after), then apply it: every version in one transaction, or none.
 */
export function BulkPriceChangeView() {
  const catalogue = usePlans({});
  const preview = usePreviewBulkPriceChange();
  const apply = useApplyBulkPriceChange();
  const navigate = useNavigate();
  const form = useForm<Values>({
    name: 'bulk-price-change',
    initialValues: {
      utilityIds: [],
      customerTypeIds: [],
      terms: [],
      campaign: null,
      by: 'percent',
      value: '',
      when: 'now',
      effectiveAt: null,
      note: '',
    },
    validate: {
      value: (value) =>
        value === '' || !Number.isFinite(Number(value)) || Number(value) === 0
          ? 'Enter a change other than 0.'
          : null,
      effectiveAt: (value, values) => momentProblem(values.when, value),
    },
  });

  const options = useMemo(() => {
    const plans = (catalogue.data ?? []).filter((p) => !p.retired);
    const unique = <T,>(items: T[], key: (item: T) => string) => [
      ...new Map(items.map((i) => [key(i), i])).values(),
    ];
    return {
      utilities: unique(
        plans.map((p) => p.utility),
        (u) => String(u.id),
      ).map((u) => ({ value: String(u.id), label: u.name })),
      customerTypes: unique(
        plans.map((p) => p.customerType),
        (t) => String(t.id),
      ).map((t) => ({
        value: String(t.id),
        label: t.name,
      })),
      terms: [...new Set(plans.map((p) => p.term))]
        .sort((a, b) => a - b)
        .map((term) => ({ value: String(term), label: termOf(term) })),
      campaigns: [
        { value: NO_CAMPAIGN, label: 'No campaign' },
        ...[...new Set(plans.flatMap((p) => (p.promoCode ? [p.promoCode] : [])))].map((code) => ({
          value: code,
          label: code,
        })),
      ],
    };
  }, [catalogue.data]);

  const asked = JSON.stringify(requestOf(form.values));
  const shown =
    preview.data && preview.variables && JSON.stringify(preview.variables) === asked ? preview.data : null;

  const runPreview = form.onSubmit(
    (values) => {
      apply.reset();
      preview.mutate(requestOf(values), {
        onError: (error) => form.setErrors(splitFailure(error, FIELDS).fields),
      });
    },
    (errors) => focusFirstError('bulk-price-change', errors),
  );

  const applyChange = () => {
    if (form.values.note.trim().length < 3) {
      form.setFieldError('note', 'Say why, in a few words: it stays with every version.');
      return;
    }
    apply.mutate(
      { ...requestOf(form.values), note: form.values.note.trim() },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'teal',
            title: `${formatCount(result.rows.length)} plans repriced`,
            message: `A new version of each, effective ${formatDateTime(result.effectiveAt)}.`,
          });
          void navigate({ to: '/plans' });
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <form onSubmit={runPreview} noValidate>
        <Paper withBorder p="md">
          <Stack gap="md">
            <Text fw={600}>Which plans</Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              <MultiSelect
                label="Utilities"
                placeholder="Every utility"
                data={options.utilities}
                searchable
                clearable
                {...form.getInputProps('utilityIds')}
              />
              <MultiSelect
                label="Customer types"
                placeholder="Every customer type"
                data={options.customerTypes}
                clearable
                {...form.getInputProps('customerTypeIds')}
              />
              <MultiSelect
                label="Terms"
                placeholder="Every term"
                data={options.terms}
                clearable
                {...form.getInputProps('terms')}
              />
              <Select
                label="Campaign"
                placeholder="Any campaign or none"
                data={options.campaigns}
                clearable
                {...form.getInputProps('campaign')}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Retired plans are never repriced. Every energy charge of a plan changes alike: its rate and each
              time-of-use window's (a change in cents reaches free windows too; a percentage keeps them free).
              Base charges and early exit fees stay as they are.
            </Text>
            <Text fw={600}>By how much</Text>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <SegmentedControl
                aria-label="Change by"
                data={[
                  { value: 'percent', label: 'Percent' },
                  { value: 'amount', label: 'Cents' },
                ]}
                {...form.getInputProps('by')}
              />
              <NumberInput
                label={form.values.by === 'percent' ? 'Change (%)' : 'Change (¢ per unit)'}
                placeholder={form.values.by === 'percent' ? 'e.g. 3 or -2.5' : 'e.g. 0.4 or -0.25'}
                decimalScale={3}
                min={-100}
                max={100}
                w={180}
                required
                {...form.getInputProps('value')}
              />
            </Group>
            <EffectiveMoment
              when={form.values.when}
              whenProps={form.getInputProps('when')}
              momentProps={form.getInputProps('effectiveAt')}
            />
            <FailureAlert error={splitFailure(preview.error, FIELDS).rest} title="No preview" />
            <Group>
              <Button type="submit" leftSection={<IconListSearch size={16} />} loading={preview.isPending}>
                Preview the change
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>

      {preview.data && !shown && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          The plans or the change were edited since the preview: preview again before applying.
        </Alert>
      )}
      {shown && (
        <Stack gap="sm">
          <Text size="sm" aria-live="polite">
            {shown.rows.length === 0
              ? 'No plan that is not retired matches these choices.'
              : `${formatCount(shown.rows.length)} ${shown.rows.length === 1 ? 'plan' : 'plans'}, ${
                  form.values.when === 'now'
                    ? 'effective when applied'
                    : `effective ${formatDateTime(shown.effectiveAt)}`
                }:`}
          </Text>
          {shown.rows.length > 0 && (
            <>
              <ServerTable<BulkRow> records={shown.rows} columns={columns} idAccessor="plan.id" />
              <Paper withBorder p="md">
                <Stack gap="sm">
                  <Textarea
                    label="Why"
                    description="Kept with every new version and in the audit log."
                    placeholder="e.g. Forward curve up 3% since last week"
                    autosize
                    minRows={2}
                    maxLength={500}
                    required
                    {...form.getInputProps('note')}
                  />
                  <FailureAlert error={apply.error} title="Nothing was changed" />
                  <Group justify="flex-end">
                    <Button color="indigo" loading={apply.isPending} onClick={applyChange}>
                      Apply to {formatCount(shown.rows.length)} {shown.rows.length === 1 ? 'plan' : 'plans'}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
