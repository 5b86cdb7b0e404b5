import { Badge } from '@mantine/core';
import type { MatrixImport } from '../api/get-pricing-matrices';
import { STATUS_BADGES } from '../model';

/** An import's status, in its colour; a replaced one that can be put back says so. */
export function MatrixStatusBadge({ matrix }: { matrix: Pick<MatrixImport, 'status' | 'restorable'> }) {
  const { label, color } = STATUS_BADGES[matrix.status];
  return (
    <Badge variant="light" color={color} radius="sm" tt="none" fw={600}>
      {matrix.restorable ? 'Replaced, restorable' : label}
    </Badge>
  );
}
