import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconLockOpen, IconRotateClockwise, IconShieldCheck, IconX } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { messageOf } from '../../../lib/api';
import { useCan } from '../../../lib/auth';
import { humanize } from '../../../lib/format';
import type { EnrollmentPage } from '../api/get-enrollment-page';
import { useRetrySubmission } from '../api/retry-submission';
import { isCorrectable, isFailedSubmission, isHold, isRejectable } from '../model';
import {
  CorrectEnrollmentModal,
  MeterVerifiedModal,
  preloadDialogs,
  RejectModal,
  ReleaseHoldModal,
} from './dialogs';

type ActionKind = 'release' | 'reject' | 'meter' | 'correct';
type Action = { kind: ActionKind; open: boolean } | null;

/**
 * What an agent can do to the enrollment in its status, the same actions as the queues: release a hold, correct what
 * the billing system refused (or a hold is about) and send it again, retry a failed submission, record the meter's
 * check, reject. Shown only to the roles that may act (the server decides).
 */
export function EnrollmentActions({ page }: { page: EnrollmentPage }) {
  const canAct = useCan('enrollments.act');
  const [action, setAction] = useState<Action>(null);
  const retry = useRetrySubmission();
  const e = page.enrollment;
  const id = e.id_enrollment;
  const subject = page.summary;
  const open = (kind: ActionKind) => setAction({ kind, open: true });
  const close = () => setAction((current) => (current ? { ...current, open: false } : null));

  const release = isHold(e.status);
  const correct = isCorrectable(e.status);
  const failed = isFailedSubmission(e.status);
  const meter = e.meter_unverified;
  const reject = isRejectable(e.status);
  // A refused submission is corrected before it is sent again: that is the first thing to do.
  const correctFirst = correct && !release;

  useEffect(() => (canAct ? preloadDialogs(['release', 'reject', 'meter', 'correct']) : undefined), [canAct]);

  if (!canAct || !(release || correct || failed || meter || reject)) return null;

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
        {correct && (
          <Button
            variant={correctFirst ? 'filled' : 'default'}
            leftSection={<IconEdit size={16} />}
            onClick={() => open('correct')}
          >
            Correct…
          </Button>
        )}
        {failed && (
          <Button
            variant={correctFirst ? 'default' : 'filled'}
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
          {action.kind === 'correct' && (
            <CorrectEnrollmentModal opened={action.open} enrollmentId={id} onClose={close} />
          )}
          {action.kind === 'meter' && (
            <MeterVerifiedModal
              opened={action.open}
              item={{ id, customerName: subject.customerName, ldcAccount: e.service_address.ldc_account }}
              onClose={close}
            />
          )}
        </Suspense>
      )}
    </>
  );
}
