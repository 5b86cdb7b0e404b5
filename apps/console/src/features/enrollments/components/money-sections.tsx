import { Badge, DataList, Group, List, Stack, Table, Text } from '@mantine/core';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, formatMoney, humanize } from '../../../lib/format';
import type { EnrollmentPage, TimelineEntry } from '../api/get-enrollment-page';
import { isDepositHeld } from '../model';
import { NothingYet, Section } from './section';
import { When } from './timeline-section';

/** The deposit the credit decision asked for, where it stands, and every charge of the enrollment. */
export function MoneySection({ page }: { page: EnrollmentPage }) {
  const held = isDepositHeld(page.depositStatus);
  return (
    <Section title="Deposit and charges" count={page.charges.length} flush>
      <Stack gap="md" p="md" pb={page.charges.length > 0 ? 0 : 'md'}>
        <DataList labelWidth={120} gap="xs">
          <DataList.Item>
            <DataList.ItemLabel c="dimmed">Deposit</DataList.ItemLabel>
            <DataList.ItemValue>
              {page.depositStatus === 'not_required' ? 'Not required' : formatMoney(page.deposit)}
            </DataList.ItemValue>
          </DataList.Item>
          {page.depositStatus !== 'not_required' && (
            <DataList.Item>
              <DataList.ItemLabel c="dimmed">Deposit status</DataList.ItemLabel>
              <DataList.ItemValue>
                <Badge variant="light" color={held ? 'orange' : 'gray'} radius="sm" tt="none">
                  {humanize(page.depositStatus)}
                </Badge>
              </DataList.ItemValue>
            </DataList.Item>
          )}
          {page.enrollment.pendingDepositAmount > 0 && (
            <DataList.Item>
              <DataList.ItemLabel c="dimmed">Still due</DataList.ItemLabel>
              <DataList.ItemValue>{formatMoney(page.enrollment.pendingDepositAmount)}</DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList>
        {page.charges.length === 0 && <NothingYet>No charge recorded.</NothingYet>}
      </Stack>
      {page.charges.length > 0 && (
        <Table.ScrollContainer minWidth={460} mt="sm">
          <Table verticalSpacing={6} horizontalSpacing="md" highlightOnHover aria-label="Charges">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.charges.map((charge) => (
                <Table.Tr key={charge.id}>
                  <Table.Td>
                    <Text size="sm" component="time" dateTime={charge.at} style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(charge.at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{humanize(charge.type)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{humanize(charge.status)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={500}>
                      {formatMoney(charge.amount)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

/** The statuses the billing system's answer to a submission moves an enrollment to. */
const ANSWERS = new Set(['PENDING', 'SUBMITTED_WITH_ERRORS', 'SUBMITION_NOT_SENT_CONNECTION_ERROR']);
const isAnswer = (entry: TimelineEntry) =>
  entry.from !== entry.to && (entry.actor === 'billing' || ANSWERS.has(entry.to));

/** The submissions to the billing system: how many attempts, what it answered, what it still refuses. */
export function BillingSection({ page }: { page: EnrollmentPage }) {
  const answers = page.timeline.filter(isAnswer);
  const errors = page.summary.billingErrors;
  return (
    <Section
      title="Billing system"
      description="Submissions and the billing system's answers, from the status history."
      count={answers.length}
    >
      <Stack gap="sm">
        <Group gap="xl" wrap="wrap">
          <div>
            <Text size="xs" c="dimmed">
              Sent to the billing system
            </Text>
            <Text size="sm" fw={500}>
              {page.enrollment.statusDetails.sentToBillingSystem ? 'Yes' : 'Not yet'}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Attempts
            </Text>
            <Text size="sm" fw={500}>
              {page.submissionAttempts}
            </Text>
          </div>
        </Group>
        {errors.length > 0 && (
          <div>
            <Text size="xs" c="dimmed" mb={2}>
              What the billing system refuses now
            </Text>
            <List size="sm" c="var(--mantine-color-red-light-color)">
              {errors.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </div>
        )}
        {answers.length === 0 ? (
          <NothingYet>No answer from the billing system yet.</NothingYet>
        ) : (
          <Stack gap={8} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {answers.map((entry) => (
              <li key={`${entry.at}-${entry.to}`}>
                <Group gap={8} wrap="wrap">
                  <StatusBadge status={entry.to} />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {entry.reason}
                  </Text>
                </Group>
                <When at={entry.at} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
