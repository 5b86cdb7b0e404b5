import { ActionIcon, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ListEditorProps<T> {
  /** The columns' headings, the remove button's column left out. */
  columns: string[];
  items: T[];
  /** Below this width the table scrolls sideways (a phone). */
  minWidth: number;
  /** The cells (`Table.Td`) of one item, its inputs bound to the form's list at `index`. */
  cells: (item: T, index: number) => ReactNode;
  removeLabel: (item: T, index: number) => string;
  onRemove: (index: number) => void;
  addLabel: string;
  onAdd: () => void;
  /** The form's error on the list as a whole. */
  error?: ReactNode;
}

/** A form's list edited as a table: a row of inputs per item, each removable, and a button adding one. */
export function ListEditor<T>(props: ListEditorProps<T>) {
  const { columns, items, minWidth, cells, removeLabel, onRemove, addLabel, onAdd, error } = props;
  return (
    <Stack gap={6}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table withTableBorder verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is a position of the form's list, as its field paths are
              <Table.Tr key={index}>
                {cells(item, index)}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={removeLabel(item, index)}
                    onClick={() => onRemove(index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}
