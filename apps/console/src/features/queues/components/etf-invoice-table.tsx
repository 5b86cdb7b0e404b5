import { Badge, Group, type MantineColor, SegmentedControl, Text } from '@mantine/core';
import { IconReceipt, IconSend } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Suspense, useEffect } from 'react';
import { useCan } from '../../../lib/auth';
import { formatDateTime, formatMoney, humanize } from '../../../lib/format';
import type { EtfAction } from '../../enrollments/api/resolve-etf-invoice';
import { EtfInvoiceDialog, preloadDialogs } from '../../enrollments/components/dialogs';
import { type EtfInvoiceItem, type EtfInvoiceStatus, useEtfInvoices } from '../api/get-etf-invoices';
import type { QueueSummary } from '../api/get-queues';
import {
  actionsColumn,
  enrollmentColumn,
  PagedQueue,
  type PagedTableProps,
  RowDecisions,
  usePagedQueueTable,
  waitingColumn,
} from './paged-table';
import { QueueHints } from './queue-hints';

const STATUSES: { value: EtfInvoiceStatus; label: string }[] = [
  { value: 'queued', label: 'Queued' },
  { value: 'sent', label: 'Sent' },
  { value: 'waived', label: 'Waived' },
];

const STATUS_COLORS: Record<string, MantineColor> = { queued: 'yellow', sent: 'teal', waived: 'gray' };

type Dialog = { resolution: EtfAction; item: EtfInvoiceItem };

interface EtfInvoiceTableProps extends PagedTableProps {
  summary?: QueueSummary;
  status: EtfInvoiceStatus;
  onStatusChange: (status: EtfInvoiceStatus) => void;
}

/** The early termination fees queued by drops (or those sent or waived): send each to be billed, or waive it. */
export function EtfInvoiceTable(props: EtfInvoiceTableProps) {
  const { summary, status, onStatusChange, page, pageSize, onChange } = props;
  const canAct = useCan('enrollments.act');
  const query = useEtfInvoices({ status, pageNumber: page, pageSize });
  const { cursor, wide, dialog, close, paged, ...table } = usePagedQueueTable<EtfInvoiceItem, Dialog>({
    query,
    page,
    pageSize,
    onChange,
    resetKey: status,
    enrollmentOf: (item) => item.id_enrollment,
  });
  const open = (resolution: EtfAction, item: EtfInvoiceItem) => table.open({ resolution, item });
  const queued = status === 'queued';
  const actionable = canAct && queued;

  useEffect(() => (actionable ? preloadDialogs(['etf']) : undefined), [actionable]);

  const columns: DataTableColumn<EtfInvoiceItem>[] = [
    enrollmentColumn('id_enrollment', (item) => item.id_enrollment),
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
      ? waitingColumn('created_at', (item) => item.created_at)
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
                {item.resolution_note ? ` · “${item.resolution_note}”` : ''}
              </Text>
            </div>
          ),
        },
  ];
  if (actionable)
    columns.push(
      actionsColumn(wide ? 170 : 52, (item) => (
        <RowDecisions
          wide={wide}
          menuLabel={`Actions for the ETF invoice of enrollment ${item.id_enrollment}`}
          buttons={[
            {
              label: 'Send',
              ariaLabel: `Send the ETF invoice of enrollment ${item.id_enrollment}`,
              onClick: () => open('send', item),
            },
            {
              label: 'Waive',
              ariaLabel: `Waive the ETF invoice of enrollment ${item.id_enrollment}`,
              onClick: () => open('waive', item),
              danger: true,
            },
          ]}
          menu={[
            { label: 'Send to be billed', icon: <IconSend size={16} />, onClick: () => open('send', item) },
            {
              label: 'Waive',
              icon: <IconReceipt size={16} />,
              onClick: () => open('waive', item),
              danger: true,
            },
          ]}
        />
      )),
    );

  return (
    <PagedQueue<EtfInvoiceItem>
      summary={summary}
      fallbackTitle="ETF invoices of drops"
      totalLabel={queued ? 'waiting' : status}
      controls={
        <SegmentedControl
          size="xs"
          data={STATUSES}
          value={status}
          onChange={(value) => onStatusChange(value as EtfInvoiceStatus)}
          aria-label="Invoices to show"
        />
      }
      {...paged}
      what="the ETF invoices"
      table={{
        key: `${status}-${wide ? 'wide' : 'narrow'}`,
        columns,
        idAccessor: 'id_etf_invoice',
        pinLastColumn: actionable,
        ...cursor.tableProps,
      }}
      empty={{
        title: queued ? 'No fee waiting' : `No invoice ${status}`,
        text: queued
          ? 'Fees queued by drops appear here.'
          : 'Invoices appear here once an agent resolves them.',
      }}
    >
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
    </PagedQueue>
  );
}
