import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconApi, IconBan, IconDots, IconKey, IconListCheck, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ServerTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useRevokeAccount } from '../api/account-changes';
import { type ApiAccount, useAccounts } from '../api/get-accounts';
import { CreateAccountModal } from './create-account-modal';
import { EVERY_OPERATION } from './operations-checklist';
import { OperationsModal } from './operations-modal';
import { RotateDialog } from './rotate-dialog';

type Dialog = { kind: 'create' } | { kind: 'rotate' | 'revoke' | 'operations'; account: ApiAccount } | null;

function StatusOf({ account }: { account: ApiAccount }) {
  if (!account.active)
    return (
      <Badge color="gray" variant="light" radius="sm" tt="none">
        Revoked
      </Badge>
    );
  return (
    <Stack gap={2}>
      <Badge color="green" variant="light" radius="sm" tt="none">
        Active
      </Badge>
      {account.previousSecretValidUntil && (
        <Text size="xs" c="dimmed">
          Previous secret until {formatDateTime(account.previousSecretValidUntil)}
        </Text>
      )}
    </Stack>
  );
}

const operationsText = (account: ApiAccount) =>
  account.operations.includes(EVERY_OPERATION)
    ? 'Every operation'
    : `${account.operations.length} ${account.operations.length === 1 ? 'operation' : 'operations'}`;

/** The company's web service accounts, and what an Administrator does to each, each change confirmed. */
export function AccountsView() {
  const accounts = useAccounts();
  const revoke = useRevokeAccount();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const target = dialog && 'account' in dialog ? dialog.account : null;

  const columns: DataTableColumn<ApiAccount>[] = [
    {
      accessor: 'name',
      title: 'Account',
      render: (account) => (
        <div>
          <Text size="sm" fw={500} c={account.active ? undefined : 'dimmed'}>
            {account.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {account.apiKey}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'roleGroups',
      title: 'Role groups',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (account) => (
        <Stack gap={2}>
          <Group gap={4}>
            {account.roleGroups.map((group) => (
              <Badge key={group} variant="light" color="gray" radius="sm" tt="none" fw={500}>
                {group}
              </Badge>
            ))}
          </Group>
          {account.affiliate && (
            <Text size="xs" c="dimmed">
              Affiliate: {account.affiliate.name}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'operations', title: 'Permitted', render: operationsText },
    { accessor: 'active', title: 'Status', width: 130, render: (account) => <StatusOf account={account} /> },
    {
      accessor: 'lastUsedAt',
      title: 'Last used',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (account) =>
        account.lastUsedAt ? (
          <Text size="sm" component="time" dateTime={account.lastUsedAt}>
            {formatDateTime(account.lastUsedAt)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Never
          </Text>
        ),
    },
    {
      accessor: 'createdAt',
      title: 'Created',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (account) => (
        <Text size="sm" component="time" dateTime={account.createdAt}>
          {formatDate(account.createdAt)}
        </Text>
      ),
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      width: 64,
      render: (account) =>
        account.active && (
          <Menu position="bottom-end" withinPortal width={220}>
            <Menu.Target>
              <Tooltip label="Actions">
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${account.name}`}>
                  <IconDots size={18} />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconListCheck size={16} />}
                onClick={() => setDialog({ kind: 'operations', account })}
              >
                Permitted operations
              </Menu.Item>
              <Menu.Item
                leftSection={<IconKey size={16} />}
                onClick={() => setDialog({ kind: 'rotate', account })}
              >
                Rotate secret
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconBan size={16} />}
                onClick={() => {
                  revoke.reset();
                  setDialog({ kind: 'revoke', account });
                }}
              >
                Revoke
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
          New API account
        </Button>
      </Group>
      {accounts.error && !accounts.data ? (
        <Paper withBorder>
          <ErrorState
            error={accounts.error}
            onRetry={() => void accounts.refetch()}
            what="the API accounts"
          />
        </Paper>
      ) : (
        <ServerTable<ApiAccount>
          records={accounts.data ?? []}
          columns={columns}
          idAccessor="id"
          fetching={accounts.isFetching}
          emptyState={
            accounts.isPending ? undefined : (
              <EmptyState title="No API accounts" icon={<IconApi size={24} />}>
                Create one for each system that calls the Voltin API.
              </EmptyState>
            )
          }
        />
      )}

      <CreateAccountModal opened={dialog?.kind === 'create'} onClose={close} />
      <RotateDialog account={dialog?.kind === 'rotate' ? dialog.account : null} onClose={close} />
      <OperationsModal account={dialog?.kind === 'operations' ? dialog.account : null} onClose={close} />
      <ConfirmDialog
        opened={dialog?.kind === 'revoke'}
        title={`Revoke ${target?.name}?`}
        confirmLabel="Revoke"
        danger
        loading={revoke.isPending}
        error={revoke.error}
        onConfirm={() =>
          target &&
          revoke.mutate(target.id, {
            onSuccess: (revoked) => {
              notifications.show({
                color: 'teal',
                title: 'Revoked',
                message: `${revoked.name} can no longer log in; its tokens are refused.`,
              });
              close();
            },
          })
        }
        onClose={close}
      >
        <Text size="sm">
          {target?.name} stops working now: no secret logs in any more and every token it holds is refused
          from its next call. This cannot be undone; create a new account instead.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
