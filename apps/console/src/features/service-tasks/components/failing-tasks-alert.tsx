import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../lib/format';
import { useServiceTasks } from '../api/service-tasks';

/** On the dashboard: each background task whose last run failed, linking to its runs; nothing when all are well. */
export function FailingTasksAlert() {
  const failing = (useServiceTasks().data ?? []).filter((task) => task.lastError !== null);
  if (failing.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={
        failing.length === 1 ? 'A service task is failing' : `${failing.length} service tasks are failing`
      }
      mb="md"
      role="alert"
    >
      <List size="sm" spacing={4}>
        {failing.map((task) => (
          <List.Item key={task.name}>
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/service-tasks/$name" params={{ name: task.name }} />
              )}
              inherit
              c="red"
              fw={600}
            >
              {task.name}
            </Anchor>{' '}
            failed {formatDateTime(task.lastFinishedAt)}
            {task.consecutiveFailures > 1 ? ` (${task.consecutiveFailures} times in a row)` : ''}:{' '}
            {task.lastError}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
