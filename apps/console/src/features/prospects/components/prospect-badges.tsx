import { Badge } from '@mantine/core';
import { humanize } from '../../../lib/format';
import type { SalesStatus, SigningStatus } from '../api/get-prospects';
import { SALES_STATUSES, SIGNING_STATUSES } from '../model';

/** A prospect's sales status, readable, in its colour. */
export function SalesBadge({ status }: { status: SalesStatus }) {
  return (
    <Badge variant="light" color={SALES_STATUSES[status]} radius="sm" tt="none" fw={600} title={status}>
      {humanize(status)}
    </Badge>
  );
}

/** The contract's signing status (none until a contract is sent), a dot badge to tell it from the sales status. */
export function SigningBadge({ status }: { status: SigningStatus | null }) {
  if (status === null)
    return (
      <Badge variant="dot" color="gray" radius="sm" tt="none" fw={500}>
        Not sent to sign
      </Badge>
    );
  return (
    <Badge variant="dot" color={SIGNING_STATUSES[status]} radius="sm" tt="none" fw={600} title={status}>
      Signing: {humanize(status)}
    </Badge>
  );
}
