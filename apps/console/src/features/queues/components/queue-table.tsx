import { Button, Group, List, Menu, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconLockOpen, IconRotateClockwise, IconX } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Suspense, useEffect, useState } from 'react';
import { overlayOpen } from '../../../components/layout/shortcuts';
import { messageOf } from '../../../lib/api';
import { useCan } from '../../../lib/auth';
import { formatMoney, humanize } from '../../../lib/format';
import { useRetrySubmission } from '../../enrollments/api/retry-submission';
import {
  CorrectEnrollmentModal,
  preloadDialogs,
  RejectModal,
  ReleaseHoldModal,
} from '../../enrollments/components/dialogs';
import { EnrollmentLink } from '../../enrollments/components/enrollment-link';
import { isDepositHeld, isFailedSubmission, isHold } from '../../enrollments/model';
import {
  type QueueItem,
  type QueueOrder,
  type StatusQueue,
  useQueueEnrollments,
} from '../api/get-queue-enrollments';
import type { QueueSummary } from '../api/get-queues';
import { useRetrySubmissions } from '../api/retry-submissions';
import {
  actionsColumn,
  enrollmentColumn,
  NameCell,
  PagedQueue,
  type PagedTableState,
  RowMenu,
  usePagedQueueTable,
  waitingColumn,
} from './paged-table';
import { QueueHints } from './queue-hints';
import classes from './queues.module.css';

export interface QueueTableState extends PagedTableState {
  order: QueueOrder;
}

interface QueueTableProps extends QueueTableState {
  queue: StatusQueue;
  summary: QueueSummary | undefined;
  onChange: (next: Partial<QueueTableState>) => void;
}

type ActionKind = 'release' | 'reject' | 'correct';
type Action = { kind: ActionKind; item: QueueItem };

/** Refused by the billing system: corrected from the row before it is sent again (holds are corrected on their page). */
const isRefused = (item: QueueItem) => item.status === 'SUBMITTED_WITH_ERRORS';

