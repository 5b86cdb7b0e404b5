import { ActionIcon, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';

interface UpdatedAgoProps {
  /** When the numbers shown were read (ms since the epoch). */
  updatedAt: number;
  fetching: boolean;
  /** The last refresh failed: the numbers shown are older than they should be. */
  error: unknown;
  onRefresh: () => void;
}

/** "Updated just now" / "Updated 2 min ago", kept current, with a way to read the numbers again now. */
function ago(updatedAt: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - updatedAt) / 1000));
  if (seconds < 10) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

export function UpdatedAgo({ updatedAt, fetching, error, onRefresh }: UpdatedAgoProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 5_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Group gap={6} wrap="nowrap">
      {error ? (
        <Tooltip label={`Could not refresh: ${messageOf(error)}`} multiline w={260}>
          <Group gap={4} wrap="nowrap" c="orange.8">
            <IconAlertTriangle size={14} aria-hidden />
            <Text size="xs" c="inherit">
              Not refreshed
            </Text>
          </Group>
        </Tooltip>
      ) : null}
      <Text size="xs" c="dimmed" title={formatDateTime(new Date(updatedAt).toISOString())}>
        Updated {ago(updatedAt, now)} · every minute
      </Text>
      <Tooltip label="Refresh now">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="md"
          onClick={onRefresh}
          aria-label="Refresh now"
          disabled={fetching}
        >
          {fetching ? <Loader size={14} /> : <IconRefresh size={16} stroke={1.7} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
