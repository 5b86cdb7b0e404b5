import { Anchor, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconTargetOff } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable, TABLE_PAGE_SIZES } from '../../../components/ui/data-table';
import { SearchField } from '../../../components/ui/search-field';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatCount, formatDate, formatDateTime, humanize } from '../../../lib/format';
import { useAffiliates } from '../../affiliates/api/get-affiliates';
import classes from '../../plans/components/plans.module.css';
import { type ProspectCard, useProspectBoard, useProspects } from '../api/get-prospects';
import { SALES_STATUS_LIST, SIGNING_STATUS_LIST } from '../model';
import type { ProspectsSearch } from '../search';
import { SalesBadge, SigningBadge } from './prospect-badges';
import { ProspectBoard } from './prospect-board';

const columns: DataTableColumn<ProspectCard>[] = [
  {
    accessor: 'customerName',
    title: 'Prospect',
    render: (p) => (
      <div>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/prospects/$id" params={{ id: p.id }} />}
          size="sm"
          fw={600}
          className={classes.rowLink}
          onClick={(event) => event.stopPropagation()}
        >
          {p.customerName}
        </Anchor>
        <Text size="xs" c="dimmed">
          #{p.id} · {p.utilityCode} · {p.term} months
        </Text>
      </div>
    ),
  },
  { accessor: 'status', title: 'Sales status', render: (p) => <SalesBadge status={p.status} /> },
  { accessor: 'signingStatus', title: 'Signing', render: (p) => <SigningBadge status={p.signingStatus} /> },
  {
    accessor: 'affiliate',
    title: 'Affiliate',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (p) => p.affiliate?.name ?? '—',
  },
  {
    accessor: 'repReferenceId',
    title: 'Rep',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
    render: (p) => p.repReferenceId ?? '—',
  },
  {
    accessor: 'expirationDate',
    title: 'Expires',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
    render: (p) => formatDate(p.expirationDate),
  },
  {
    accessor: 'modifiedAt',
    title: 'Changed',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
    render: (p) => formatDateTime(p.modifiedAt),
  },
];

interface ViewProps {
  search: ProspectsSearch;
  onSearchChange: (next: ProspectsSearch) => void;
}

function ProspectTable({ search, onSearchChange }: ViewProps) {
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? 20;
  const prospects = useProspects({
    status: search.status,
    signingStatus: search.signingStatus,
    affiliateId: search.affiliateId,
    q: search.q,
    pageNumber: page,
    pageSize,
  });
  if (prospects.error && !prospects.data)
    return (
      <Paper withBorder>
        <ErrorState error={prospects.error} onRetry={() => void prospects.refetch()} what="the prospects" />
      </Paper>
    );
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {prospects.data
          ? `${formatCount(prospects.data.totalRecords)} ${prospects.data.totalRecords === 1 ? 'prospect' : 'prospects'}`
          : ' '}
      </Text>
      <ServerTable<ProspectCard>
        records={prospects.data?.data ?? []}
        columns={columns}
        idAccessor="id"
        fetching={prospects.isFetching}
        page={page}
        onPageChange={(next) => onSearchChange({ ...search, page: next > 1 ? next : undefined })}
        totalRecords={prospects.data?.totalRecords ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={TABLE_PAGE_SIZES}
        onRecordsPerPageChange={(size) =>
          onSearchChange({ ...search, page: undefined, pageSize: size !== 20 ? size : undefined })
        }
        onRowClick={({ record }) => void navigate({ to: '/prospects/$id', params: { id: record.id } })}
        emptyState={
          prospects.isPending ? undefined : (
            <EmptyState title="No prospects" icon={<IconTargetOff size={24} />}>
              No prospect matches these filters.
            </EmptyState>
          )
        }
      />
    </Stack>
  );
}

function BoardView({ affiliateId }: { affiliateId?: number }) {
  const board = useProspectBoard(affiliateId);
  if (board.error && !board.data)
    return (
      <Paper withBorder>
        <ErrorState error={board.error} onRetry={() => void board.refetch()} what="the pipeline" />
      </Paper>
    );
  return board.data ? <ProspectBoard columns={board.data} /> : <Text size="sm">Loading the pipeline…</Text>;
}

/** The pipeline as a board (a column per sales status) or a filtered, paged table. */
export function ProspectsView({ search, onSearchChange }: ViewProps) {
  const view = search.view ?? 'board';
  const affiliates = useAffiliates();
  const change = (next: Partial<ProspectsSearch>) => onSearchChange({ ...search, ...next, page: undefined });
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label="View"
          data={[
            { value: 'board', label: 'Board' },
            { value: 'table', label: 'Table' },
          ]}
          value={view}
          onChange={(value) => change({ view: value === 'table' ? 'table' : undefined })}
        />
        <Select
          label="Affiliate"
          placeholder="All affiliates"
          clearable
          data={(affiliates.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
          value={search.affiliateId ? String(search.affiliateId) : null}
          onChange={(value) => change({ affiliateId: value ? Number(value) : undefined })}
          w={{ base: '100%', sm: 220 }}
        />
        {view === 'table' && (
          <>
            <SearchField
              label="Search"
              placeholder="Name, email, phone or LDC"
              q={search.q}
              onSearch={(words) => change({ q: words })}
              w={{ base: '100%', sm: 240 }}
            />
            <Select
              label="Sales status"
              placeholder="Any"
              clearable
              data={SALES_STATUS_LIST.map((value) => ({ value, label: humanize(value) }))}
              value={search.status ?? null}
              onChange={(value) => change({ status: (value ?? undefined) as ProspectsSearch['status'] })}
              w={{ base: '100%', sm: 180 }}
            />
            <Select
              label="Signing status"
              placeholder="Any"
              clearable
              data={SIGNING_STATUS_LIST.map((value) => ({ value, label: humanize(value) }))}
              value={search.signingStatus ?? null}
              onChange={(value) =>
                change({ signingStatus: (value ?? undefined) as ProspectsSearch['signingStatus'] })
              }
              w={{ base: '100%', sm: 180 }}
            />
          </>
        )}
      </Group>
      {view === 'board' ? (
        <BoardView affiliateId={search.affiliateId} />
      ) : (
        <ProspectTable search={search} onSearchChange={onSearchChange} />
      )}
    </Stack>
  );
}
