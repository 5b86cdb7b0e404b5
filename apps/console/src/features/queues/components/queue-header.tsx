import { ActionIcon, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ageSince, formatAge, formatCount, formatDateTime } from '../../../lib/format';
import type { QueueSummary } from '../api/get-queues';
import classes from './queues.module.css';

interface QueueHeaderProps {
  summary: QueueSummary | undefined;
  /** The name to show while the counts load. */
  fallbackTitle: string;
  total: number | undefined;
  /** What the count counts: "waiting", "sent"… */
  totalLabel?: string;
  refreshing: boolean;
  onRefresh: () => void;
  /** Controls beside the refresh button (a filter, a bulk action). */
  children?: ReactNode;
}

/** A queue's heading (h2) with its count and what it holds, its controls and a refresh button. */
export function QueueHeader(props: QueueHeaderProps) {
  const { summary, fallbackTitle, total, totalLabel = 'waiting', refreshing, onRefresh, children } = props;
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" className={classes.toolbar}>
      <div style={{ minWidth: 0, flex: '1 1 320px' }}>
        <Group gap="xs" align="baseline">
          <Title order={2} size="h4">
            {summary?.label ?? fallbackTitle}
          </Title>
          {total !== undefined && (
            <Text size="sm" c="dimmed">
              {formatCount(total)} {totalLabel}
            </Text>
          )}
        </Group>
        {summary?.description && (
          <Text size="sm" c="dimmed" maw={720}>
            {summary.description}
          </Text>
        )}
      </div>
      <Group gap="xs" wrap="wrap">
        {children}
        <Tooltip label="Refresh">
          <ActionIcon
            variant="default"
            size="lg"
            onClick={onRefresh}
            loading={refreshing}
            aria-label="Refresh the list"
          >
            <IconRefresh size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/** How long a row has waited, with the moment it started in a tooltip. */
export function WaitingSince({ since }: { since: string }) {
  return (
    <Tooltip label={`Since ${formatDateTime(since)}`}>
      <Text size="sm" component="time" dateTime={since} fw={500}>
        {formatAge(ageSince(since))}
      </Text>
    </Tooltip>
  );
}
