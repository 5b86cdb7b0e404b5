import { Anchor, Badge, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo } from 'react';
import { ServerTable } from '../../../components/ui/data-table';
import { SearchField, useSearchedWords } from '../../../components/ui/search-field';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatCount, formatDateTime, formatMoney } from '../../../lib/format';
import { type PlanSummary, usePlans } from '../api/get-plans';
import { averageAt1000, centsOf, saleStateOf, termOf } from '../model';
import { PLAN_STATES, type PlanState, type PlansSearch } from '../search';
import classes from './plans.module.css';

const STATE_LABELS: Record<PlanState, string> = {
  all: 'All',
  'on-sale': 'On sale',
  'not-on-sale': 'Not on sale',
  retired: 'Retired',
};

interface PlansViewProps {
  search: PlansSearch;
  onSearchChange: (next: PlansSearch) => void;
}

export function SaleStateBadge({ plan }: { plan: Parameters<typeof saleStateOf>[0] }) {
  const state = saleStateOf(plan);
  return (
    <Badge color={state.color} variant="light" radius="sm" tt="none">
      {state.label}
    </Badge>
  );
}

const columns: DataTableColumn<PlanSummary>[] = [
  {
    accessor: 'name',
    title: 'Plan',
    render: (plan) => (
      <div>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/plans/$id" params={{ id: plan.id }} />}
          size="sm"
          fw={500}
          className={classes.rowLink}
          onClick={(event) => event.stopPropagation()}
        >
          {plan.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {plan.billingSystemPlanCode}
          {plan.promoCode ? ` · promo ${plan.promoCode}` : ''}
        </Text>
      </div>
    ),
  },
  {
    accessor: 'utility',
    title: 'Utility',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (plan) => (
      <div>
        <Text size="sm">{plan.utility.name}</Text>
        <Text size="xs" c="dimmed">
          {plan.customerType.name} · {termOf(plan.term)} · {plan.rateType}
        </Text>
      </div>
    ),
  },
  {
    accessor: 'current.rate',
    title: 'Energy charge',
    textAlign: 'right',
    render: (plan) =>
      plan.current ? (
        <div>
          <Text size="sm" ff="monospace">
            {centsOf(plan.current.rate)}/{plan.rateUnit}
          </Text>
          <Text size="xs" c="dimmed">
            version {plan.current.version}
          </Text>
        </div>
      ) : (
        '—'
      ),
  },
  {
    accessor: 'current.averagePrices',
    title: 'Average at 1,000 kWh',
    textAlign: 'right',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
    render: (plan) => (
      <Text size="sm" ff="monospace">
        {plan.current ? averageAt1000(plan.current) : '—'}
      </Text>
    ),
  },
  {
    accessor: 'current.cancellationFee',
    title: 'Early exit fee',
    textAlign: 'right',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.xl})`,
    render: (plan) => (plan.current ? formatMoney(plan.current.cancellationFee) : '—'),
  },
  {
    accessor: 'onSale',
    title: 'Status',
    width: 120,
    noWrap: true,
    render: (plan) => <SaleStateBadge plan={plan} />,
  },
  {
    accessor: 'next',
    title: 'Next price change',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
    render: (plan) =>
      plan.next ? (
        <div>
          <Text size="sm">
            {centsOf(plan.next.rate)}/{plan.rateUnit}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={plan.next.effectiveAt}>
            from {formatDateTime(plan.next.effectiveAt)}
          </Text>
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          None scheduled
        </Text>
      ),
  },
];

/** The catalogue as pricing staff work it: each plan's prices in effect, its EFL average and what is scheduled. */
export function PlansView({ search, onSearchChange }: PlansViewProps) {
  const state = search.state ?? 'all';
  const q = useSearchedWords(search.q);
  const navigate = useNavigate();
  const plans = usePlans({ state, utilityId: search.utility, q });
  const catalogue = usePlans({});

  const utilities = useMemo(() => {
    const seen = new Map<number, string>();
    for (const plan of catalogue.data ?? []) seen.set(plan.utility.id, plan.utility.name);
    return [...seen].map(([id, name]) => ({ value: String(id), label: name }));
  }, [catalogue.data]);

  if (plans.error && !plans.data)
    return (
      <Paper withBorder>
        <ErrorState error={plans.error} onRetry={() => void plans.refetch()} what="the plans" />
      </Paper>
    );

  const rows = plans.data ?? [];
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SearchField
          label="Search"
          placeholder="Name or billing code"
          q={search.q}
          onSearch={(words) => onSearchChange({ ...search, q: words })}
          w={{ base: '100%', sm: 260 }}
        />
        <Select
          label="Utility"
          placeholder="Every utility"
          data={utilities}
          value={search.utility ? String(search.utility) : null}
          onChange={(value) => onSearchChange({ ...search, utility: value ? Number(value) : undefined })}
          clearable
          searchable
          w={{ base: '100%', sm: 240 }}
        />
        <SegmentedControl
          aria-label="Status"
          data={PLAN_STATES.map((value) => ({ value, label: STATE_LABELS[value] }))}
          value={state}
          onChange={(value) =>
            onSearchChange({ ...search, state: value === 'all' ? undefined : (value as PlanState) })
          }
        />
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {plans.data ? `${formatCount(rows.length)} ${rows.length === 1 ? 'plan' : 'plans'}` : ' '}
      </Text>
      <ServerTable<PlanSummary>
        records={rows}
        columns={columns}
        idAccessor="id"
        fetching={plans.isFetching}
        onRowClick={({ record }) => void navigate({ to: '/plans/$id', params: { id: record.id } })}
        emptyState={
          plans.isPending ? undefined : (
            <EmptyState title="No plans" icon={<IconReceiptOff size={24} />}>
              No plan matches these filters.
            </EmptyState>
          )
        }
      />
    </Stack>
  );
}
