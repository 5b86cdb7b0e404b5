import { Anchor, Badge, Breadcrumbs, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { ServerTable } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { ErrorState } from '../../../components/ui/states';
import { formatCount, formatDateTime } from '../../../lib/format';
import {
  type ServiceTask,
  type ServiceTaskRun,
  useServiceTask,
  useServiceTaskRuns,
} from '../api/service-tasks';
import { formatDuration, formatInterval } from '../model';
import { LastOutcome } from './service-tasks-view';
import { TaskActions } from './task-actions';
import { TaskStatusBadge } from './task-status-badge';

const RUNS_PER_PAGE = 20;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function TaskFacts({ task }: { task: ServiceTask }) {
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
        <Fact label="Status">
          <TaskStatusBadge status={task.status} />
        </Fact>
        <Fact label="Schedule">{formatInterval(task.everySeconds)}</Fact>
        <Fact label="Last run">{formatDateTime(task.lastFinishedAt)}</Fact>
        <Fact label="Duration">{formatDuration(task.lastDurationMs)}</Fact>
        <Fact label="Next run">
          {task.paused ? `Paused since ${formatDateTime(task.pausedAt)}` : formatDateTime(task.nextRunAt)}
        </Fact>
        <Fact label="Failures in a row">{formatCount(task.consecutiveFailures)}</Fact>
      </SimpleGrid>
      {task.lastFinishedAt && (
        <Stack gap={2} mt="md">
          <Text size="xs" c="dimmed">
            Last result
          </Text>
          <LastOutcome task={task} />
        </Stack>
      )}
    </Paper>
  );
}

const runColumns: DataTableColumn<ServiceTaskRun>[] = [
  { accessor: 'startedAt', title: 'Started', render: (run) => formatDateTime(run.startedAt) },
  {
    accessor: 'outcome',
    title: 'Result',
    width: 120,
    render: (run) => (
      <Badge
        variant="light"
        color={run.outcome === 'failed' ? 'red' : 'green'}
        radius="sm"
        tt="none"
        fw={600}
      >
        {run.outcome === 'failed' ? 'Failed' : 'Succeeded'}
      </Badge>
    ),
  },
  {
    accessor: 'trigger',
    title: 'Started by',
    width: 120,
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (run) => (run.trigger === 'manual' ? 'Run now' : 'Schedule'),
  },
  {
    accessor: 'durationMs',
    title: 'Duration',
    textAlign: 'right',
    width: 100,
    render: (run) => formatDuration(run.durationMs),
  },
  {
    accessor: 'result',
    title: 'Summary or error',
    render: (run) =>
      run.error !== null ? (
        <Text size="sm" c="red">
          {run.error}
        </Text>
      ) : (
        <Text size="sm">{run.result}</Text>
      ),
  },
];

function RunsLog({ name }: { name: string }) {
  const [pageNumber, setPageNumber] = useState(1);
  const runs = useServiceTaskRuns(name, { pageNumber, pageSize: RUNS_PER_PAGE });
  return (
    <Stack gap="sm" component="section" aria-labelledby="runs-heading">
      <Title order={2} size="h4" id="runs-heading">
        Recent runs
      </Title>
      {runs.error && !runs.data ? (
        <ErrorState error={runs.error} onRetry={() => void runs.refetch()} what="the runs" />
      ) : (
        <ServerTable<ServiceTaskRun>
          aria-label="Recent runs"
          records={runs.data?.data ?? []}
          columns={runColumns}
          idAccessor="id"
          fetching={runs.isPending}
          totalRecords={runs.data?.totalRecords ?? 0}
          recordsPerPage={RUNS_PER_PAGE}
          page={pageNumber}
          onPageChange={setPageNumber}
          noRecordsText="The task has not run yet."
        />
      )}
    </Stack>
  );
}

/** One task: its schedule and state, the actions an Administrator has, and its recent runs. */
export function ServiceTaskView({ name }: { name: string }) {
  const task = useServiceTask(name);
  if (task.error && !task.data)
    return <ErrorState error={task.error} onRetry={() => void task.refetch()} what="the task" />;
  const data = task.data;
  if (!data) return null;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor renderRoot={(props) => <Link {...props} to="/service-tasks" />} size="sm">
          Service tasks
        </Anchor>
        <Text size="sm">{data.name}</Text>
      </Breadcrumbs>
      <PageHeader title={data.name} description={data.description} actions={<TaskActions task={data} />} />
      <TaskFacts task={data} />
      <RunsLog name={data.name} />
    </Stack>
  );
}
