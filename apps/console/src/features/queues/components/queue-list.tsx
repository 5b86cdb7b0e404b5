import {
  Badge,
  Box,
  Group,
  NativeSelect,
  NavLink,
  Paper,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ageSince, formatAge, formatCount, formatDateTime } from '../../../lib/format';
import type { QueueSummary } from '../api/get-queues';
import { isStatusQueue } from '../model';
import classes from './queues.module.css';

interface QueueListProps {
  queues: QueueSummary[] | undefined;
  selected: string | undefined;
  loading: boolean;
  onSelect: (queue: string) => void;
}

function OldestAge({ since }: { since: string | null }) {
  if (!since) return null;
  return (
    <Tooltip label={`Oldest item waiting since ${formatDateTime(since)}`}>
      <Group gap={3} wrap="nowrap" component="span" className={classes.age}>
        <IconClockHour4 size={12} stroke={1.8} aria-hidden />
        <span>
          <span className={classes.visuallyHidden}>oldest </span>
          {formatAge(ageSince(since))}
        </span>
      </Group>
    </Tooltip>
  );
}

interface QueueLinkProps {
  queue: QueueSummary;
  active: boolean;
}

/** One queue in the list: its name, how long its oldest item has waited, and its count. */
function QueueLink({ queue: q, active }: QueueLinkProps) {
  return (
    <NavLink
      renderRoot={(props) => <Link {...props} to="/queues" search={{ queue: q.queue }} />}
      active={active}
      aria-current={active ? 'page' : undefined}
      label={q.label}
      description={<OldestAge since={q.oldestSince} />}
      rightSection={
        <Badge
          variant={q.count > 0 ? (active ? 'filled' : 'light') : 'transparent'}
          color={q.count > 0 ? 'indigo' : 'gray'}
          radius="sm"
          aria-label={`${formatCount(q.count)} waiting`}
        >
          {formatCount(q.count)}
        </Badge>
      }
      className={classes.queueLink}
      classNames={{ description: classes.queueDescription }}
      data-empty={q.count === 0 || undefined}
    />
  );
}

/** The work queues with their counts and oldest ages: a list beside the table, a menu on narrow screens. */
export function QueueList({ queues, selected, loading, onSelect }: QueueListProps) {
  if (loading && !queues)
    return (
      <Stack gap={6} role="status" aria-busy="true" aria-label="Loading queues">
        {Array.from({ length: 7 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} height={44} radius="md" />
        ))}
      </Stack>
    );
  const all = queues ?? [];
  const statusQueues = all.filter(isStatusQueue);
  const otherQueues = all.filter((q) => !isStatusQueue(q));
  const option = (q: QueueSummary) => ({ value: q.queue, label: `${q.label} (${formatCount(q.count)})` });

  return (
    <>
      <Box hiddenFrom="lg">
        <NativeSelect
          label="Queue"
          data={[
            { group: 'Enrollments by status', items: statusQueues.map(option) },
            ...(otherQueues.length > 0 ? [{ group: 'Other work', items: otherQueues.map(option) }] : []),
          ]}
          value={selected ?? ''}
          onChange={(event) => event.currentTarget.value && onSelect(event.currentTarget.value)}
        />
      </Box>

      <Paper
        withBorder
        p={6}
        visibleFrom="lg"
        className={classes.queueNav}
        component="nav"
        aria-label="Work queues"
      >
        {statusQueues.map((q) => (
          <QueueLink key={q.queue} queue={q} active={q.queue === selected} />
        ))}
        {otherQueues.length > 0 && (
          <Box mt="sm" pt="sm" className={classes.otherQueues}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pb={4} style={{ letterSpacing: 0.5 }}>
              Other work
            </Text>
            {otherQueues.map((q) => (
              <QueueLink key={q.queue} queue={q} active={q.queue === selected} />
            ))}
          </Box>
        )}
      </Paper>
    </>
  );
}
