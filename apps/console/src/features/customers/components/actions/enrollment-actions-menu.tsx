import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconHomeMove, IconMail, IconRefresh, IconX } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { canDrop, canRenew, canTransfer, isLive } from '../../actions';
import type { CustomerEnrollment } from '../../api/get-customer';
import { DeliveryMethodModal, DropEnrollmentModal, RenewalModal, TransferServiceModal } from './dialogs';

export type EnrollmentAction = 'delivery' | 'renewal' | 'transfer' | 'drop';

/** The changes offered on an enrollment in its status (the server has the last word). */
function actionsOf(enrollment: CustomerEnrollment) {
  return {
    delivery: isLive(enrollment.status),
    renewal: canRenew(enrollment.status),
    transfer: canTransfer(enrollment),
    drop: canDrop(enrollment.status),
  };
}

interface EnrollmentActionsMenuProps {
  enrollment: CustomerEnrollment;
  onChoose: (action: EnrollmentAction, enrollment: CustomerEnrollment) => void;
}

/**
 * The changes staff may make to one enrollment on the customer's behalf (customers.act), offered in its status:
 * bill delivery while it is live, renewal and transfer (Texas) while it is served, a drop (a cancellation before
 * service starts) until it ends. The caller shows it only to roles that may act, and opens the dialog chosen.
 */
export function EnrollmentActionsMenu({ enrollment, onChoose }: EnrollmentActionsMenuProps) {
  const offered = actionsOf(enrollment);
  if (!Object.values(offered).some(Boolean)) return null;
  const choose = (action: EnrollmentAction) => () => onChoose(action, enrollment);
  return (
    <Menu position="bottom-end" width={230} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for enrollment ${enrollment.id}`}>
          <IconDots size={18} stroke={1.7} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Enrollment {enrollment.id}</Menu.Label>
        {offered.delivery && (
          <Menu.Item leftSection={<IconMail size={16} />} onClick={choose('delivery')}>
            Bill delivery…
          </Menu.Item>
        )}
        {offered.renewal && (
          <Menu.Item leftSection={<IconRefresh size={16} />} onClick={choose('renewal')}>
            Renew…
          </Menu.Item>
        )}
        {offered.transfer && (
          <Menu.Item leftSection={<IconHomeMove size={16} />} onClick={choose('transfer')}>
            Transfer service…
          </Menu.Item>
        )}
        {offered.drop && (
          <>
            <Menu.Divider />
            <Menu.Item color="red.9" leftSection={<IconX size={16} />} onClick={choose('drop')}>
              {enrollment.status === 'ACTIVE' ? 'Drop…' : 'Cancel enrollment…'}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The dialog of the action chosen on an enrollment, held by the list rather than the row: a change that ends the
 * enrollment removes its menu, and the dialog stays to say how it went.
 */
export function useEnrollmentActionDialog() {
  const [chosen, setChosen] = useState<{
    action: EnrollmentAction;
    enrollment: CustomerEnrollment;
    open: boolean;
  } | null>(null);
  const close = () => setChosen((current) => (current ? { ...current, open: false } : null));
  const dialog = chosen ? (
    <Suspense fallback={null}>
      {chosen.action === 'delivery' && (
        <DeliveryMethodModal opened={chosen.open} enrollmentId={chosen.enrollment.id} onClose={close} />
      )}
      {chosen.action === 'renewal' && (
        <RenewalModal opened={chosen.open} enrollmentId={chosen.enrollment.id} onClose={close} />
      )}
      {chosen.action === 'transfer' && (
        <TransferServiceModal opened={chosen.open} enrollment={chosen.enrollment} onClose={close} />
      )}
      {chosen.action === 'drop' && (
        <DropEnrollmentModal opened={chosen.open} enrollment={chosen.enrollment} onClose={close} />
      )}
    </Suspense>
  ) : null;
  return {
    open: (action: EnrollmentAction, enrollment: CustomerEnrollment) =>
      setChosen({ action, enrollment, open: true }),
    dialog,
  };
}
