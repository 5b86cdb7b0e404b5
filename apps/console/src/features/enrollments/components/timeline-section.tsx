import { Group, Text, Timeline } from '@mantine/core';
import { IconBuildingBank, IconRobot, IconUser, IconUserCircle } from '@tabler/icons-react';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ageSince, formatAge, formatDateTime, humanize } from '../../../lib/format';
import type { TimelineEntry } from '../api/get-enrollment-page';
import classes from './enrollments.module.css';
import { NothingYet, Section } from './section';

/** Who moved the enrollment, as the status history records it: the system, an agent, the customer or billing. */
const ACTORS: Record<string, { label: string; icon: typeof IconUser }> = {
  system: { label: 'System', icon: IconRobot },
  agent: { label: 'Agent', icon: IconUser },
  customer: { label: 'Customer', icon: IconUserCircle },
  billing: { label: 'Billing system', icon: IconBuildingBank },
};

/** An instant as staff read it, with how long ago it was. */
export function When({ at, size = 'xs' }: { at: string; size?: 'xs' | 'sm' }) {
  return (
    <Text size={size} c="dimmed" component="time" dateTime={at}>
      {formatDateTime(at)} · {formatAge(ageSince(at))} ago
    </Text>
  );
}

/** Every status the enrollment went through, newest first: who moved it, when, and why. */
export function TimelineSection({ timeline }: { timeline: TimelineEntry[] }) {
  return (
    <Section
      title="Status history"
      count={timeline.length}
      description="Newest first. The reason names the staff member or account that acted."
    >
      {timeline.length === 0 ? (
        <NothingYet>No status change recorded.</NothingYet>
      ) : (
        <Timeline active={0} bulletSize={26} lineWidth={2} aria-label="Status history, newest first">
          {timeline.map((entry) => {
            const actor = ACTORS[entry.actor] ?? { label: humanize(entry.actor), icon: IconUser };
            const Icon = actor.icon;
            return (
              <Timeline.Item
                key={`${entry.at}-${entry.to}-${entry.from ?? ''}`}
                bullet={<Icon size={14} stroke={1.8} aria-hidden />}
                title={
                  <Group gap={6} wrap="wrap" component="span">
                    <StatusBadge status={entry.to} />
                    {entry.from && entry.from !== entry.to && (
                      <Text span size="xs" c="dimmed">
                        from {humanize(entry.from)}
                      </Text>
                    )}
                    {entry.from === entry.to && (
                      <Text span size="xs" c="dimmed">
                        note, status unchanged
                      </Text>
                    )}
                  </Group>
                }
              >
                <Text size="sm" mt={4} className={classes.timelineReason}>
                  {entry.reason || '—'}
                </Text>
                <Group gap={6} mt={2} wrap="wrap">
                  <Text size="xs" fw={600} c="dimmed">
                    {actor.label}
                  </Text>
                  <When at={entry.at} />
                </Group>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Section>
  );
}
