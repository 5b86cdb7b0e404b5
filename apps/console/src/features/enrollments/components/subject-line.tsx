import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge';

/** What a dialog acts on: "Enrollment 42 · (what names it)" and its status. */
export function SubjectLine({ id, status, children }: { id: number; status: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">
        Enrollment <strong>{id}</strong> · {children}
      </Text>
      <StatusBadge status={status} />
    </Group>
  );
}
