import { Alert, Button, Center, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconInbox, IconLock, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isApiFailure, messageOf } from '../../lib/api';

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** When the state is the whole page, its title is the page's heading. */
  heading?: 1 | 2;
}

/** Nothing to show: says so plainly, and what to do next when there is something to do. */
export function EmptyState({ title, children, icon, action, heading }: EmptyStateProps) {
  return (
    <Center py={48} px="md">
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon variant="light" size={44} radius="xl" color="gray" aria-hidden>
          {icon ?? <IconInbox size={24} stroke={1.6} />}
        </ThemeIcon>
        {heading ? (
          <Title order={heading} size="h4">
            {title}
          </Title>
        ) : (
          <Text fw={600} c="var(--mantine-color-text)">
            {title}
          </Text>
        )}
        {children && (
          <Text size="sm" c="dimmed">
            {children}
          </Text>
        )}
        {action}
      </Stack>
    </Center>
  );
}

/** The roles of the signed-in user do not permit a page or a list. */
export function ForbiddenState({ what = 'this page', heading }: { what?: string; heading?: 1 | 2 }) {
  return (
    <EmptyState title="You do not have access" icon={<IconLock size={24} stroke={1.6} />} heading={heading}>
      Your roles do not permit {what}. An Administrator can change your roles on the Staff page.
    </EmptyState>
  );
}

interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  /** What failed to load, for the heading: "the queues". */
  what?: string;
}

/** The server's reference of a failure it could not explain (5xx), for support. */
function Reference({ error }: { error: unknown }) {
  if (!isApiFailure(error) || error.status < 500 || !error.requestId) return null;
  return (
    <Text size="xs" c="dimmed">
      Reference for support: <code>{error.requestId}</code>
    </Text>
  );
}

/** A list or page that could not load: the server's own words, and a way to try again. */
export function ErrorState({ error, onRetry, what = 'this' }: ErrorStateProps) {
  if (isApiFailure(error) && (error.code === 'PERMISSION_DENIED' || error.status === 403))
    return <ForbiddenState what={what} />;
  return (
    <Center py={40} px="md">
      <Stack align="center" gap="xs" maw={460} ta="center">
        <ThemeIcon variant="light" size={44} radius="xl" color="red" aria-hidden>
          <IconAlertTriangle size={24} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} size="h4">
          Could not load {what}
        </Title>
        <Text size="sm" c="dimmed" role="alert">
          {messageOf(error)}
        </Text>
        <Reference error={error} />
        {onRetry && (
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Center>
  );
}

/** The answer of a failed change, inside the form or dialog that made it: message, then each problem. */
export function FailureAlert({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const details = isApiFailure(error) ? error.errors.filter((line) => line !== error.message) : [];
  return (
    <Alert
      color="red"
      variant="light"
      title={title ?? 'Not done'}
      icon={<IconAlertTriangle size={18} />}
      role="alert"
    >
      <Text size="sm">{messageOf(error)}</Text>
      <Reference error={error} />
      {details.length > 0 && (
        <List size="sm" mt={4}>
          {details.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
