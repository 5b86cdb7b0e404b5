import type { MantineColor } from '@mantine/core';
import type { QueuesSearch } from '../queues/search';
import type { Dashboard } from './api/get-dashboard';

export type HoldStatus = Dashboard['holds']['byStatus'][number];
export type HoldBucket = Dashboard['holds']['buckets'][number];

/** Each hold status's colour in the charts and the table's key (one hue each, readable in both schemes). */
const HOLD_COLORS: Record<string, MantineColor> = {
  ON_HOLD: 'indigo.6',
  ON_HOLD_PAYMENT_FAILED: 'red.6',
  ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD: 'grape.6',
  ON_HOLD_DEPOSIT_PENDING: 'yellow.6',
  ON_HOLD_AUTOPAY_SETUP_REQUIRED: 'cyan.6',
  ON_HOLD_VERIFICATION_FAILED: 'orange.6',
  ON_HOLD_VERIFICATION_PENDING: 'gray.6',
};
export const holdColor = (status: string): MantineColor => HOLD_COLORS[status] ?? 'blue.6';

/**
 * The queue a hold status (and one of its age buckets) opens: the status's own queue, the younger buckets newest
 * first so they are at the top; null when no queue lists the status (the verification provider has it).
 */
export function holdQueueSearch(status: HoldStatus, bucketIndex?: number): QueuesSearch | null {
  if (!status.queue) return null;
  return bucketIndex !== undefined && bucketIndex <= 2
    ? { queue: status.queue, order: 'newest' }
    : { queue: status.queue };
}

/** The holds chart's rows: one per age bucket, a count per hold status that has any. */
export function holdsChartData(dashboard: Dashboard) {
  const shown = dashboard.holds.byStatus.filter((status) => status.total > 0);
  const data = dashboard.holds.buckets.map((bucket, index) => ({
    bucket: bucket.label,
    index,
    ...Object.fromEntries(shown.map((status) => [status.status, status.counts[index] ?? 0])),
  }));
  const series = shown.map((status) => ({
    name: status.status,
    label: status.label,
    color: holdColor(status.status),
  }));
  return { data, series };
}

/** How many holds have lasted longer than a day: the ones to look at first. */
export const holdsOverADay = (dashboard: Dashboard): number =>
  dashboard.holds.byStatus.reduce(
    (sum, status) =>
      sum +
      status.counts.reduce(
        (inner, count, index) =>
          inner + ((dashboard.holds.buckets[index]?.fromSeconds ?? 0) >= 86_400 ? count : 0),
        0,
      ),
    0,
  );

/** The hold queue with the most waiting: where "On hold now" takes an agent. */
export function busiestHoldQueue(dashboard: Dashboard): HoldStatus | undefined {
  return dashboard.holds.byStatus
    .filter((status) => status.queue && status.total > 0)
    .sort((a, b) => b.total - a.total)[0];
}

/** The time zone as staff read it: "Central Time (America/Chicago)". */
export function timeZoneName(timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  return name ? `${name} (${timeZone})` : timeZone;
}