function Why({ item }: { item: QueueItem }) {
  if (isFailedSubmission(item.status)) {
    const errors = item.billingErrors;
    const text = errors.length > 0 ? errors.join('; ') : 'The billing system could not be reached';
    return (
      <Stack gap={2} className={classes.reasons}>
        <Text size="sm" lineClamp={2} title={text}>
          {text}
        </Text>
        <Text size="xs" c="dimmed">
          {item.submissionAttempts} {item.submissionAttempts === 1 ? 'attempt' : 'attempts'}
        </Text>
      </Stack>
    );
  }
  if (item.reviewReasons.length > 0)
    return (
      <List size="sm" spacing={0} className={classes.reasons} withPadding={false} listStyleType="none">
        {item.reviewReasons.map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
    );
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

/** One status queue's enrollments, paged and ordered on the server, with the agent's actions and shortcuts. */
export function QueueTable({ queue, summary, page, pageSize, order, onChange }: QueueTableProps) {
  const canAct = useCan('enrollments.act');
  const query = useQueueEnrollments({ queue, pageNumber: page, pageSize, order });
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const retry = useRetrySubmission();
  const bulkRetry = useRetrySubmissions();
  // Phones: the id joins the customer's cell and the actions fold into a menu, so the row stays readable.
  const table = usePagedQueueTable<QueueItem, Action>({
    query,
    page,
    pageSize,
    onChange,
    resetKey: `${queue}-${order}`,
    enrollmentOf: (item) => item.id,
  });
  const { records, cursor, wide, dialog: action, close: closeAction, paged } = table;
  const { highlighted } = cursor;
  const openAction = (kind: ActionKind, item: QueueItem) => table.open({ kind, item });

  const refusals = queue === 'SUBMITTED_WITH_ERRORS';
  useEffect(
    () => (canAct ? preloadDialogs(refusals ? ['correct', 'reject'] : ['release', 'reject']) : undefined),
    [canAct, refusals],
  );

  const failures = isFailedSubmission(queue);
  const holds = isHold(queue);
  const selectable = canAct && failures;

  // Another queue, page or order: nothing stays selected out of sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a change of what is listed
  useEffect(() => {
    setSelectedIds([]);
  }, [queue, page, pageSize, order]);

  // Rows that left the page (released, retried by a colleague) leave the selection.
  useEffect(() => {
    setSelectedIds((ids) => ids.filter((id) => records.some((record) => record.id === id)));
  }, [records]);

  const retryOne = (item: QueueItem) =>
    retry.mutate(item.id, {
      onSuccess: (outcome) =>
        notifications.show({
          color: 'teal',
          title: `Enrollment ${outcome.id} sent again`,
          message: `Now ${humanize(outcome.status).toLowerCase()}.`,
        }),
      onError: (failure) =>
        notifications.show({
          color: 'red',
          title: `Enrollment ${item.id} not retried`,
          message: messageOf(failure),
        }),
    });

  const retrySelected = () => {
    const ids = [...selectedIds];
    bulkRetry.mutate(ids, {
      onSuccess: (results) => {
        setSelectedIds([]);
        const refused = results.filter((result) => !result.retried);
        const retried = results.length - refused.length;
        notifications.show({
          color: refused.length === 0 ? 'teal' : retried === 0 ? 'red' : 'yellow',
          title: `${retried} of ${results.length} sent again`,
          message:
            refused.length === 0 ? (
              'Every selected submission was sent to the billing system again.'
            ) : (
              <List size="xs" spacing={2}>
                {refused.slice(0, 5).map((result) => (
                  <List.Item key={result.id}>
                    #{result.id}: {result.message}
                  </List.Item>
                ))}
                {refused.length > 5 && <List.Item>…and {refused.length - 5} more</List.Item>}
              </List>
            ),
          autoClose: refused.length === 0 ? 5000 : false,
        });
      },
      onError: (failure) =>
        notifications.show({ color: 'red', title: 'Nothing was retried', message: messageOf(failure) }),
    });
  };

  const whenFree = (run: () => void) => () => {
    if (!overlayOpen()) run();
  };

  useHotkeys([
    [
      'x',
      whenFree(() => {
        if (!selectable || !highlighted) return;
        setSelectedIds((ids) =>
          ids.includes(highlighted.id) ? ids.filter((id) => id !== highlighted.id) : [...ids, highlighted.id],
        );
      }),
    ],
    [
      'r',
      whenFree(() => {
        if (canAct && highlighted && isHold(highlighted.status)) openAction('release', highlighted);
      }),
    ],
    [
      'shift+r',
      whenFree(() => {
        if (canAct && highlighted && isFailedSubmission(highlighted.status) && !retry.isPending)
          retryOne(highlighted);
      }),
    ],
  ]);

  const columns: DataTableColumn<QueueItem>[] = [
    enrollmentColumn('id', (item) => item.id, { hidden: !wide }),
    {
      accessor: 'customerName',
      title: 'Customer',
      render: (item) => (
        <NameCell
          name={item.customerName}
          before={
            !wide && (
              <Text span mr={6}>
                <EnrollmentLink id={item.id} />
              </Text>
            )
          }
          detail={item.ldcAccount}
          detailProps={{ ff: 'monospace' }}
        />
      ),
    },
    {
      accessor: 'planName',
      title: 'Plan and utility',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (item) => (
        <div>
          <Text size="sm" lineClamp={2} title={item.planName}>
            {item.planName || '—'}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {[item.utilityName, item.serviceArea].filter(Boolean).join(' · ')}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'deposit',
      title: 'Deposit',
      hidden: !holds,
      textAlign: 'right',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (item) =>
        item.depositStatus === 'not_required' ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <div>
            <Text size="sm">{formatMoney(item.deposit)}</Text>
            <Text
              size="xs"
              c={isDepositHeld(item.depositStatus) ? 'var(--mantine-color-orange-light-color)' : 'dimmed'}
              fw={500}
            >
              {humanize(item.depositStatus)}
            </Text>
          </div>
        ),
    },
    {
      accessor: 'reviewReasons',
      title: failures ? 'Billing system' : 'Why',
      hidden: !failures && !records.some((record) => record.reviewReasons.length > 0),
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (item) => <Why item={item} />,
    },
    waitingColumn('since', (item) => item.since, { sortable: true }),
  ];
  /** A row's actions in a menu: all of them on a phone; beside a refused row's "Correct…", the others. */
  const rowMenu = (item: QueueItem, beside: boolean) => (
    <RowMenu label={beside ? `More actions for enrollment ${item.id}` : `Actions for enrollment ${item.id}`}>
      {isHold(item.status) && (
        <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => openAction('release', item)}>
          Release hold
        </Menu.Item>
      )}
      {isRefused(item) && !beside && (
        <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => openAction('correct', item)}>
          Correct…
        </Menu.Item>
      )}
      {isFailedSubmission(item.status) && (
        <Menu.Item leftSection={<IconRotateClockwise size={16} />} onClick={() => retryOne(item)}>
          Retry submission
        </Menu.Item>
      )}
      <Menu.Item color="red" leftSection={<IconX size={16} />} onClick={() => openAction('reject', item)}>
        Reject
      </Menu.Item>
    </RowMenu>
  );

  if (canAct)
    columns.push(
      actionsColumn(wide ? (refusals ? 164 : holds || failures ? 180 : 100) : 52, (item) => {
        if (!wide) return rowMenu(item, false);
        // A refused submission is corrected before it is sent again: "Correct…" first, retry and reject beside it.
        if (isRefused(item))
          return (
            <Group gap={6} justify="flex-end" wrap="nowrap">
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconEdit size={14} />}
                onClick={() => openAction('correct', item)}
                aria-label={`Correct enrollment ${item.id}`}
              >
                Correct…
              </Button>
              {rowMenu(item, true)}
            </Group>
          );
        return (
          <Group gap={6} justify="flex-end" wrap="nowrap">
            {isHold(item.status) && (
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => openAction('release', item)}
                aria-label={`Release the hold of enrollment ${item.id}`}
              >
                Release
              </Button>
            )}
            {isFailedSubmission(item.status) && (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconRotateClockwise size={14} />}
                onClick={() => retryOne(item)}
                loading={retry.isPending && retry.variables === item.id}
                aria-label={`Retry the submission of enrollment ${item.id}`}
              >
                Retry
              </Button>
            )}
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => openAction('reject', item)}
              aria-label={`Reject enrollment ${item.id}`}
            >
              Reject
            </Button>
          </Group>
        );
      }),
    );

  const selectedRecords = records.filter((record) => selectedIds.includes(record.id));

  return (
    <PagedQueue<QueueItem>
      summary={summary}
      fallbackTitle={humanize(queue)}
      controls={
        selectable && (
          <Button
            leftSection={<IconRotateClockwise size={16} />}
            disabled={selectedIds.length === 0}
            loading={bulkRetry.isPending}
            onClick={retrySelected}
          >
            {selectedIds.length > 0 ? `Retry ${selectedIds.length} selected` : 'Retry selected'}
          </Button>
        )
      }
      {...paged}
      what="this queue"
      table={{
        key: wide ? 'wide' : 'narrow',
        columns,
        idAccessor: 'id',
        sortStatus: { columnAccessor: 'since', direction: order === 'oldest' ? 'asc' : 'desc' },
        onSortStatusChange: (sort) =>
          onChange({ order: sort.direction === 'asc' ? 'oldest' : 'newest', page: 1 }),
        ...cursor.tableProps,
        pinLastColumn: canAct,
        ...(selectable
          ? {
              selectedRecords,
              onSelectedRecordsChange: (chosen: QueueItem[]) =>
                setSelectedIds(chosen.map((record) => record.id)),
              getRecordSelectionCheckboxProps: (item: QueueItem) => ({
                'aria-label': `Select enrollment ${item.id}`,
              }),
              allRecordsSelectionCheckboxProps: { 'aria-label': 'Select every row of this page' },
            }
          : {}),
      }}
      empty={{ title: 'Nothing waiting', text: 'This queue is clear. New items appear here as they arrive.' }}
    >
      <QueueHints
        hints={[
          ...(selectable ? [{ keys: 'x', label: 'select' }] : []),
          ...(canAct && holds ? [{ keys: 'r', label: 'release' }] : []),
          ...(canAct && failures ? [{ keys: 'shift+r', label: 'retry' }] : []),
        ]}
      />

      {action && (
        <Suspense fallback={null}>
          {action.kind === 'release' && (
            <ReleaseHoldModal opened={action.open} item={action.item} onClose={closeAction} />
          )}
          {action.kind === 'reject' && (
            <RejectModal opened={action.open} item={action.item} onClose={closeAction} />
          )}
          {action.kind === 'correct' && (
            <CorrectEnrollmentModal
              opened={action.open}
              enrollmentId={action.item.id}
              onClose={closeAction}
            />
          )}
        </Suspense>
      )}
    </PagedQueue>
  );
}
