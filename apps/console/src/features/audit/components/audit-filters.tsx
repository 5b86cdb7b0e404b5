import '@mantine/dates/styles.css';
import { Autocomplete, Button, Group, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar, IconFilter, IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { type AuditSearch, hasAuditFilters } from '../search';

/** What the console records today; the fields take any value, these are suggestions. */
const ACTIONS = [
  'enrollment.release-hold',
  'enrollment.reject',
  'enrollment.retry-submission',
  'staff.create',
  'staff.update',
  'staff.reset-password',
  'staff.sign-out-everywhere',
  'staff.complete-setup',
];
const TARGET_TYPES = ['enrollment', 'staff_user'];

interface FilterValues {
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  dates: [string | null, string | null];
}

const valuesOf = (search: AuditSearch): FilterValues => ({
  actor: search.actor ?? '',
  action: search.action ?? '',
  targetType: search.targetType ?? '',
  targetId: search.targetId ?? '',
  dates: [search.from ?? null, search.to ?? null],
});

const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');
const PRESETS: { value: [string, string]; label: string }[] = [
  { value: [day(0), day(0)], label: 'Today' },
  { value: [day(-1), day(-1)], label: 'Yesterday' },
  { value: [day(-6), day(0)], label: 'Last 7 days' },
  { value: [day(-29), day(0)], label: 'Last 30 days' },
];

interface AuditFiltersProps {
  search: AuditSearch;
  onApply: (filters: Omit<AuditSearch, 'page' | 'pageSize'>) => void;
}

/** The audit log's filters: applied with Enter or the button, kept in the URL. */
export function AuditFilters({ search, onApply }: AuditFiltersProps) {
  const form = useForm<FilterValues>({
    initialValues: valuesOf(search),
    validate: {
      actor: (value) => (value && !value.includes('@') ? 'An email address, e.g. agent@bluebonnet.example' : null),
    },
  });

  // Back, forward or a link changed the URL: the fields follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL only
  useEffect(() => {
    form.setValues(valuesOf(search));
    form.resetDirty(valuesOf(search));
  }, [search.actor, search.action, search.targetType, search.targetId, search.from, search.to]);

  const apply = form.onSubmit((values) => {
    const [from, to] = values.dates;
    onApply({
      actor: values.actor.trim().toLowerCase() || undefined,
      action: values.action.trim() || undefined,
      targetType: values.targetType.trim() || undefined,
      targetId: values.targetId.trim() || undefined,
      from: from ?? undefined,
      to: to ?? from ?? undefined,
    });
  });

  const clear = () => {
    form.setValues(valuesOf({}));
    onApply({});
  };

  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={apply} aria-label="Filter the audit log">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label="Actor"
          placeholder="agent@bluebonnet.example"
          type="email"
          autoComplete="off"
          {...form.getInputProps('actor')}
        />
        <Autocomplete label="Action" placeholder="Any action" data={ACTIONS} {...form.getInputProps('action')} />
        <Autocomplete
          label="Target type"
          placeholder="Any type"
          data={TARGET_TYPES}
          {...form.getInputProps('targetType')}
        />
        <TextInput label="Target id" placeholder="Any id" autoComplete="off" {...form.getInputProps('targetId')} />
        <DatePickerInput
          type="range"
          label="Dates"
          placeholder="Any date"
          valueFormat="D MMM YYYY"
          allowSingleDateInRange
          clearable
          maxDate={day(0)}
          presets={PRESETS}
          leftSection={<IconCalendar size={16} stroke={1.6} />}
          {...form.getInputProps('dates')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm" gap="xs">
        {hasAuditFilters(search) && (
          <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={clear}>
            Clear filters
          </Button>
        )}
        <Button type="submit" variant="light" leftSection={<IconFilter size={16} />}>
          Apply filters
        </Button>
      </Group>
    </Paper>
  );
}
