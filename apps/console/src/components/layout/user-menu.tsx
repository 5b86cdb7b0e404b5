import { Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDevices, IconKeyboard, IconLogout } from '@tabler/icons-react';
import { messageOf } from '../../lib/api';
import { type SessionUser, useSignOut } from '../../lib/auth';
import { ConfirmDialog } from '../ui/confirm-dialog';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

interface UserMenuProps {
  user: SessionUser;
  onShowShortcuts: () => void;
}

/** Who is signed in, their roles, and signing out (here, or on every device). */
export function UserMenu({ user, onShowShortcuts }: UserMenuProps) {
  const signOut = useSignOut();

  const run = (scope: 'here' | 'everywhere') =>
    signOut.mutate(scope, {
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not sign out', message: messageOf(error) }),
    });

  const [confirming, confirm] = useDisclosure(false);

  return (
    <>
      <Menu position="bottom-end" width={280} withinPortal>
        <Menu.Target>
          <UnstyledButton
            aria-label={`Account: ${user.name}`}
            style={{ borderRadius: 'var(--mantine-radius-md)', padding: '4px 6px' }}
          >
            <Group gap={8} wrap="nowrap">
              <Avatar size={30} radius="xl" color="indigo" variant="filled" aria-hidden>
                {initialsOf(user.name) || '?'}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
                {user.name}
              </Text>
              <IconChevronDown size={14} stroke={1.7} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Stack gap={6} px="sm" py="xs">
            <div>
              <Text size="sm" fw={600}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed">
                {user.email}
              </Text>
            </div>
            <Group gap={4}>
              {user.roles.map((role) => (
                <Badge key={role} size="sm" variant="light" color="indigo" radius="sm" tt="none">
                  {role}
                </Badge>
              ))}
            </Group>
          </Stack>
          <Menu.Divider />
          <Menu.Item leftSection={<IconKeyboard size={16} stroke={1.7} />} onClick={onShowShortcuts}>
            Keyboard shortcuts
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} stroke={1.7} />} onClick={() => run('here')}>
            Sign out
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconDevices size={16} stroke={1.7} />} onClick={confirm.open}>
            Sign out everywhere
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        danger
        loading={signOut.isPending}
        onConfirm={() => run('everywhere')}
        onClose={confirm.close}
      >
        <Text size="sm">
          This ends every session of {user.email}: on this browser and on every other device. You will need to
          sign in again.
        </Text>
      </ConfirmDialog>
    </>
  );
}
