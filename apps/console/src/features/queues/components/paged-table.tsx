import { ActionIcon, Button, Group, Menu, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconDots } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { DataTableColumn, DataTableProps } from 'mantine-datatable';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ServerTable, TABLE_PAGE_SIZES } from '../../../components/ui/data-table';
import { useRowCursor } from '../../../components/ui/row-cursor';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { EnrollmentLink } from '../../enrollments/components/enrollment-link';
import type { QueueSummary } from '../api/get-queues';
import { QueueHeader, WaitingSince } from './queue-header';

/** The paging of a queue's list, kept in the URL by the workspace. */
export interface PagedTableState {
  page: number;
  pageSize: number;
}

export interface PagedTableProps extends PagedTableState {
  onChange: (next: Partial<PagedTableState>) => void;
}

/** One page of a queue's list as the ops API answers it. */
interface Paged<T> {
  data: T[];
  totalRecords: number;
  totalPages: number;
}

/** What a list's query gives the table. */
interface PagedQuery<T> {
  data: Paged<T> | undefined;
  error: unknown;
  isFetching: boolean;
  isPending: boolean;
  refetch: () => unknown;
}

interface PagedQueueTableOptions<T> extends PagedTableProps {
  query: PagedQuery<T>;
  /** What else resets the keyboard cursor besides the page and its size (a queue, a filter, an order). */
  resetKey?: string;
  /** The enrollment a row opens (Enter). */
  enrollmentOf: (item: T) => number;
}

/**
 * A queue's list read a page at a time: its rows, the keyboard cursor (Enter opens the row's enrollment), the phone or
 * desktop layout, the dialog open for a row, and the step back from a page emptied by the last actions.
 */
export function usePagedQueueTable<T, D extends object>(options: PagedQueueTableOptions<T>) {
  const { query, page, pageSize, onChange, resetKey, enrollmentOf } = options;
  const { data } = query;
  const records = useMemo(() => data?.data ?? [], [data]);
  const [dialog, setDialog] = useState<(D & { open: boolean }) | null>(null);
  const navigate = useNavigate();
  const cursor = useRowCursor(records, {
    resetKey: resetKey === undefined ? `${page}-${pageSize}` : `${resetKey}-${page}-${pageSize}`,
    onOpen: (item) => void navigate({ to: '/enrollments/$id', params: { id: enrollmentOf(item) } }),
  });
  // Phones: the actions fold into a menu, so the row stays readable.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const open = (next: D) => setDialog({ ...next, open: true });
  // Closing keeps the row until the dialog has faded out.
  const close = () => setDialog((current) => (current ? { ...current, open: false } : null));

  // A page emptied by the last actions steps back to the last page that has rows.
  useEffect(() => {
    if (data && data.data.length === 0 && page > 1 && data.totalPages < page)
      onChange({ page: Math.max(1, data.totalPages) });
  }, [data, page, onChange]);

  // What the queue's table is given as it is: the query, its rows and the paging.
  const paged = { query, records, page, pageSize, onChange };
  return { records, cursor, wide, dialog, setDialog, open, close, paged };
}

interface PagedQueueProps<T> extends PagedTableProps {
  summary: QueueSummary | undefined;
  fallbackTitle: string;
  totalLabel?: string;
  /** Controls beside the refresh button. */
  controls?: ReactNode;
  query: PagedQuery<T>;
  /** What failed to load, for the error ("the ETF invoices"). */
  what: string;
  records: T[];
  /** The table's own props: columns, id accessor, cursor, pinning, sorting, selection, key. */
  table: Omit<DataTableProps<T>, 'records'> & { key?: string };
  empty: { title: string; text: ReactNode };
  /** Below the table: the hints and the dialogs. */
  children?: ReactNode;
}

