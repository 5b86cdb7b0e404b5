import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCan } from '../../../lib/auth';
import { type ServiceTask, type ServiceTaskAction, useServiceTaskAction } from '../api/service-tasks';

const CONFIRMATIONS: Record<
  ServiceTaskAction,
  { title: string; label: string; done: string; explain: string }
> = {
  run: {
    title: 'Run now',
    label: 'Run now',
    done: 'ran',
    explain:
      'The task runs at once on this server, for every company of the installation, whether it is paused or not. The answer waits for the run to end.',
  },
  pause: {
    title: 'Pause',
    label: 'Pause task',
    done: 'paused',
    explain:
      'The schedule skips the task on every server of the installation, for every company, until it is resumed. Run now still runs it.',
  },
  resume: {
    title: 'Resume',
    label: 'Resume task',
    done: 'resumed',
    explain: 'The schedule runs the task again when it is next due.',
  },
};

/**
 * Run now (Administrators and the platform operator), and Pause or Resume (the platform operator only: a paused task
 * withholds every company's work), each asked first; the server checks too.
 */
export function TaskActions({ task }: { task: ServiceTask }) {
  const canRun = useCan('tasks.manage');
  const canPause = useCan('tasks.pause');
  const action = useServiceTaskAction();
  const [asking, setAsking] = useState<ServiceTaskAction | null>(null);
  if (!canRun && !canPause) return null;
  const close = () => {
    action.reset();
    setAsking(null);
  };
  const confirm = (chosen: ServiceTaskAction) =>
    action.mutate(
      { name: task.name, action: chosen },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: `${task.name} ${CONFIRMATIONS[chosen].done}.` });
          close();
        },
      },
    );
  const shown = asking && CONFIRMATIONS[asking];
  return (
    <Group gap="xs">
      {canRun && (
        <Button
          leftSection={<IconRefresh size={16} />}
          onClick={() => setAsking('run')}
          disabled={task.status === 'running'}
        >
          Run now
        </Button>
      )}
      {canPause && task.paused && (
        <Button
          variant="default"
          leftSection={<IconPlayerPlay size={16} />}
          onClick={() => setAsking('resume')}
        >
          Resume
        </Button>
      )}
      {canPause && !task.paused && (
        <Button
          variant="default"
          leftSection={<IconPlayerPause size={16} />}
          onClick={() => setAsking('pause')}
        >
          Pause
        </Button>
      )}
      <ConfirmDialog
        opened={shown !== null}
        title={shown ? `${shown.title} ${task.name}?` : ''}
        confirmLabel={shown?.label ?? ''}
        loading={action.isPending}
        error={action.error}
        onConfirm={() => asking && confirm(asking)}
        onClose={close}
      >
        <Text size="sm">{shown?.explain}</Text>
      </ConfirmDialog>
    </Group>
  );
}
