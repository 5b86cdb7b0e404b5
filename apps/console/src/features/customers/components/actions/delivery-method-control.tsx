import { Button, Group, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useCan } from '../../../../lib/auth';
import { deliveryLabel, isLive } from '../../actions';
import { DeliveryMethodModal } from './dialogs';

interface DeliveryMethodControlProps {
  enrollmentId: number;
  method: number;
  status: string;
}

/**
 * How an enrollment's bills reach the customer, with "Change" for roles that act for customers: the enrollment
 * page's contract shows it; the profile's enrollment menu opens the same dialog.
 */
export function DeliveryMethodControl({ enrollmentId, method, status }: DeliveryMethodControlProps) {
  const canAct = useCan('customers.act');
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Text span size="sm">
        {deliveryLabel(method)}
      </Text>
      {canAct && isLive(status) && (
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={() => setOpen(true)}
          aria-label={`Change bill delivery (now ${deliveryLabel(method).toLowerCase()})`}
        >
          Change
        </Button>
      )}
      {open !== null && (
        <Suspense fallback={null}>
          <DeliveryMethodModal opened={open} enrollmentId={enrollmentId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Group>
  );
}