/** A queue's heading, then its server-paged table (or why it could not be read), then what follows it. */
export function PagedQueue<T>(props: PagedQueueProps<T>) {
  const { summary, fallbackTitle, totalLabel, controls, query, what, records, page, pageSize, onChange } =
    props;
  const { data, error, isFetching, isPending, refetch } = query;
  const { key, ...table } = props.table;
  return (
    <Stack gap="sm">
      <QueueHeader
        summary={summary}
        fallbackTitle={fallbackTitle}
        total={data?.totalRecords}
        totalLabel={totalLabel}
        refreshing={isFetching && !isPending}
        onRefresh={() => void refetch()}
      >
        {controls}
      </QueueHeader>
      {error && !data ? (
        <Paper withBorder>
          <ErrorState error={error} onRetry={() => void refetch()} what={what} />
        </Paper>
      ) : (
        <ServerTable<T>
          key={key}
          {...({
            records,
            fetching: isFetching,
            page,
            onPageChange: (next: number) => onChange({ page: next }),
            totalRecords: data?.totalRecords ?? 0,
            recordsPerPage: pageSize,
            recordsPerPageOptions: TABLE_PAGE_SIZES,
            onRecordsPerPageChange: (size: number) => onChange({ pageSize: size, page: 1 }),
            ...table,
            emptyState: isPending ? undefined : (
              <EmptyState title={props.empty.title} icon={<IconCircleCheck size={24} stroke={1.6} />}>
                {props.empty.text}
              </EmptyState>
            ),
          } as DataTableProps<T>)}
        />
      )}
      {props.children}
    </Stack>
  );
}

/** The first column: the row's enrollment, as a link to its page. */
export const enrollmentColumn = <T,>(
  accessor: string,
  idOf: (item: T) => number,
  extra: Partial<DataTableColumn<T>> = {},
): DataTableColumn<T> => ({
  accessor,
  title: 'Enrollment',
  ...extra,
  render: (item) => <EnrollmentLink id={idOf(item)} />,
});

/** How long the row has waited. */
export const waitingColumn = <T,>(
  accessor: string,
  sinceOf: (item: T) => string,
  extra: Partial<DataTableColumn<T>> = {},
): DataTableColumn<T> => ({
  accessor,
  title: 'Waiting',
  width: 100,
  ...extra,
  render: (item) => <WaitingSince since={sinceOf(item)} />,
});

/** The last column: the row's actions, titled for screen readers only. */
export const actionsColumn = <T,>(width: number, render: (item: T) => ReactNode): DataTableColumn<T> => ({
  accessor: 'actions',
  title: <VisuallyHidden>Actions</VisuallyHidden>,
  textAlign: 'right',
  width,
  render,
});

/** A name in bold over a dimmed detail line: the customer's cell. */
export function NameCell({
  name,
  before,
  detail,
  detailProps,
}: {
  name: string | null | undefined;
  before?: ReactNode;
  detail: ReactNode;
  detailProps?: { ff?: string; title?: string };
}) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {before}
        {name || '—'}
      </Text>
      <Text size="xs" c="dimmed" {...detailProps}>
        {detail}
      </Text>
    </div>
  );
}

/** A row's actions folded into a menu behind a "…" button. */
export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

interface Decision {
  label: string;
  /** The button's accessible name, which names the row. */
  ariaLabel: string;
  onClick: () => void;
  danger?: boolean;
}

interface MenuChoice {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
}

/** A row's two decisions: side by side on a desktop, in a menu (with any other choices) on a phone. */
export function RowDecisions(props: {
  wide: boolean;
  menuLabel: string;
  buttons: Decision[];
  menu: MenuChoice[];
}) {
  if (!props.wide)
    return (
      <RowMenu label={props.menuLabel}>
        {props.menu.map((choice) => (
          <Menu.Item
            key={choice.label}
            color={choice.danger ? 'red' : undefined}
            leftSection={choice.icon}
            onClick={choice.onClick}
          >
            {choice.label}
          </Menu.Item>
        ))}
      </RowMenu>
    );
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {props.buttons.map((button) => (
        <Button
          key={button.label}
          size="compact-sm"
          variant={button.danger ? 'subtle' : 'light'}
          color={button.danger ? 'red' : undefined}
          onClick={button.onClick}
          aria-label={button.ariaLabel}
        >
          {button.label}
        </Button>
      ))}
    </Group>
  );
}
