import { Group, Paper, Skeleton, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { EmptyState } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import type { Dashboard } from '../api/get-dashboard';
import classes from './dashboard.module.css';

const DailyActivityChart = lazy(() =>
  import('./dashboard-charts').then((m) => ({ default: m.DailyActivityChart })),
);

/** The last 14 days: enrollments created and sent to the billing system, with the numbers a click away. */
export function DailyPanel({ dashboard }: { dashboard: Dashboard }) {
  const [tableShown, table] = useDisclosure(false);
  const quiet = dashboard.daily.every((day) => day.created === 0 && day.submitted === 0);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="last-14-days">
      <Group justify="space-between" align="baseline" mb="xs" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="last-14-days">
          Last {dashboard.daily.length} days
        </Title>
        <Text size="xs" c="dimmed">
          Enrollments created and sent to the billing system, per day
        </Text>
      </Group>
      {quiet ? (
        <EmptyState title="No enrollments in these days">
          Enrollments made through the API or the self-service site appear here the day they are created.
        </EmptyState>
      ) : (
        <>
          <figure
            className={classes.figure}
            aria-label="Chart of the enrollments created and sent per day; the numbers are in the table below it"
          >
            <Suspense fallback={<Skeleton height={260} radius="md" />}>
              <DailyActivityChart dashboard={dashboard} />
            </Suspense>
          </figure>
          <UnstyledButton onClick={table.toggle} aria-expanded={tableShown} mt="sm">
            <Group gap={4}>
              {tableShown ? (
                <IconChevronDown size={14} aria-hidden />
              ) : (
                <IconChevronRight size={14} aria-hidden />
              )}
              <Text size="sm" c="dimmed">
                {tableShown ? 'Hide the numbers' : 'Show the numbers'}
              </Text>
            </Group>
          </UnstyledButton>
          {tableShown && (
            <Table.ScrollContainer minWidth={320} mt="xs">
              <Table className={classes.ageTable} verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Day</Table.Th>
                    <Table.Th ta="right">Created</Table.Th>
                    <Table.Th ta="right">Sent to billing</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...dashboard.daily].reverse().map((day) => (
                    <Table.Tr key={day.day}>
                      <Table.Th scope="row" fw={500}>
                        {dayjs(day.day).format('ddd D MMM')}
                      </Table.Th>
                      <Table.Td ta="right">{formatCount(day.created)}</Table.Td>
                      <Table.Td ta="right">{formatCount(day.submitted)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Paper>
  );
}
