import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSession } from '../../../lib/auth';
import { formatCount } from '../../../lib/format';
import { useEndStaffSessions } from '../api/end-staff-sessions';
import { type StaffUser, useStaff } from '../api/get-staff';
import { useResetStaffPassword } from '../api/reset-password';
import { useUpdateStaff } from '../api/update-staff';
import type { StaffSearch } from '../search';
import { SetupLinkNotice } from './setup-link-notice';
import { type StaffAction, StaffTable } from './staff-table';

// The add/edit dialog (a form, the roles picker) loads when first needed, or while the browser is idle.
const loadForm = () => import('./staff-form-modal');
const StaffFormModal = lazy(() => loadForm().then((module) => ({ default: module.StaffFormModal })));

type Dialog = { kind: 'create' } | { kind: StaffAction; user: StaffUser } | null;

interface StaffViewProps {
  search: StaffSearch;
  onSearchChange: (next: StaffSearch) => void;
}

/** Staff users and everything an Administrator does to them, each change confirmed and answered in its dialog. */
export function StaffView({ search, onSearchChange }: StaffViewProps) {
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? 20;
  const staff = useStaff({ pageNumber: page, pageSize });
  const session = useSession().data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const reset = useResetStaffPassword();
  const endSessions = useEndStaffSessions();
  const update = useUpdateStaff();

  const open = (kind: StaffAction, user: StaffUser) => {
    reset.reset();
    endSessions.reset();
    update.reset();
    setDialog({ kind, user });
  };
  const close = () => setDialog(null);

  useEffect(() => {
    const preload = () => void loadForm();
    const id = window.requestIdleCallback
      ? window.requestIdleCallback(preload)
      : window.setTimeout(preload, 1500);
    return () => (window.cancelIdleCallback ? window.cancelIdleCallback(id) : window.clearTimeout(id));
  }, []);
  const target = dialog && 'user' in dialog ? dialog.user : null;

  const setDisabled = (user: StaffUser, disabled: boolean) =>
    update.mutate(
      { id: user.id, disabled },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'teal',
            title: disabled ? 'Disabled' : 'Enabled',
            message: disabled
              ? `${saved.email} can no longer sign in; their sessions ended.`
              : `${saved.email} can sign in again.`,
          });
          close();
        },
      },
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {staff.data ? `${formatCount(staff.data.totalRecords)} staff users` : ' '}
        </Text>
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
          Add staff
        </Button>
      </Group>

      <StaffTable
        data={staff.data}
        error={staff.error}
        fetching={staff.isFetching}
        pending={staff.isPending}
        page={page}
        pageSize={pageSize}
        currentEmail={session?.user.email ?? ''}
        onRetry={() => void staff.refetch()}
        onPage={(next, size) =>
          onSearchChange({ page: next > 1 ? next : undefined, pageSize: size !== 20 ? size : undefined })
        }
        onAction={open}
      />

      <Suspense fallback={null}>
        <StaffFormModal
          opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
          user={dialog?.kind === 'edit' ? dialog.user : null}
          onClose={close}
        />
      </Suspense>

      {dialog?.kind === 'reset' && target && reset.data ? (
        <ConfirmDialog
          opened
          title={`New set-up link for ${target.name}`}
          confirmLabel="Done"
          onConfirm={close}
          onClose={close}
        >
          <SetupLinkNotice email={target.email} link={reset.data.setupLink} />
        </ConfirmDialog>
      ) : (
        <ConfirmDialog
          opened={dialog?.kind === 'reset'}
          title="Reset password?"
          confirmLabel="Reset password"
          danger
          loading={reset.isPending}
          error={reset.error}
          onConfirm={() => target && reset.mutate(target.id)}
          onClose={close}
        >
          <Text size="sm">
            {target?.name}’s password and authenticator app stop working now and every session of theirs ends.
            You get a one-time set-up link to hand them, where they choose a new password.
          </Text>
        </ConfirmDialog>
      )}

      <ConfirmDialog
        opened={dialog?.kind === 'sign-out'}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        danger
        loading={endSessions.isPending}
        error={endSessions.error}
        onConfirm={() =>
          target &&
          endSessions.mutate(target.id, {
            onSuccess: ({ ended }) => {
              notifications.show({
                color: 'teal',
                title: 'Signed out',
                message: `${ended} ${ended === 1 ? 'session' : 'sessions'} of ${target.email} ended.`,
              });
              close();
            },
          })
        }
        onClose={close}
      >
        <Text size="sm">
          Every session of {target?.email} ends, on every device. They can sign in again with their password.
        </Text>
      </ConfirmDialog>

      <ConfirmDialog
        opened={dialog?.kind === 'disable' || dialog?.kind === 'enable'}
        title={dialog?.kind === 'disable' ? `Disable ${target?.name}?` : `Enable ${target?.name}?`}
        confirmLabel={dialog?.kind === 'disable' ? 'Disable' : 'Enable'}
        danger={dialog?.kind === 'disable'}
        loading={update.isPending}
        error={update.error}
        onConfirm={() => target && setDisabled(target, dialog?.kind === 'disable')}
        onClose={close}
      >
        <Text size="sm">
          {dialog?.kind === 'disable'
            ? `${target?.email} will not be able to sign in, and every session of theirs ends now. You can enable them again later.`
            : `${target?.email} will be able to sign in again with their password.`}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
