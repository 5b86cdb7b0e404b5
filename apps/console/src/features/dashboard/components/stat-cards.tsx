import { Anchor, Divider, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { formatCount } from '../../../lib/format';
import type { QueuesSearch } from '../../queues/search';
import type { Dashboard } from '../api/get-dashboard';
import { busiestHoldQueue, holdsOverADay } from '../model';
import classes from './dashboard.module.css';

interface StatCardProps {
  title: string;
  value: number;
  /** Where the card's title leads (a queue), if anywhere. */
  to?: QueuesSearch;
  hint?: ReactNode;
  children?: ReactNode;
}

/** One number of the day, what it counts, and the queue it comes from when there is one. */
function StatCard({ title, value, to, hint, children }: StatCardProps) {
  const id = useId();
  return (
    <Paper withBorder p="md" className={classes.card} component="section" aria-labelledby={id}>
      <Title order={2} className={classes.cardTitle} id={id}>
        {to ? (
          <Anchor
            renderRoot={(props) => <Link {...props} to="/queues" search={to} />}
            inherit
            underline="hover"
          >
            {title}
          </Anchor>
        ) : (
          title
        )}
      </Title>
      <Text className={classes.value} component="p" m={0}>
        {formatCount(value)}
      </Text>
      {hint && (
        <Text className={classes.detail} component="div">
          {hint}
        </Text>
      )}
      {children && <Stack gap={2}>{children}</Stack>}
    </Paper>
  );
}

/** A line under a card's number: what part of it, how many; a link to its queue when one lists them. */
function Detail({
  label,
  value,
  to,
  color,
  note,
}: {
  label: string;
  value: number;
  to?: QueuesSearch;
  /** A Mantine colour name ("red"): the number's colour when it is not zero, readable in both schemes. */
  color?: string;
  /** Said after the label, quieter: "of 37 checks". */
  note?: string;
}) {
  const text =
    to && value > 0 ? (
      <Anchor
        renderRoot={(props) => <Link {...props} to="/queues" search={to} />}
        size="sm"
        underline="hover"
      >
        {label}
      </Anchor>
    ) : (
      <Text size="sm" c={value > 0 ? undefined : 'dimmed'} span>
        {label}
      </Text>
    );
  return (
    <div className={classes.detailRow}>
      <span>
        {text}
        {note && (
          <Text size="xs" c="dimmed" span>
            {' '}
            {note}
          </Text>
        )}
      </span>
      <Text
        size="sm"
        fw={600}
        c={value === 0 ? 'dimmed' : color ? `var(--mantine-color-${color}-text)` : undefined}
        span
      >
        {formatCount(value)}
      </Text>
    </div>
  );
}

/** Today's four numbers: enrollments, submissions, holds, declines. */
export function StatCards({ dashboard }: { dashboard: Dashboard }) {
  const { enrollments, submissions, holds, declines, daily } = dashboard;
  const yesterday = daily.at(-2)?.created ?? 0;
  const average = daily.reduce((sum, day) => sum + day.created, 0) / Math.max(1, daily.length);
  const busiest = busiestHoldQueue(dashboard);
  const overADay = holdsOverADay(dashboard);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" mb="lg">
      <StatCard
        title="Enrollments today"
        value={enrollments.createdToday}
        hint={`${formatCount(yesterday)} yesterday · ${average.toLocaleString('en-US', { maximumFractionDigits: 1 })} a day over ${daily.length} days`}
      />
      <StatCard title="Sent to billing today" value={submissions.sent}>
        <Detail label="Accepted" value={submissions.accepted} color="teal" />
        <Detail
          label="With errors"
          value={submissions.withErrors}
          to={{ queue: 'SUBMITTED_WITH_ERRORS' }}
          color="red"
        />
        <Detail
          label="Connection errors"
          value={submissions.connectionErrors}
          to={{ queue: 'SUBMITION_NOT_SENT_CONNECTION_ERROR' }}
          color="red"
        />
      </StatCard>
      <StatCard
        title="On hold now"
        value={holds.total}
        to={busiest?.queue ? { queue: busiest.queue } : undefined}
        hint={
          holds.total > 0
            ? `${formatCount(overADay)} waiting over a day${busiest ? ` · most: ${busiest.label}` : ''}`
            : 'Nothing waits for an agent'
        }
      />
      <StatCard title="Declined today" value={declines.creditDenied + declines.paymentsDeclined}>
        <Detail
          label="Credit refused"
          note={`of ${formatCount(declines.creditChecks)} checks`}
          value={declines.creditDenied}
          color="red"
        />
        <Detail
          label="Payments declined"
          note={`of ${formatCount(declines.payments)}`}
          value={declines.paymentsDeclined}
          to={{ queue: 'ON_HOLD_PAYMENT_FAILED' }}
          color="red"
        />
        <Divider my={4} label="Cancelled before service" labelPosition="left" />
        <Detail label="Rejected by agents" value={declines.rejected} />
        <Detail label="Cancelled by customers" value={declines.cancelledByCustomer} />
      </StatCard>
    </SimpleGrid>
  );
}

export function StatCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" mb="lg" aria-hidden>
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Paper key={index} withBorder p="md">
          <Group justify="space-between">
            <Skeleton height={12} width="50%" />
          </Group>
          <Skeleton height={28} width="35%" mt="sm" />
          <Skeleton height={10} width="70%" mt="sm" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
