import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLockOpen, IconRotateClockwise, IconShieldCheck, IconX } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api';
import { useCan } from '../../../lib/auth';
import { humanize } from '../../../lib/format';
import type { EnrollmentPage } from '../api/get-enrollment-page';
import { useRetrySubmission } from '../api/retry-submission';
import { type EnrollmentSubject, isFailedSubmission, isHold, isRejectable } from '../model';
import { MeterVerifiedModal, preloadDialogs, RejectModal, ReleaseHoldModal } from './dialogs';

type Action = { kind: 'release' | 'reject' | 'meter'; open: boolean } | null;

interface EnrollmentActionsProps {
  page: EnrollmentPage;
  customerName: string;
}

/**
 * What an agent can do to the enrollment in its status, the same actions as the queues: release a hold, retry a
 * failed submission, record the meter's check, reject. Shown only to the roles that may act (the server decides).
 */
export function EnrollmentActions({ page, customerName }: EnrollmentActionsProps) {
  const canAct = useCan('enrollments.act');
  const [action, setAction] = useState<Action>(null);
  const retry = useRetrySubmission();
  const e = page.enrollment;
  const id = e.id_enrollment;
  const subject: EnrollmentSubject = {
    id,
    status: e.status,
    customerName,
    deposit: page.deposit,
    depositStatus: page.depositStatus,
    reviewReasons: [],
  };
  const open = (kind: 'release' | 'reject' | 'meter') => setAction({ kind, open: true });
  const close = () => setAction((current) => (current ? { ...current, open: false } : null));

  const release = isHold(e.status);
  const failed = isFailedSubmission(e.status);
  const meter = e.meter_unverified;
  const reject = isRejectable(e.status);

  useEffect(() => (canAct ? preloadDialogs(['release', 'reject', 'meter']) : undefined), [canAct]);

  if (!canAct || !(release || failed || meter || reject)) return null;

  const retryNow = () =>
    retry.mutate(id, {
      onSuccess: (outcome) =>
        notifications.show({
          color: 'teal',
          title: `Enrollment ${outcome.id} sent again`,
          message: `Now ${humanize(outcome.status).toLowerCase()}.`,
        }),
      onError: (failure) =>
        notifications.show({
          color: 'red',
          title: `Enrollment ${id} not retried`,
          message: messageOf(failure),
        }),
    });

  return (
    <>
      <Group gap="xs" wrap="wrap" role="group" aria-label="Actions on this enrollment">
        {release && (
          <Button leftSection={<IconLockOpen size={16} />} onClick={() => open('release')}>
            Release hold
          </Button>
        )}
        {failed && (
          <Button
            leftSection={<IconRotateClockwise size={16} />}
            onClick={retryNow}
            loading={retry.isPending}
          >
            Retry submission
          </Button>
        )}
        {meter && (
          <Button
            variant={release || failed ? 'default' : 'filled'}
            leftSection={<IconShieldCheck size={16} />}
            onClick={() => open('meter')}
          >
            Mark meter verified
          </Button>
        )}
        {reject && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconX size={16} />}
            onClick={() => open('reject')}
          >
            Reject
          </Button>
        )}
      </Group>
      {action && (
        <Suspense fallback={null}>
          {action.kind === 'release' && (
            <ReleaseHoldModal opened={action.open} item={subject} onClose={close} />
          )}
          {action.kind === 'reject' && <RejectModal opened={action.open} item={subject} onClose={close} />}
          {action.kind === 'meter' && (
            <MeterVerifiedModal
              opened={action.open}
              item={{ id, customerName, ldcAccount: e.service_address.ldc_account }}
              onClose={close}
            />
          )}
        </Suspense>
      )}
    </>
  );
}
