import { Anchor, Badge, Paper, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatCount, formatDate } from '../../../lib/format';
import classes from '../../plans/components/plans.module.css';
import { type AffiliateSummary, useAffiliates } from '../api/get-affiliates';

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'green' : 'gray'} radius="sm" tt="none" fw={600}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

const columns: DataTableColumn<AffiliateSummary>[] = [
  {
    accessor: 'name',
    title: 'Affiliate',
    render: (affiliate) => (
      <Anchor
        renderRoot={(props) => <Link {...props} to="/affiliates/$id" params={{ id: affiliate.id }} />}
        size="sm"
        fw={600}
        className={classes.rowLink}
        onClick={(event) => event.stopPropagation()}
      >
        {affiliate.name}
      </Anchor>
    ),
  },
  { accessor: 'active', title: 'State', width: 110, render: (a) => <ActiveBadge active={a.active} /> },
  { accessor: 'reps', title: 'Reps', textAlign: 'right', width: 80, render: (a) => formatCount(a.reps) },
  {
    accessor: 'prospects',
    title: 'Prospects',
    textAlign: 'right',
    width: 100,
    render: (a) => formatCount(a.prospects),
  },
  {
    accessor: 'createdAt',
    title: 'Added',
    width: 130,
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (a) => formatDate(a.createdAt),
  },
];

/** The company's affiliates (sales partners) with their reps and prospects counted. */
export function AffiliatesView() {
  const affiliates = useAffiliates();
  const navigate = useNavigate();
  if (affiliates.error && !affiliates.data)
    return (
      <Paper withBorder>
        <ErrorState
          error={affiliates.error}
          onRetry={() => void affiliates.refetch()}
          what="the affiliates"
        />
      </Paper>
    );
  const rows = affiliates.data ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {affiliates.data
          ? `${formatCount(rows.length)} ${rows.length === 1 ? 'affiliate' : 'affiliates'}`
          : ' '}
      </Text>
      <ServerTable<AffiliateSummary>
        records={rows}
        columns={columns}
        idAccessor="id"
        fetching={affiliates.isFetching}
        onRowClick={({ record }) => void navigate({ to: '/affiliates/$id', params: { id: record.id } })}
        emptyState={
          affiliates.isPending ? undefined : (
            <EmptyState title="No affiliates" icon={<IconUsersGroup size={24} />}>
              Add the sales partners whose systems create prospects.
            </EmptyState>
          )
        }
      />
    </Stack>
  );
}
