import {
  ActionIcon,
  Badge,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronRight, IconHistory } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { ServerTable, TABLE_PAGE_SIZES } from '../../../components/ui/data-table';
import { JsonView } from '../../../components/ui/json-view';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import type { AuditEntry, AuditLogPage } from '../api/get-audit-log';
import classes from './audit.module.css';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The top-level fields whose value differs between before and after. */
function changedKeys(before: unknown, after: unknown): string[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

function Change({ entry }: { entry: AuditEntry }) {
  const changed = changedKeys(entry.before, entry.after);
  return (
    <Stack gap="sm" p="md" className={classes.change}>
      {changed.length > 0 && (
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            Changed:
          </Text>
          {changed.map((key) => (
            <Badge key={key} size="sm" variant="light" color="indigo" radius="sm" tt="none">
              {key}
            </Badge>
          ))}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <div>
          <Title order={2} size="h6" mb={6}>
            Before
          </Title>
          <JsonView value={entry.before} label={`Entry ${entry.id} before the change`} />
        </div>
        <div>
          <Title order={2} size="h6" mb={6}>
            After
          </Title>
          <JsonView value={entry.after} label={`Entry ${entry.id} after the change`} />
        </div>
      </SimpleGrid>
    </Stack>
  );
}

interface AuditTableProps {
  data: AuditLogPage | undefined;
  error: unknown;
  fetching: boolean;
  pending: boolean;
  filtered: boolean;
  page: number;
  pageSize: number;
  onRetry: () => void;
  onPage: (page: number, pageSize: number) => void;
  onFilter: (filter: { actor?: string; targetType?: string; targetId?: string }) => void;
}

/** The audit log's entries, newest first; a row opens to its before and after, side by side. */
export function AuditTable(props: AuditTableProps) {
  const { data, error, fetching, pending, filtered, page, pageSize, onRetry, onPage, onFilter } = props;
  const [expanded, setExpanded] = useState<number[]>([]);
  const toggle = (id: number) =>
    setExpanded((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  if (error && !data)
    return (
      <Paper withBorder>
        <ErrorState error={error} onRetry={onRetry} what="the audit log" />
      </Paper>
    );

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      accessor: 'expand',
      title: <VisuallyHidden>Details</VisuallyHidden>,
      width: 44,
      render: (entry) => {
        const open = expanded.includes(entry.id);
        return (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'Show'} the change of entry ${entry.id}`}
            onClick={(event) => {
              event.stopPropagation();
              toggle(entry.id);
            }}
          >
            <IconChevronRight size={16} className={classes.chevron} data-open={open || undefined} />
          </ActionIcon>
        );
      },
    },
    {
      accessor: 'at',
      title: 'When and who',
      render: (entry) => (
        <div>
          <Text size="sm" component="time" dateTime={entry.at} style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(entry.at)}
          </Text>
          <Tooltip label="Show only this actor's changes">
            <UnstyledButton
              className={classes.filterLink}
              onClick={(event) => {
                event.stopPropagation();
                onFilter({ actor: entry.actor });
              }}
            >
              <Text size="xs" c="dimmed" span>
                {entry.actor}
              </Text>
            </UnstyledButton>
          </Tooltip>
        </div>
      ),
    },
    {
      accessor: 'action',
      title: 'Action and target',
      render: (entry) => (
        <div>
          <Code fz="xs" style={{ whiteSpace: 'nowrap' }}>
            {entry.action}
          </Code>
          <div>
            <Tooltip label="Show only this target's history">
              <UnstyledButton
                className={classes.filterLink}
                onClick={(event) => {
                  event.stopPropagation();
                  onFilter({ targetType: entry.targetType, targetId: entry.targetId });
                }}
              >
                <Text size="xs" c="dimmed" span>
                  {entry.targetType} <strong>{entry.targetId}</strong>
                </Text>
              </UnstyledButton>
            </Tooltip>
          </div>
        </div>
      ),
    },
    {
      accessor: 'ip',
      title: 'Address',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
      render: (entry) => (
        <Text size="sm" ff="monospace" c="dimmed">
          {entry.ip}
        </Text>
      ),
    },
    {
      accessor: 'summary',
      title: 'Summary',
      render: (entry) => (
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }} title={entry.summary}>
          {entry.summary}
        </Text>
      ),
    },
  ];

  return (
    <ServerTable<AuditEntry>
      records={data?.data ?? []}
      columns={columns}
      idAccessor="id"
      fetching={fetching}
      page={page}
      onPageChange={(next) => onPage(next, pageSize)}
      totalRecords={data?.totalRecords ?? 0}
      recordsPerPage={pageSize}
      recordsPerPageOptions={TABLE_PAGE_SIZES}
      onRecordsPerPageChange={(size) => onPage(1, size)}
      onRowClick={({ record }) => toggle(record.id)}
      rowExpansion={{
        trigger: 'never',
        allowMultiple: true,
        expanded: {
          recordIds: expanded,
          onRecordIdsChange: (ids: unknown[]) => setExpanded(ids as number[]),
        },
        content: ({ record }) => <Change entry={record} />,
      }}
      emptyState={
        pending ? undefined : (
          <EmptyState
            title={filtered ? 'No entry matches' : 'Nothing recorded yet'}
            icon={<IconHistory size={24} />}
          >
            {filtered
              ? 'Try fewer filters or a wider date range.'
              : 'Changes made through the console appear here, newest first.'}
          </EmptyState>
        )
      }
    />
  );
}
