import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCircleCheck, IconDots, IconEye, IconFileText, IconX } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { overlayOpen } from '../../../components/layout/shortcuts';
import { ServerTable, TABLE_PAGE_SIZES } from '../../../components/ui/data-table';
import { useRowCursor } from '../../../components/ui/row-cursor';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useCan } from '../../../lib/auth';
import { formatMoney, humanize } from '../../../lib/format';
import type { LetterDecision } from '../../enrollments/api/review-credit-letter';
import {
  CreditLetterReviewModal,
  CreditLetterViewer,
  preloadDialogs,
} from '../../enrollments/components/dialogs';
import { EnrollmentLink } from '../../enrollments/components/enrollment-link';
import { type CreditLetterItem, useCreditLetters } from '../api/get-credit-letters';
import type { QueueSummary } from '../api/get-queues';
import type { PagedTableProps } from './paged-table';
import { QueueHeader, WaitingSince } from './queue-header';
import { QueueHints } from './queue-hints';
import classes from './queues.module.css';

type Dialog = { kind: 'view' | LetterDecision; item: CreditLetterItem; open: boolean } | null;

/** The letters of credit waiting for review, oldest upload first: read each one, then approve or reject it. */
export function CreditLetterTable({
  summary,
  page,
  pageSize,
  onChange,
}: PagedTableProps & { summary?: QueueSummary }) {
  const canAct = useCan('enrollments.act');
  const { data, error, isFetching, isPending, refetch } = useCreditLetters({ pageNumber: page, pageSize });
  const records = useMemo(() => data?.data ?? [], [data]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const navigate = useNavigate();
  const cursor = useRowCursor(records, {
    resetKey: `${page}-${pageSize}`,
    onOpen: (item) => void navigate({ to: '/enrollments/$id', params: { id: item.enrollmentId } }),
  });
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const open = (kind: 'view' | LetterDecision, item: CreditLetterItem) =>
    setDialog({ kind, item, open: true });
  const close = () => setDialog((current) => (current ? { ...current, open: false } : null));

  useEffect(() => preloadDialogs(canAct ? ['letterViewer', 'letterReview'] : ['letterViewer']), [canAct]);

  useHotkeys([
    [
      'v',
      () => {
        if (cursor.highlighted && !overlayOpen()) open('view', cursor.highlighted);
      },
    ],
  ]);

  // A page emptied by the last decisions steps back to the last page that has rows.
  useEffect(() => {
    if (data && data.data.length === 0 && page > 1 && data.totalPages < page)
      onChange({ page: Math.max(1, data.totalPages) });
  }, [data, page, onChange]);

  const columns: DataTableColumn<CreditLetterItem>[] = [
    {
      accessor: 'enrollmentId',
      title: 'Enrollment',
      render: (item) => <EnrollmentLink id={item.enrollmentId} />,
    },
    {
      accessor: 'customerName',
      title: 'Customer',
      render: (item) => (
        <div>
          <Text size="sm" fw={500}>
            {item.customerName || '—'}
          </Text>
          <Text size="xs" c="dimmed" title={item.enrollmentStatus}>
            {humanize(item.enrollmentStatus)}
          </Text>
        </div>
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
    {
      accessor: 'uploadedAt',
      title: 'Waiting',
      width: 100,
      render: (item) => <WaitingSince since={item.uploadedAt} />,
    },
  ];
  if (canAct)
    columns.push({
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      width: wide ? 190 : 52,
      render: (item) =>
        wide ? (
          <Group gap={6} justify="flex-end" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => open('approve', item)}
              aria-label={`Approve the letter of credit of enrollment ${item.enrollmentId}`}
            >
              Approve
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => open('reject', item)}
              aria-label={`Reject the letter of credit of enrollment ${item.enrollmentId}`}
            >
              Reject
            </Button>
          </Group>
        ) : (
          <Menu position="bottom-end" withinPortal width={200}>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Actions for the letter of credit of enrollment ${item.enrollmentId}`}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconEye size={16} />} onClick={() => open('view', item)}>
                View letter
              </Menu.Item>
              <Menu.Item leftSection={<IconCheck size={16} />} onClick={() => open('approve', item)}>
                Approve
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconX size={16} />} onClick={() => open('reject', item)}>
                Reject
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ),
    });

  return (
    <Stack gap="sm">
      <QueueHeader
        summary={summary}
        fallbackTitle="Letters of credit to review"
        total={data?.totalRecords}
        refreshing={isFetching && !isPending}
        onRefresh={() => void refetch()}
      />
      {error && !data ? (
        <Paper withBorder>
          <ErrorState error={error} onRetry={() => void refetch()} what="the letters of credit" />
        </Paper>
      ) : (
        <ServerTable<CreditLetterItem>
          key={wide ? 'wide' : 'narrow'}
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
              <EmptyState title="No letter to review" icon={<IconCircleCheck size={24} stroke={1.6} />}>
                Letters of credit appear here as business customers upload them.
              </EmptyState>
            )
          }
        />
      )}
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
    </Stack>
  );
}
