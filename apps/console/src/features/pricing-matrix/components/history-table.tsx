import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowBackUp, IconFileSearch, IconHistory, IconTable } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { ServerTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useCan } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import { Section } from '../../enrollments/components/section';
import { type MatrixImport, usePricingMatrices } from '../api/get-pricing-matrices';
import { contentsOf, hasKeptPrices } from '../model';
import type { ImportTab } from '../search';
import { wide } from './price-columns';
import { MatrixStatusBadge } from './status-badge';

const PAGE_SIZE = 10;

/** Who did it and when, on two lines. */
function ByAt({ by, at }: { by: string | null; at: string | null }) {
  if (!by || !at)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <div>
      <Text size="sm" component="time" dateTime={at} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(at)}
      </Text>
      <Text size="xs" c="dimmed">
        {by}
      </Text>
    </div>
  );
}

/** A link to an import's page, on a given list. */
function OpenImport({
  matrix,
  tab,
  label,
  icon,
}: {
  matrix: MatrixImport;
  tab?: ImportTab;
  label: string;
  icon: typeof IconTable;
}) {
  const Icon = icon;
  return (
    <Button
      size="compact-sm"
      variant="default"
      leftSection={<Icon size={14} />}
      aria-label={`${label}: ${matrix.fileName}, import ${matrix.id}`}
      renderRoot={(props) => (
        <Link {...props} to="/pricing-matrix" search={{ import: matrix.id, ...(tab ? { tab } : {}) }} />
      )}
    >
      {label}
    </Button>
  );
}

/** What can be done with an import from the history: review a pending one, restore a past one, read its prices. */
function Actions({ matrix, canChange }: { matrix: MatrixImport; canChange: boolean }) {
  return (
    <Group gap={6} wrap="wrap">
      {matrix.status === 'pending' && <OpenImport matrix={matrix} label="Review" icon={IconFileSearch} />}
      {matrix.restorable && (
        <OpenImport
          matrix={matrix}
          label={canChange ? 'Restore…' : 'Differences'}
          icon={canChange ? IconArrowBackUp : IconFileSearch}
        />
      )}
      {hasKeptPrices(matrix) && <OpenImport matrix={matrix} tab="prices" label="Prices" icon={IconTable} />}
    </Group>
  );
}

/** Every matrix uploaded, newest first: pending ones, the one in force, history and discarded uploads. */
export function HistoryTable() {
  const matrices = usePricingMatrices();
  const canChange = useCan('plans.write');
  const [page, setPage] = useState(1);

  if (matrices.error && !matrices.data)
    return (
      <Paper withBorder>
        <ErrorState error={matrices.error} onRetry={() => void matrices.refetch()} what="the matrices" />
      </Paper>
    );

  const all = matrices.data ?? [];
  const columns: DataTableColumn<MatrixImport>[] = [
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      visibleMediaQuery: wide,
      render: (matrix) => <MatrixStatusBadge matrix={matrix} />,
    },
    {
      accessor: 'fileName',
      title: 'File',
      render: (matrix) => (
        <div>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {matrix.fileName}
          </Text>
          <Text size="xs" c="dimmed">
            {contentsOf(matrix)}
          </Text>
          {/* On a phone the status has no column of its own. */}
          <Box hiddenFrom="sm" mt={4}>
            <MatrixStatusBadge matrix={matrix} />
          </Box>
        </div>
      ),
    },
    {
      accessor: 'uploadedAt',
      title: 'Uploaded',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (matrix) => <ByAt by={matrix.uploadedBy} at={matrix.uploadedAt} />,
    },
    {
      accessor: 'decidedAt',
      title: 'Decided',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
      render: (matrix) => <ByAt by={matrix.decidedBy} at={matrix.decidedAt} />,
    },
    {
      accessor: 'actions',
      title: 'Actions',
      render: (matrix) => <Actions matrix={matrix} canChange={canChange} />,
    },
  ];

  return (
    <Section
      title="History"
      count={all.length}
      description="Every matrix uploaded, newest first. A replaced matrix whose prices are kept can be put back in force."
      flush
    >
      <ServerTable<MatrixImport>
        aria-label="Every pricing matrix uploaded"
        withTableBorder={false}
        borderRadius={0}
        records={all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        columns={columns}
        idAccessor="id"
        fetching={matrices.isFetching}
        page={page}
        onPageChange={setPage}
        totalRecords={all.length}
        recordsPerPage={PAGE_SIZE}
        emptyState={
          matrices.isPending ? undefined : (
            <EmptyState title="No matrix uploaded yet" icon={<IconHistory size={24} />}>
              Every matrix uploaded appears here, with who put it in force and when.
            </EmptyState>
          )
        }
      />
    </Section>
  );
}
