import { ActionIcon, Badge, Group, Menu, Paper, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconDevices,
  IconDots,
  IconKey,
  IconPencil,
  IconShieldCheck,
  IconShieldOff,
  IconUserCheck,
  IconUserOff,
  IconUsers,
} from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable, TABLE_PAGE_SIZES } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/format';
import type { StaffPage, StaffUser } from '../api/get-staff';

export type StaffAction = 'edit' | 'reset' | 'sign-out' | 'disable' | 'enable';

function StatusOf({ user }: { user: StaffUser }) {
  if (user.disabled)
    return (
      <Badge color="gray" variant="light" radius="sm" tt="none">
        Disabled
      </Badge>
    );
  if (user.setupPending)
    return (
      <Badge color="yellow" variant="light" radius="sm" tt="none">
        Set-up pending
      </Badge>
    );
  return (
    <Badge color="green" variant="light" radius="sm" tt="none">
      Active
    </Badge>
  );
}

interface StaffTableProps {
  data: StaffPage | undefined;
  error: unknown;
  fetching: boolean;
  pending: boolean;
  page: number;
  pageSize: number;
  currentEmail: string;
  onRetry: () => void;
  onPage: (page: number, pageSize: number) => void;
  onAction: (action: StaffAction, user: StaffUser) => void;
}

/** The company's staff users, with what an Administrator can do to each. */
export function StaffTable(props: StaffTableProps) {
  const { data, error, fetching, pending, page, pageSize, currentEmail, onRetry, onPage, onAction } = props;

  if (error && !data)
    return (
      <Paper withBorder>
        <ErrorState error={error} onRetry={onRetry} what="the staff list" />
      </Paper>
    );

  const columns: DataTableColumn<StaffUser>[] = [
    {
      accessor: 'name',
      title: 'Name',
      render: (user) => (
        <div>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} c={user.disabled ? 'dimmed' : undefined}>
              {user.name}
            </Text>
            {user.email === currentEmail && (
              <Badge size="xs" variant="outline" radius="sm" tt="none">
                You
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {user.email}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'roles',
      title: 'Roles',
      render: (user) => (
        <Group gap={4}>
          {user.roles.map((role) => (
            <Badge
              key={role}
              variant="light"
              color={role === 'Administrator' ? 'indigo' : 'gray'}
              radius="sm"
              tt="none"
              fw={500}
            >
              {role}
            </Badge>
          ))}
        </Group>
      ),
    },
    { accessor: 'disabled', title: 'Status', render: (user) => <StatusOf user={user} /> },
    {
      accessor: 'totpEnabled',
      title: 'Authenticator',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (user) =>
        user.totpEnabled ? (
          <Group gap={4} wrap="nowrap">
            <IconShieldCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
            <Text size="sm">On</Text>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap">
            <IconShieldOff size={16} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="sm" c="dimmed">
              Off
            </Text>
          </Group>
        ),
    },
    {
      accessor: 'createdAt',
      title: 'Added',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (user) => (
        <Text size="sm" component="time" dateTime={user.createdAt}>
          {formatDate(user.createdAt)}
        </Text>
      ),
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      width: 64,
      render: (user) => (
        <Menu position="bottom-end" withinPortal width={230}>
          <Menu.Target>
            <Tooltip label="Actions">
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction('edit', user)}>
              Edit name and roles
            </Menu.Item>
            <Menu.Item leftSection={<IconKey size={16} />} onClick={() => onAction('reset', user)}>
              Reset password
            </Menu.Item>
            <Menu.Item leftSection={<IconDevices size={16} />} onClick={() => onAction('sign-out', user)}>
              Sign out everywhere
            </Menu.Item>
            <Menu.Divider />
            {user.disabled ? (
              <Menu.Item leftSection={<IconUserCheck size={16} />} onClick={() => onAction('enable', user)}>
                Enable
              </Menu.Item>
            ) : (
              <Menu.Item
                color="red"
                leftSection={<IconUserOff size={16} />}
                onClick={() => onAction('disable', user)}
              >
                Disable
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <ServerTable<StaffUser>
      records={data?.data ?? []}
      columns={columns}
      idAccessor="id"
      fetching={fetching}
      page={page}
      onPageChange={(next) => onPage(next, pageSize)}
      totalRecords={data?.totalRecords ?? 0}
      recordsPerPage={pageSize}
      recordsPerPageOptions={TABLE_PAGE_SIZES}
      onRecordsPerPageChange={(size) => onPage(1, size)}
      pinLastColumn
      emptyState={
        pending ? undefined : (
          <EmptyState title="No staff users" icon={<IconUsers size={24} />}>
            Add the first one with “Add staff”.
          </EmptyState>
        )
      }
    />
  );
}
