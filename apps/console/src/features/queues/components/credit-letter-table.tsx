import { Group, Text, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconCheck, IconEye, IconFileText, IconX } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Suspense, useEffect } from 'react';
import { overlayOpen } from '../../../components/layout/shortcuts';
import { useCan } from '../../../lib/auth';
import { formatMoney, humanize } from '../../../lib/format';
import type { LetterDecision } from '../../enrollments/api/review-credit-letter';
import {
  CreditLetterReviewModal,
  CreditLetterViewer,
  preloadDialogs,
} from '../../enrollments/components/dialogs';
import { type CreditLetterItem, useCreditLetters } from '../api/get-credit-letters';
import type { QueueSummary } from '../api/get-queues';
import {
  actionsColumn,
  enrollmentColumn,
  NameCell,
  PagedQueue,
  type PagedTableProps,
  RowDecisions,
  usePagedQueueTable,
  waitingColumn,
} from './paged-table';
import { QueueHints } from './queue-hints';
import classes from './queues.module.css';

type Dialog = { kind: 'view' | LetterDecision; item: CreditLetterItem };

/** The letters of credit waiting for review, oldest upload first: read each one, then approve or reject it. */
export function CreditLetterTable({
  summary,
  page,
  pageSize,
  onChange,
}: PagedTableProps & { summary?: QueueSummary }) {
  const canAct = useCan('enrollments.act');
  const query = useCreditLetters({ pageNumber: page, pageSize });
  const { cursor, wide, dialog, setDialog, close, paged, ...table } = usePagedQueueTable<
    CreditLetterItem,
    Dialog
  >({
    query,
    page,
    pageSize,
    onChange,
    enrollmentOf: (item) => item.enrollmentId,
  });
  const open = (kind: 'view' | LetterDecision, item: CreditLetterItem) => table.open({ kind, item });

  useEffect(() => preloadDialogs(canAct ? ['letterViewer', 'letterReview'] : ['letterViewer']), [canAct]);

  useHotkeys([
    [
      'v',
      () => {
        if (cursor.highlighted && !overlayOpen()) open('view', cursor.highlighted);
      },
    ],
  ]);

  const columns: DataTableColumn<CreditLetterItem>[] = [
    enrollmentColumn('enrollmentId', (item) => item.enrollmentId),
    {
      accessor: 'customerName',
      title: 'Customer',
      render: (item) => (
        <NameCell
          name={item.customerName}
          detail={humanize(item.enrollmentStatus)}
          detailProps={{ title: item.enrollmentStatus }}
        />
      ),
    },
    {
      accessor: 'fileName',
      title: 'Letter',
      render: (item) => (
        <UnstyledButton
          onClick={(event) => {
            event.stopPropagation();
            open('view', item);
          }}
          aria-label={`View the letter of credit of enrollment ${item.enrollmentId} (${item.fileName})`}
        >
          <Group gap={4} wrap="nowrap" align="flex-start" className={classes.rowLink}>
            <IconFileText size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
            <Text size="sm" span style={{ overflowWrap: 'break-word' }}>
              {item.fileName}
            </Text>
          </Group>
        </UnstyledButton>
      ),
    },
    {
      accessor: 'deposit',
      title: 'Deposit covered',
      textAlign: 'right',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (item) => <Text size="sm">{formatMoney(item.deposit)}</Text>,
    },
    waitingColumn('uploadedAt', (item) => item.uploadedAt),
  ];
  if (canAct)
    columns.push(
      actionsColumn(wide ? 190 : 52, (item) => (
        <RowDecisions
          wide={wide}
          menuLabel={`Actions for the letter of credit of enrollment ${item.enrollmentId}`}
          buttons={[
            {
              label: 'Approve',
              ariaLabel: `Approve the letter of credit of enrollment ${item.enrollmentId}`,
              onClick: () => open('approve', item),
            },
            {
              label: 'Reject',
              ariaLabel: `Reject the letter of credit of enrollment ${item.enrollmentId}`,
              onClick: () => open('reject', item),
              danger: true,
            },
          ]}
          menu={[
            { label: 'View letter', icon: <IconEye size={16} />, onClick: () => open('view', item) },
            { label: 'Approve', icon: <IconCheck size={16} />, onClick: () => open('approve', item) },
            { label: 'Reject', icon: <IconX size={16} />, onClick: () => open('reject', item), danger: true },
          ]}
        />
      )),
    );

  return (
    <PagedQueue<CreditLetterItem>
      summary={summary}
      fallbackTitle="Letters of credit to review"
      {...paged}
      what="the letters of credit"
      table={{
        key: wide ? 'wide' : 'narrow',
        columns,
        idAccessor: 'id',
        pinLastColumn: canAct,
        ...cursor.tableProps,
      }}
      empty={{
        title: 'No letter to review',
        text: 'Letters of credit appear here as business customers upload them.',
      }}
    >
      <QueueHints hints={[{ keys: 'v', label: 'view letter' }]} />
      {dialog && (
        <Suspense fallback={null}>
          {dialog.kind === 'view' ? (
            <CreditLetterViewer
              opened={dialog.open}
              letter={dialog.item}
              reviewable
              onDecide={(decision) => setDialog({ kind: decision, item: dialog.item, open: true })}
              onClose={close}
            />
          ) : (
            <CreditLetterReviewModal
              opened={dialog.open}
              letter={dialog.item}
              decision={dialog.kind}
              onClose={close}
            />
          )}
        </Suspense>
      )}
    </PagedQueue>
  );
}
