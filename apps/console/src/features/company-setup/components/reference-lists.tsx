import { Badge, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ui/states';
import { useReferenceLists } from '../api/company-setup';

function ListCard({
  title,
  why,
  head,
  rows,
}: {
  title: string;
  why: string;
  head: string[];
  rows: { key: number; cells: ReactNode[] }[];
}) {
  const id = `list-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {why}
        </Text>
        <Table.ScrollContainer minWidth={280} type="native" tabIndex={0}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {head.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ key, cells }) => (
                <Table.Tr key={key}>
                  {cells.map((cell, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                    <Table.Td key={j}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/**
 * What sales are typed and worded by, read only: customer types are the company's but customers and prospects are
 * typed by them, so they change only through the company file; languages and contact methods are the installation's,
 * the same for every company.
 */
export function ReferenceListsPanel() {
  const lists = useReferenceLists();
  if (lists.isError)
    return <ErrorState error={lists.error} onRetry={() => void lists.refetch()} what="the lists" />;
  if (!lists.data) return null;
  const { customerTypes, languages, contactMethods } = lists.data;
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
      <ListCard
        title="Customer types"
        why="This company's. Customers and prospects are typed by them, so they are added and changed by the company file (npm run company:apply), never removed."
        head={['Code', 'Name', 'Prospect days']}
        rows={customerTypes.map((t) => ({ key: t.id, cells: [t.code, t.name, t.prospectExpirationDays] }))}
      />
      <ListCard
        title="Languages"
        why="The installation's, the same for every company: what customers and documents may be written in."
        head={['Code', 'Name', '']}
        rows={languages.map((l) => ({
          key: l.id,
          cells: [
            l.shortName,
            l.name,
            l.isDefault ? (
              <Badge key="default" variant="light" radius="sm" tt="none">
                Default
              </Badge>
            ) : (
              ''
            ),
          ],
        }))}
      />
      <ListCard
        title="Contact methods"
        why="The installation's, the same for every company: how a customer agreed to be contacted."
        head={['Name', 'Meaning']}
        rows={contactMethods.map((m) => ({ key: m.id, cells: [m.name, m.description] }))}
      />
    </SimpleGrid>
  );
}
