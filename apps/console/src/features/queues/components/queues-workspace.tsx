import { Box, Paper, Skeleton, Stack } from '@mantine/core';
import { useCallback } from 'react';
import { ErrorState } from '../../../components/ui/states';
import { DEFAULT_PAGE_SIZE } from '../../../lib/search';
import type { EtfInvoiceStatus } from '../api/get-etf-invoices';
import { useQueues } from '../api/get-queues';
import { defaultQueue, findQueue, isStatusQueue } from '../model';
import type { QueuesSearch } from '../search';
import { CreditLetterTable } from './credit-letter-table';
import { EtfInvoiceTable } from './etf-invoice-table';
import { QueueList } from './queue-list';
import { QueueTable, type QueueTableState } from './queue-table';
import classes from './queues.module.css';
import { UnverifiedMeterTable } from './unverified-meter-table';

interface QueuesWorkspaceProps {
  search: QueuesSearch;
  /** Writes the next state into the URL (so the view can be bookmarked or sent to a colleague). */
  onSearchChange: (next: QueuesSearch) => void;
}

type TableChange = Partial<QueueTableState & { status: EtfInvoiceStatus }>;

/** The queues with their counts, and the selected queue's list: enrollments of a status, letters, meters or fees. */
export function QueuesWorkspace({ search, onSearchChange }: QueuesWorkspaceProps) {
  const queues = useQueues();
  // What a queue lists is its `kind` (GET /queues): the table waits for the list to know it.
  const summary = queues.data
    ? (findQueue(queues.data, search.queue) ?? defaultQueue(queues.data))
    : undefined;
  const selected = summary?.queue;

  const onTableChange = useCallback(
    (next: TableChange) => {
      const merged = {
        page: next.page ?? search.page ?? 1,
        pageSize: next.pageSize ?? search.pageSize ?? DEFAULT_PAGE_SIZE,
        order: next.order ?? search.order ?? 'oldest',
        status: next.status ?? search.status ?? 'queued',
      };
      onSearchChange({
        queue: selected,
        page: merged.page > 1 ? merged.page : undefined,
        pageSize: merged.pageSize !== DEFAULT_PAGE_SIZE ? merged.pageSize : undefined,
        order: merged.order === 'newest' ? 'newest' : undefined,
        status: merged.status !== 'queued' ? merged.status : undefined,
      });
    },
    [search, selected, onSearchChange],
  );

  if (queues.error && !queues.data)
    return (
      <Paper withBorder>
        <ErrorState error={queues.error} onRetry={() => void queues.refetch()} what="the queues" />
      </Paper>
    );

  const paging = {
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
    onChange: onTableChange,
  };

  return (
    <div className={classes.workspace}>
      <Box className={classes.queueColumn}>
        <QueueList
          queues={queues.data}
          selected={selected}
          loading={queues.isPending}
          onSelect={(queue) => onSearchChange({ queue, pageSize: search.pageSize, order: search.order })}
        />
      </Box>
      <Box className={classes.tableColumn}>
        {!summary && queues.isPending && (
          <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the queue">
            <Skeleton height={28} width={260} />
            <Skeleton height={320} />
          </Stack>
        )}
        {summary && isStatusQueue(summary) && (
          <QueueTable
            key={summary.queue}
            queue={summary.queue}
            summary={summary}
            order={search.order ?? 'oldest'}
            {...paging}
          />
        )}
        {summary?.kind === 'credit-letters' && <CreditLetterTable summary={summary} {...paging} />}
        {summary?.kind === 'unverified-meters' && <UnverifiedMeterTable summary={summary} {...paging} />}
        {summary?.kind === 'etf-invoices' && (
          <EtfInvoiceTable
            summary={summary}
            status={search.status ?? 'queued'}
            onStatusChange={(status) => onTableChange({ status, page: 1 })}
            {...paging}
          />
        )}
      </Box>
    </div>
  );
}
