import { Anchor, Paper, Text } from '@mantine/core';
import { IconClockOff } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import classes from '../../plans/components/plans.module.css';
import { type ServiceTask, useServiceTasks } from '../api/service-tasks';
import { formatDuration, formatInterval } from '../model';
import { TaskStatusBadge } from './task-status-badge';

/** What the last run said: its error when it failed, its summary otherwise. */
export function LastOutcome({ task }: { task: ServiceTask }) {
  if (task.lastError !== null)
    return (
      <Text size="xs" c="red" lineClamp={2} title={task.lastError}>
        {task.lastError}
      </Text>
    );
  return (
    <Text size="xs" c="dimmed" lineClamp={2}>
      {task.lastResult ?? ''}
    </Text>
  );
}

const columns: DataTableColumn<ServiceTask>[] = [
  {
    accessor: 'name',
    title: 'Task',
    render: (task) => (
      <div>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/service-tasks/$name" params={{ name: task.name }} />}
          size="sm"
          fw={500}
          ff="monospace"
          className={classes.rowLink}
          onClick={(event) => event.stopPropagation()}
        >
          {task.name}
        </Anchor>
        <Text size="xs" c="dimmed" lineClamp={2} visibleFrom="sm">
          {task.description}
        </Text>
      </div>
    ),
  },
  {
    accessor: 'status',
    title: 'Status',
    width: 130,
    render: (task) => <TaskStatusBadge status={task.status} />,
  },
  {
    accessor: 'everySeconds',
    title: 'Schedule',
    width: 120,
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (task) => formatInterval(task.everySeconds),
  },
  {
    accessor: 'lastFinishedAt',
    title: 'Last run',
    render: (task) => (
      <div>
        <Text size="sm">{formatDateTime(task.lastFinishedAt)}</Text>
        <LastOutcome task={task} />
      </div>
    ),
  },
  {
    accessor: 'lastDurationMs',
    title: 'Duration',
    textAlign: 'right',
    width: 100,
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (task) => formatDuration(task.lastDurationMs),
  },
  {
    accessor: 'nextRunAt',
    title: 'Next run',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
    render: (task) => (task.paused ? 'Paused' : formatDateTime(task.nextRunAt)),
  },
];

/** The installation's background tasks: their schedule, how their last run ended and when they run next. */
export function ServiceTasksView() {
  const tasks = useServiceTasks();
  const navigate = useNavigate();
  if (tasks.error && !tasks.data)
    return (
      <Paper withBorder>
        <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} what="the service tasks" />
      </Paper>
    );
  return (
    <ServerTable<ServiceTask>
      records={tasks.data ?? []}
      columns={columns}
      idAccessor="name"
      fetching={tasks.isFetching && !tasks.data}
      onRowClick={({ record }) =>
        void navigate({ to: '/service-tasks/$name', params: { name: record.name } })
      }
      emptyState={
        tasks.isPending ? undefined : (
          <EmptyState title="No service tasks" icon={<IconClockOff size={24} />}>
            This server runs no background task.
          </EmptyState>
        )
      }
    />
  );
}
