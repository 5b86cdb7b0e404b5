import { Anchor, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { EmptyState } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import type { Dashboard } from '../api/get-dashboard';
import { type HoldStatus, holdColor, holdQueueSearch } from '../model';
import classes from './dashboard.module.css';

const HoldsByAgeChart = lazy(() =>
  import('./dashboard-charts').then((m) => ({ default: m.HoldsByAgeChart })),
);

/** A count of the table: a link to its status's queue when one lists it and there is something in it. */
function CountCell({
  status,
  index,
  value,
  age,
}: {
  status: HoldStatus;
  index?: number;
  value: number;
  /** The bucket's label ("1–4 h"); none for the total. */
  age?: string;
}) {
  const search = holdQueueSearch(status, index);
  if (value === 0) return <span className={classes.zero}>0</span>;
  if (!search) return <>{formatCount(value)}</>;
  return (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/queues" search={search} />}
      fw={600}
      underline="hover"
      aria-label={`${formatCount(value)} ${status.label}, ${age ? `waiting ${age}` : 'in all'}: open the queue`}
    >
      {formatCount(value)}
    </Anchor>
  );
}

/** The hold's colour beside its name: the key to the chart. */
const Swatch = ({ status }: { status: string }) => (
  <span
    className={classes.dot}
    style={{ background: `var(--mantine-color-${holdColor(status).replace('.', '-')})` }}
    aria-hidden
  />
);

/** The holds now by how long each has lasted: a chart to see it, a table to read it and open a queue from it. */
export function HoldsPanel({ dashboard }: { dashboard: Dashboard }) {
  const navigate = useNavigate();
  const { holds } = dashboard;
  const rows = holds.byStatus.filter((status) => status.total > 0).sort((a, b) => b.total - a.total);
  const empty = holds.byStatus.filter((status) => status.total === 0);
  const open = (status: string, bucketIndex: number) => {
    const hold = holds.byStatus.find((h) => h.status === status);
    const search = hold && holdQueueSearch(hold, bucketIndex);
    if (search) void navigate({ to: '/queues', search });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="holds-by-age">
      <Group justify="space-between" align="baseline" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="holds-by-age">
          Holds by age
        </Title>
        <Text size="xs" c="dimmed">
          How long each hold has lasted, now. A bar or a count opens its queue.
        </Text>
      </Group>
      {holds.total === 0 ? (
        <EmptyState title="Nothing on hold">
          No enrollment waits for a deposit, a document, a verification or an agent.
        </EmptyState>
      ) : (
        <div className={classes.holdsBody}>
          <figure
            className={classes.figure}
            aria-label="Chart of the holds by age; the table beside it has the numbers"
          >
            <Suspense fallback={<Skeleton height={260} radius="md" />}>
              <HoldsByAgeChart dashboard={dashboard} onSelect={open} />
            </Suspense>
          </figure>
          <div>
            <Table.ScrollContainer minWidth={560}>
              <Table className={classes.ageTable} verticalSpacing={6} highlightOnHover>
                <Table.Caption className={classes.visuallyHidden}>
                  Enrollments on hold now, by hold and by how long they have waited
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Hold</Table.Th>
                    {holds.buckets.map((bucket) => (
                      <Table.Th key={bucket.key} ta="right">
                        {bucket.label}
                      </Table.Th>
                    ))}
                    <Table.Th ta="right">Total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((status) => (
                    <Table.Tr key={status.status}>
                      <Table.Th scope="row" fw={500} className={classes.statusCell}>
                        <Group gap={8} wrap="nowrap">
                          <Swatch status={status.status} />
                          <span>
                            {status.label}
                            {!status.queue && (
                              <Text size="xs" c="dimmed" span>
                                {' '}
                                (with the provider)
                              </Text>
                            )}
                          </span>
                        </Group>
                      </Table.Th>
                      {status.counts.map((count, index) => (
                        <Table.Td key={holds.buckets[index]?.key ?? index} ta="right">
                          <CountCell
                            status={status}
                            index={index}
                            value={count}
                            age={holds.buckets[index]?.label}
                          />
                        </Table.Td>
                      ))}
                      <Table.Td ta="right" fw={600}>
                        <CountCell status={status} value={status.total} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {empty.length > 0 && (
              <Text size="xs" c="dimmed" mt="xs">
                Nothing waits in: {empty.map((status) => status.label).join(', ')}.
              </Text>
            )}
          </div>
        </div>
      )}
    </Paper>
  );
}
