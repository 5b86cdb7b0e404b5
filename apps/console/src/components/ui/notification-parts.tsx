import { Badge, type MantineColor, Text } from '@mantine/core';

/** A notification's display priority (1 action needed, 2 important, 3 for information). */
const PRIORITY: Record<number, { label: string; color: MantineColor }> = {
  1: { label: 'Action needed', color: 'orange' },
  2: { label: 'Important', color: 'indigo' },
};

/** "Action needed" or "Important" beside a notification's subject; nothing for information. */
export function PriorityBadge({ priority }: { priority: number }) {
  const shown = PRIORITY[priority];
  if (!shown) return null;
  return (
    <Badge size="sm" variant="light" color={shown.color} radius="sm" tt="none">
      {shown.label}
    </Badge>
  );
}

/** A notification's message, cut to two lines (whole in its title). */
export function NotificationMessage({ message }: { message: string }) {
  return (
    <Text size="sm" c="dimmed" lineClamp={2} title={message}>
      {message}
    </Text>
  );
}
