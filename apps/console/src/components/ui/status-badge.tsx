import { Badge, type MantineColor } from '@mantine/core';
import { humanize } from '../../lib/format';

/** An enrollment status's colour: amber while held, red when a submission failed, blue while waiting on a date. */
export function statusColor(status: string): MantineColor {
  if (status.startsWith('ON_HOLD')) return 'yellow';
  if (status === 'SUBMITION_NOT_SENT_CONNECTION_ERROR' || status === 'SUBMITTED_WITH_ERRORS') return 'red';
  if (status === 'ACTIVE') return 'green';
  if (status === 'CANCELLED' || status === 'DROPPED' || status === 'ARCHIVED') return 'gray';
  return 'blue';
}

/** Every enrollment status renders through this badge: the API's name, readable, in its colour. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={statusColor(status)} radius="sm" tt="none" fw={600} title={status}>
      {humanize(status)}
    </Badge>
  );
}
