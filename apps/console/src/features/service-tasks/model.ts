import type { MantineColor } from '@mantine/core';
import type { ServiceTaskStatus } from './api/service-tasks';

/** How each state of a task reads, in its colour. */
export const STATUS_BADGES: Record<ServiceTaskStatus, { label: string; color: MantineColor }> = {
  running: { label: 'Running', color: 'blue' },
  paused: { label: 'Paused', color: 'gray' },
  failing: { label: 'Failing', color: 'red' },
  ok: { label: 'OK', color: 'green' },
  'not-run': { label: 'Not run yet', color: 'gray' },
};

/** A task's period: "every 30 s", "every 5 min", "every hour". */
export function formatInterval(seconds: number): string {
  if (seconds === 3600) return 'every hour';
  if (seconds % 3600 === 0) return `every ${seconds / 3600} h`;
  if (seconds % 60 === 0) return `every ${seconds / 60} min`;
  return `every ${seconds} s`;
}

/** A run's length: "85 ms", "2.4 s", "3 min 5 s". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
