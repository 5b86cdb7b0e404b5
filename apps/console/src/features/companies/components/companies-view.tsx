import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/format';
import { type RetailCompany, useCompanies } from '../api/companies';

const columns: DataTableColumn<RetailCompany>[] = [
  {
    accessor: 'name',
    title: 'Company',
    render: (company) => (
      <div>
        <Text size="sm" fw={500}>
          {company.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {company.slug}
        </Text>
      </div>
    ),
  },
  { accessor: 'staff', title: 'Staff users', textAlign: 'right', width: 120 },
  {
    accessor: 'createdAt',
    title: 'Created',
    width: 140,
    render: (company) => (
      <Text size="sm" component="time" dateTime={company.createdAt}>
        {formatDate(company.createdAt)}
      </Text>
    ),
  },
];

/** The installation's retail companies, newest first. */
export function CompaniesView() {
  const companies = useCompanies();
  if (companies.isError)
    return <ErrorState error={companies.error} onRetry={() => companies.refetch()} what="the companies" />;
  return (
    <ServerTable
      aria-label="Retail companies"
      records={companies.data ?? []}
      columns={columns}
      fetching={companies.isPending}
      idAccessor="id"
    />
  );
}
