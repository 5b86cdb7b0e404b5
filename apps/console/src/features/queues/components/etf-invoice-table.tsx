import {
  ActionIcon,
  Badge,
  Button,
  Group,
  type MantineColor,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconDots, IconReceipt, IconSend } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { ServerTable, TABLE_PAGE_SIZES } from '../../../components/ui/data-table';
import { useRowCursor } from '../../../components/ui/row-cursor';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useCan } from '../../../lib/auth';
import { formatDateTime, formatMoney, humanize } from '../../../lib/format';
import type { EtfResolution } from '../../enrollments/api/resolve-etf-invoice';
import { EtfInvoiceDialog, preloadDialogs } from '../../enrollments/components/dialogs';
import { EnrollmentLink } from '../../enrollments/components/enrollment-link';
import { type EtfInvoiceItem, type EtfInvoiceStatus, useEtfInvoices } from '../api/get-etf-invoices';
import type { QueueSummary } from '../api/get-queues';
import type { PagedTableProps } from './paged-table';
import { QueueHeader, WaitingSince } from './queue-header';
import { QueueHints } from './queue-hints';

const STATUSES: { value: EtfInvoiceStatus; label: string }[] = [
  { value: 'queued', label: 'Queued' },
  { value: 'sent', label: 'Sent' },
  { value: 'waived', label: 'Waived' },
];

const STATUS_COLORS: Record<string, MantineColor> = { queued: 'yellow', sent: 'teal', waived: 'gray' };

type Dialog = { resolution: EtfResolution; item: EtfInvoiceItem; open: boolean } | null;

interface EtfInvoiceTableProps extends PagedTableProps {
  summary?: QueueSummary;
  status: EtfInvoiceStatus;
  onStatusChange: (status: EtfInvoiceStatus) => void;
}

/** The early termination fees queued by drops (or those sent or waived): send each to be billed, or waive it. */
export function EtfInvoiceTable(props: EtfInvoiceTableProps) {
  const { summary, status, onStatusChange, page, pageSize, onChange } = props;
  const canAct = useCan('enrollments.act');
  const { data, error, isFetching, isPending, refetch } = useEtfInvoices({
    status,
    pageNumber: page,
    pageSize,
  });
  const records = useMemo(() => data?.data ?? [], [data]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const navigate = useNavigate();
  const cursor = useRowCursor(records, {
    resetKey: `${status}-${page}-${pageSize}`,
    onOpen: (item) => void navigate({ to: '/enrollments/$id', params: { id: item.id_enrollment } }),
  });
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const open = (resolution: EtfResolution, item: EtfInvoiceItem) =>
    setDialog({ resolution, item, open: true });
  const close = () => setDialog((current) => (current ? { ...current, open: false } : null));
  const queued = status === 'queued';
  const actionable = canAct && queued;

  useEffect(() => (actionable ? preloadDialogs(['etf']) : undefined), [actionable]);

  // A page emptied by the last decisions steps back to the last page that has rows.
  useEffect(() => {
    if (data && data.data.length === 0 && page > 1 && data.totalPages < page)
      onChange({ page: Math.max(1, data.totalPages) });
  }, [data, page, onChange]);

  const columns: DataTableColumn<EtfInvoiceItem>[] = [
    {
      accessor: 'id_enrollment',
      title: 'Enrollment',
      render: (item) => <EnrollmentLink id={item.id_enrollment} />,
    },
    {
      accessor: 'amount',
      title: 'Fee',
      textAlign: 'right',
      render: (item) => (
        <Text size="sm" fw={600}>
          {formatMoney(item.amount)}
        </Text>
      ),
    },
    {
      accessor: 'reason',
      title: 'Drop reason',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (item) => (
        <Text size="sm" lineClamp={2}>
          {item.reason}
        </Text>
      ),
    },
    queued
      ? {
          accessor: 'created_at',
          title: 'Waiting',
          width: 100,
          render: (item) => <WaitingSince since={item.created_at} />,
        }
      : {
          accessor: 'resolved_at',
          title: status === 'sent' ? 'Sent' : 'Waived',
          render: (item) => (
            <div>
              <Group gap={6} wrap="nowrap">
                <Badge variant="light" color={STATUS_COLORS[item.status] ?? 'gray'} radius="sm" tt="none">
                  {humanize(item.status)}
                </Badge>
                <Text size="sm" component="time" dateTime={item.resolved_at ?? undefined}>
                  {formatDateTime(item.resolved_at)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {item.resolved_by ?? ''}
              </Text>
            </div>
          ),
        },
  ];
  if (actionable)
    columns.push({
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      width: wide ? 170 : 52,
      render: (item) =>
        wide ? (
          <Group gap={6} justify="flex-end" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => open('send', item)}
              aria-label={`Send the ETF invoice of enrollment ${item.id_enrollment}`}
            >
              Send
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => open('waive', item)}
              aria-label={`Waive the ETF invoice of enrollment ${item.id_enrollment}`}
            >
              Waive
            </Button>
          </Group>
        ) : (
          <Menu position="bottom-end" withinPortal width={200}>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Actions for the ETF invoice of enrollment ${item.id_enrollment}`}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconSend size={16} />} onClick={() => open('send', item)}>
                Send to be billed
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconReceipt size={16} />}
                onClick={() => open('waive', item)}
              >
                Waive
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ),
    });

  return (
    <Stack gap="sm">
      <QueueHeader
        summary={summary}
        fallbackTitle="ETF invoices of drops"
        total={data?.totalRecords}
        totalLabel={queued ? 'waiting' : status}
        refreshing={isFetching && !isPending}
        onRefresh={() => void refetch()}
      >
        <SegmentedControl
          size="xs"
          data={STATUSES}
          value={status}
          onChange={(value) => onStatusChange(value as EtfInvoiceStatus)}
          aria-label="Invoices to show"
        />
      </QueueHeader>
      {error && !data ? (
        <Paper withBorder>
          <ErrorState error={error} onRetry={() => void refetch()} what="the ETF invoices" />
        </Paper>
      ) : (
        <ServerTable<EtfInvoiceItem>
          key={`${status}-${wide ? 'wide' : 'narrow'}`}
          records={records}
          columns={columns}
          idAccessor="id_etf_invoice"
          fetching={isFetching}
          page={page}
          onPageChange={(next) => onChange({ page: next })}
          totalRecords={data?.totalRecords ?? 0}
          recordsPerPage={pageSize}
          recordsPerPageOptions={TABLE_PAGE_SIZES}
          onRecordsPerPageChange={(size) => onChange({ pageSize: size, page: 1 })}
          pinLastColumn={actionable}
          {...cursor.tableProps}
          emptyState={
            isPending ? undefined : (
              <EmptyState
                title={queued ? 'No fee waiting' : `No invoice ${status}`}
                icon={<IconCircleCheck size={24} stroke={1.6} />}
              >
                {queued
                  ? 'Fees queued by drops appear here.'
                  : 'Invoices appear here once an agent resolves them.'}
              </EmptyState>
            )
          }
        />
      )}
      <QueueHints />
      {dialog && (
        <Suspense fallback={null}>
          <EtfInvoiceDialog
            opened={dialog.open}
            invoice={{
              id: dialog.item.id_etf_invoice,
              enrollmentId: dialog.item.id_enrollment,
              amount: dialog.item.amount,
              reason: dialog.item.reason,
            }}
            resolution={dialog.resolution}
            onClose={close}
          />
        </Suspense>
      )}
    </Stack>
  );
}
