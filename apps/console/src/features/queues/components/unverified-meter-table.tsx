import { Box, Button, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconShieldCheck } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Suspense, useEffect } from 'react';
import { overlayOpen } from '../../../components/layout/shortcuts';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useCan } from '../../../lib/auth';
import { MeterVerifiedModal, preloadDialogs } from '../../enrollments/components/dialogs';
import type { QueueSummary } from '../api/get-queues';
import { type UnverifiedMeterItem, useUnverifiedMeters } from '../api/get-unverified-meters';
import {
  actionsColumn,
  enrollmentColumn,
  NameCell,
  PagedQueue,
  type PagedTableProps,
  usePagedQueueTable,
  waitingColumn,
} from './paged-table';
import { QueueHints } from './queue-hints';

/** Enrollments accepted on an ESIID the ESIID data did not know, oldest first: an agent checks each meter. */
export function UnverifiedMeterTable({
  summary,
  page,
  pageSize,
  onChange,
}: PagedTableProps & { summary?: QueueSummary }) {
  const canAct = useCan('enrollments.act');
  const query = useUnverifiedMeters({ pageNumber: page, pageSize });
  const { cursor, wide, dialog, open, close, paged } = usePagedQueueTable<
    UnverifiedMeterItem,
    { item: UnverifiedMeterItem }
  >({ query, page, pageSize, onChange, enrollmentOf: (item) => item.id });

  useEffect(() => (canAct ? preloadDialogs(['meter']) : undefined), [canAct]);

  useHotkeys([
    [
      'v',
      () => {
        if (canAct && cursor.highlighted && !overlayOpen()) open({ item: cursor.highlighted });
      },
    ],
  ]);

  const columns: DataTableColumn<UnverifiedMeterItem>[] = [
    enrollmentColumn('id', (item) => item.id),
    {
      accessor: 'customerName',
      title: 'Customer and ESIID',
      render: (item) => (
        <NameCell name={item.customerName} detail={item.ldcAccount} detailProps={{ ff: 'monospace' }} />
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
    waitingColumn('createdAt', (item) => item.createdAt),
  ];
  if (canAct)
    columns.push(
      actionsColumn(wide ? 120 : 96, (item) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={wide ? <IconShieldCheck size={14} /> : undefined}
          onClick={() => open({ item })}
          aria-label={`Mark the meter of enrollment ${item.id} verified`}
        >
          Verify
        </Button>
      )),
    );

  return (
    <PagedQueue<UnverifiedMeterItem>
      summary={summary}
      fallbackTitle="Unverified meters"
      {...paged}
      what="the unverified meters"
      table={{ columns, idAccessor: 'id', pinLastColumn: canAct, ...cursor.tableProps }}
      empty={{
        title: 'Every meter is verified',
        text: 'Enrollments on an ESIID the ESIID data does not know appear here.',
      }}
    >
      <QueueHints hints={canAct ? [{ keys: 'v', label: 'verify' }] : []} />
      {dialog && (
        <Suspense fallback={null}>
          <MeterVerifiedModal opened={dialog.open} item={dialog.item} onClose={close} />
        </Suspense>
      )}
    </PagedQueue>
  );
}
