import { Anchor, Badge, Paper, Text } from '@mantine/core';
import { IconPlugOff } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import classes from '../../plans/components/plans.module.css';
import { type UtilitySummary, useUtilities } from '../api/utilities';

export function EnrollmentsBadge({
  utility,
}: {
  utility: Pick<UtilitySummary, 'active' | 'allowEnrollments'>;
}) {
  if (!utility.active)
    return (
      <Badge color="gray" variant="light" radius="sm" tt="none">
        Inactive
      </Badge>
    );
  return utility.allowEnrollments ? (
    <Badge color="green" variant="light" radius="sm" tt="none">
      Enrolling
    </Badge>
  ) : (
    <Badge color="orange" variant="light" radius="sm" tt="none">
      Enrollments off
    </Badge>
  );
}

const columns: DataTableColumn<UtilitySummary>[] = [
  {
    accessor: 'name',
    title: 'Utility',
    render: (utility) => (
      <div>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/utilities/$id" params={{ id: utility.id }} />}
          size="sm"
          fw={500}
          className={classes.rowLink}
          onClick={(event) => event.stopPropagation()}
        >
          {utility.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {utility.code} · {utility.commodity} · {utility.stateCode}
        </Text>
      </div>
    ),
  },
  {
    accessor: 'allowEnrollments',
    title: 'Enrollments',
    width: 150,
    render: (utility) => <EnrollmentsBadge utility={utility} />,
  },
  {
    accessor: 'counts.zipcodes',
    title: 'Zip codes',
    textAlign: 'right',
    render: (utility) => formatCount(utility.counts.zipcodes),
  },
  {
    accessor: 'counts.plans',
    title: 'Plans',
    textAlign: 'right',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (utility) => formatCount(utility.counts.plans),
  },
  {
    accessor: 'counts.esiids',
    title: 'ESIIDs loaded',
    textAlign: 'right',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (utility) => (utility.counts.esiids === null ? '—' : formatCount(utility.counts.esiids)),
  },
];

/** The company's utilities with what they serve: enrollments on or off, zip codes, plans, premises loaded. */
export function UtilitiesView() {
  const utilities = useUtilities();
  const navigate = useNavigate();
  if (utilities.error && !utilities.data)
    return (
      <Paper withBorder>
        <ErrorState error={utilities.error} onRetry={() => void utilities.refetch()} what="the utilities" />
      </Paper>
    );
  return (
    <ServerTable<UtilitySummary>
      records={utilities.data ?? []}
      columns={columns}
      idAccessor="id"
      fetching={utilities.isFetching}
      onRowClick={({ record }) => void navigate({ to: '/utilities/$id', params: { id: record.id } })}
      emptyState={
        utilities.isPending ? undefined : (
          <EmptyState title="No utilities" icon={<IconPlugOff size={24} />}>
            The company serves no utility yet.
          </EmptyState>
        )
      }
    />
  );
}
