import { Anchor, Code, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog } from '../../audit/api/get-audit-log';
import classes from './customers.module.css';
import { Section } from './section';

const SHOWN = 8;

/** What staff did to this customer through the console (reveals of identity data among it), newest first. */
export function CustomerAuditTrail({ customerId }: { customerId: number }) {
  const target = { targetType: 'customer', targetId: String(customerId) };
  const { data, error, isPending, refetch } = useAuditLog({ ...target, pageNumber: 1, pageSize: SHOWN });
  const total = data?.totalRecords ?? 0;

  return (
    <Section
      id="customer-audit"
      title="Console activity"
      description="What staff did to this customer through the console, newest first."
      aside={
        total > 0 && (
          <Anchor renderRoot={(props) => <Link {...props} to="/audit-log" search={target} />} size="sm">
            {total > SHOWN ? `All ${total} in the audit log` : 'Open in the audit log'}
          </Anchor>
        )
      }
    >
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} what="this customer's activity" />
      ) : isPending ? (
        <Stack gap="xs" p="md" aria-busy="true" aria-label="Loading the activity">
          <Skeleton height={12} width="70%" />
          <Skeleton height={12} width="50%" />
        </Stack>
      ) : data.data.length === 0 ? (
        <EmptyState title="Nothing recorded yet" icon={<IconHistory size={24} stroke={1.6} />}>
          Each reveal of identity data is recorded here and in the audit log.
        </EmptyState>
      ) : (
        <ol className={classes.timeline}>
          {data.data.map((entry) => (
            <li key={entry.id}>
              <Text size="sm">{entry.summary}</Text>
              <Group gap={8} mt={2} wrap="wrap">
                <Text size="xs" c="dimmed" component="time" dateTime={entry.at}>
                  {formatDateTime(entry.at)}
                </Text>
                <Text size="xs" c="dimmed">
                  {entry.actor}
                </Text>
                <Code fz={11}>{entry.action}</Code>
              </Group>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
