import { Button, Group, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendar, IconFilter, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { type AuditSearch, hasAuditFilters } from '../search';

/** What the console records today; the fields take any value, these are suggestions. */
const ACTIONS = [
  'enrollment.release-hold',
  'enrollment.reject',
  'enrollment.retry-submission',
  'customer.reveal',
  'staff.create',
  'staff.update',
  'staff.reset-password',
  'staff.sign-out-everywhere',
  'staff.complete-setup',
];
const TARGET_TYPES = ['enrollment', 'customer', 'staff_user'];

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

// The calendar is the heaviest part of the page: it loads on its own, right after the rest.
const AuditDateRange = lazy(() => import('./audit-date-range'));

const DatesLoading = () => (
  <TextInput
    label="Dates"
    placeholder="Any date"
    readOnly
    leftSection={<IconCalendar size={16} stroke={1.6} />}
    aria-busy="true"
  />
);

interface AuditFiltersProps {
  search: AuditSearch;
  onApply: (filters: Omit<AuditSearch, 'page' | 'pageSize'>) => void;
}

/** The audit log's filters: applied with Enter or the button, kept in the URL. */
export function AuditFilters({ search, onApply }: AuditFiltersProps) {
  const form = useForm<FilterValues>({
    initialValues: valuesOf(search),
    validate: {
      actor: (value) =>
        value && !value.includes('@') ? 'An email address, e.g. agent@bluebonnet.example' : null,
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
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label="Actor"
          placeholder="Any staff email"
          type="email"
          autoComplete="off"
          {...form.getInputProps('actor')}
        />
        <TextInput
          label="Action"
          placeholder="Any action"
          autoComplete="off"
          list="audit-actions"
          {...form.getInputProps('action')}
        />
        <TextInput
          label="Target type"
          placeholder="Any type"
          autoComplete="off"
          list="audit-target-types"
          {...form.getInputProps('targetType')}
        />
        <TextInput
          label="Target id"
          placeholder="Any id"
          autoComplete="off"
          {...form.getInputProps('targetId')}
        />
        <Suspense fallback={<DatesLoading />}>
          <AuditDateRange
            value={form.values.dates}
            onChange={(dates) => form.setFieldValue('dates', dates)}
            error={form.errors.dates as string | undefined}
          />
        </Suspense>
        <Group justify="flex-end" align="flex-end" gap="xs" wrap="nowrap">
          {hasAuditFilters(search) && (
            <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={clear}>
              Clear
            </Button>
          )}
          <Button type="submit" variant="light" leftSection={<IconFilter size={16} />}>
            Apply
          </Button>
        </Group>
      </SimpleGrid>
      <datalist id="audit-actions">
        {ACTIONS.map((action) => (
          <option key={action} value={action} />
        ))}
      </datalist>
      <datalist id="audit-target-types">
        {TARGET_TYPES.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
    </Paper>
  );
}
