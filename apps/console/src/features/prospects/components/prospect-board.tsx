import { Anchor, Badge, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatCount, formatDate, humanize } from '../../../lib/format';
import type { BoardColumn, ProspectCard } from '../api/get-prospects';
import { SigningBadge } from './prospect-badges';

function Card({ card }: { card: ProspectCard }) {
  return (
    <Paper withBorder p="xs" radius="sm" component="li" style={{ listStyle: 'none' }}>
      <Anchor
        renderRoot={(props) => <Link {...props} to="/prospects/$id" params={{ id: card.id }} />}
        size="sm"
        fw={600}
      >
        {card.customerName}
      </Anchor>
      <Text size="xs" c="dimmed">
        #{card.id} · {card.affiliate?.name ?? 'No affiliate'} · {card.utilityCode}
      </Text>
      <Group gap={6} mt={6} wrap="wrap">
        <SigningBadge status={card.signingStatus} />
        <Text size="xs" c="dimmed">
          expires {formatDate(card.expirationDate)}
        </Text>
      </Group>
    </Paper>
  );
}

/** The pipeline: a column per sales status, its count and its most recently changed prospects. */
export function ProspectBoard({ columns }: { columns: BoardColumn[] }) {
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Group align="flex-start" gap="sm" wrap="nowrap" pb="xs">
        {columns.map((column) => (
          <Paper
            key={column.status}
            withBorder
            p="xs"
            bg="var(--mantine-color-default-hover)"
            component="section"
            aria-label={`${humanize(column.status)}: ${column.total}`}
            w={260}
            style={{ flex: '0 0 260px' }}
          >
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h6">
                {humanize(column.status)}
              </Title>
              <Badge size="sm" variant="light" color="gray" radius="sm">
                {formatCount(column.total)}
              </Badge>
            </Group>
            <Stack gap={6} component="ul" p={0} m={0}>
              {column.cards.map((card) => (
                <Card key={card.id} card={card} />
              ))}
            </Stack>
            {column.total > column.cards.length && (
              <Anchor
                renderRoot={(props) => (
                  <Link {...props} to="/prospects" search={{ view: 'table', status: column.status }} />
                )}
                size="xs"
                mt="xs"
                display="block"
              >
                All {formatCount(column.total)} in the table
              </Anchor>
            )}
            {column.total === 0 && (
              <Text size="xs" c="dimmed">
                None
              </Text>
            )}
          </Paper>
        ))}
      </Group>
    </ScrollArea>
  );
}
