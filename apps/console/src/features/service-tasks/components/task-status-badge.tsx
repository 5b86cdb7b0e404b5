import { Badge } from '@mantine/core';
import type { ServiceTaskStatus } from '../api/service-tasks';
import { STATUS_BADGES } from '../model';

export function TaskStatusBadge({ status }: { status: ServiceTaskStatus }) {
  const { label, color } = STATUS_BADGES[status];
  return (
    <Badge variant="light" color={color} radius="sm" tt="none" fw={600}>
      {label}
    </Badge>
  );
}
