import { Anchor, Badge, Paper, Text } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import classes from '../../plans/components/plans.module.css';
import { type AutoresponderPackage, useAutoresponderPackages } from '../api/autoresponders';

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" radius="sm" tt="none">
      {active ? 'Active' : 'Off'}
    </Badge>
  );
}

const columns: DataTableColumn<AutoresponderPackage>[] = [
  {
    accessor: 'name',
    title: 'Package',
    render: (pack) => (
      <div>
        <Anchor
          renderRoot={(props) => (
            <Link {...props} to="/autoresponders/$id" params={{ id: pack.id_package }} />
          )}
          size="sm"
          fw={500}
          className={classes.rowLink}
          onClick={(event) => event.stopPropagation()}
        >
          {pack.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {pack.brand} · {pack.customer_type}
        </Text>
      </div>
    ),
  },
  { accessor: 'language', title: 'Language', width: 110 },
  {
    accessor: 'templates',
    title: 'Templates',
    textAlign: 'right',
    width: 110,
    render: (pack) => formatCount(pack.templates.length),
  },
  { accessor: 'active', title: 'State', width: 100, render: (pack) => <ActiveBadge active={pack.active} /> },
];

/** The company's autoresponder packages: one per brand, language and customer type. */
export function PackagesView() {
  const packages = useAutoresponderPackages();
  const navigate = useNavigate();
  if (packages.error && !packages.data)
    return (
      <Paper withBorder>
        <ErrorState error={packages.error} onRetry={() => void packages.refetch()} what="the packages" />
      </Paper>
    );
  return (
    <ServerTable<AutoresponderPackage>
      records={packages.data ?? []}
      columns={columns}
      idAccessor="id_package"
      fetching={packages.isFetching}
      onRowClick={({ record }) =>
        void navigate({ to: '/autoresponders/$id', params: { id: record.id_package } })
      }
      emptyState={
        packages.isPending ? undefined : (
          <EmptyState title="No packages" icon={<IconMailOff size={24} />}>
            The company sends no autoresponder yet.
          </EmptyState>
        )
      }
    />
  );
}
