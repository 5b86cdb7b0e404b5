import { Box, Button, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconShieldCheck } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { overlayOpen } from '../../../components/layout/shortcuts';
import { ServerTable, TABLE_PAGE_SIZES } from '../../../components/ui/data-table';
import { useRowCursor } from '../../../components/ui/row-cursor';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useCan } from '../../../lib/auth';
import { MeterVerifiedModal, preloadDialogs } from '../../enrollments/components/dialogs';
import { EnrollmentLink } from '../../enrollments/components/enrollment-link';
import type { QueueSummary } from '../api/get-queues';
import { type UnverifiedMeterItem, useUnverifiedMeters } from '../api/get-unverified-meters';
import type { PagedTableProps } from './paged-table';
import { QueueHeader, WaitingSince } from './queue-header';
import { QueueHints } from './queue-hints';

type Dialog = { item: UnverifiedMeterItem; open: boolean } | null;

/** Enrollments accepted on an ESIID the ESIID data did not know, oldest first: an agent checks each meter. */
export function UnverifiedMeterTable({
  summary,
  page,
  pageSize,
  onChange,
}: PagedTableProps & { summary?: QueueSummary }) {
  const canAct = useCan('enrollments.act');
  const { data, error, isFetching, isPending, refetch } = useUnverifiedMeters({ pageNumber: page, pageSize });
  const records = useMemo(() => data?.data ?? [], [data]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const navigate = useNavigate();
  const cursor = useRowCursor(records, {
    resetKey: `${page}-${pageSize}`,
    onOpen: (item) => void navigate({ to: '/enrollments/$id', params: { id: item.id } }),
  });
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const open = (item: UnverifiedMeterItem) => setDialog({ item, open: true });
  const close = () => setDialog((current) => (current ? { ...current, open: false } : null));

  useEffect(() => (canAct ? preloadDialogs(['meter']) : undefined), [canAct]);

  useHotkeys([
    [
      'v',
      () => {
        if (canAct && cursor.highlighted && !overlayOpen()) open(cursor.highlighted);
      },
    ],
  ]);

  useEffect(() => {
    if (data && data.data.length === 0 && page > 1 && data.totalPages < page)
      onChange({ page: Math.max(1, data.totalPages) });
  }, [data, page, onChange]);

  const columns: DataTableColumn<UnverifiedMeterItem>[] = [
    {
      accessor: 'id',
      title: 'Enrollment',
      render: (item) => <EnrollmentLink id={item.id} />,
    },
    {
      accessor: 'customerName',
      title: 'Customer and ESIID',
      render: (item) => (
        <div>
          <Text size="sm" fw={500}>
            {item.customerName || '—'}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {item.ldcAccount}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'utilityName',
      title: 'Utility and area',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (item) => (
        <div>
          <Text size="sm">{item.utilityName || '—'}</Text>
          <Text size="xs" c="dimmed">
            {item.serviceArea}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'status',
      title: 'Status',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      // The badge keeps its whole name: the table scrolls sideways before it cuts a status short.
      render: (item) => (
        <Box w="max-content">
          <StatusBadge status={item.status} />
        </Box>
      ),
    },
    {
      accessor: 'createdAt',
      title: 'Waiting',
      width: 100,
      render: (item) => <WaitingSince since={item.createdAt} />,
    },
  ];
  if (canAct)
    columns.push({
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      width: wide ? 120 : 96,
      render: (item) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={wide ? <IconShieldCheck size={14} /> : undefined}
          onClick={() => open(item)}
          aria-label={`Mark the meter of enrollment ${item.id} verified`}
        >
          Verify
        </Button>
      ),
    });

  return (
    <Stack gap="sm">
      <QueueHeader
        summary={summary}
        fallbackTitle="Unverified meters"
        total={data?.totalRecords}
        refreshing={isFetching && !isPending}
        onRefresh={() => void refetch()}
      />
      {error && !data ? (
        <Paper withBorder>
          <ErrorState error={error} onRetry={() => void refetch()} what="the unverified meters" />
        </Paper>
      ) : (
        <ServerTable<UnverifiedMeterItem>
          records={records}
          columns={columns}
          idAccessor="id"
          fetching={isFetching}
          page={page}
          onPageChange={(next) => onChange({ page: next })}
          totalRecords={data?.totalRecords ?? 0}
          recordsPerPage={pageSize}
          recordsPerPageOptions={TABLE_PAGE_SIZES}
          onRecordsPerPageChange={(size) => onChange({ pageSize: size, page: 1 })}
          pinLastColumn={canAct}
          {...cursor.tableProps}
          emptyState={
            isPending ? undefined : (
              <EmptyState title="Every meter is verified" icon={<IconCircleCheck size={24} stroke={1.6} />}>
                Enrollments on an ESIID the ESIID data does not know appear here.
              </EmptyState>
            )
          }
        />
      )}
      <QueueHints hints={canAct ? [{ keys: 'v', label: 'verify' }] : []} />
      {dialog && (
        <Suspense fallback={null}>
          <MeterVerifiedModal opened={dialog.open} item={dialog.item} onClose={close} />
        </Suspense>
      )}
    </Stack>
  );
}
