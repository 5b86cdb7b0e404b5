import { Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { KbdHint } from '../ui/kbd-hint';

/** Every keyboard shortcut, as the help dialog (`?`) lists them. */
export const SHORTCUT_GROUPS = [
  {
    title: 'Anywhere',
    items: [
      { keys: 'mod+K', label: 'Search and go to a page' },
      { keys: '/', label: 'Search and go to a page' },
      { keys: 'g q', label: 'Go to the queues' },
      { keys: 'g a', label: 'Go to the audit log' },
      { keys: 'g s', label: 'Go to staff' },
      { keys: '?', label: 'Show these shortcuts' },
    ],
  },
  {
    title: 'Queue lists',
    items: [
      { keys: 'j', label: 'Highlight the next row' },
      { keys: 'k', label: 'Highlight the previous row' },
      { keys: 'x', label: 'Select or unselect the highlighted row' },
      { keys: 'r', label: 'Release the hold of the highlighted row' },
      { keys: 'shift+r', label: 'Retry the submission of the highlighted row' },
    ],
  },
] as const;

/** Hotkeys stay quiet while a dialog (a modal, Spotlight) is open or the user types. */
export function overlayOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"], [data-spotlight-open]') !== null;
}

export function ShortcutsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        {SHORTCUT_GROUPS.map((group) => (
          <Stack key={group.title} gap="xs">
            <Title order={2} size="h6" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.4 }}>
              {group.title}
            </Title>
            <dl style={{ margin: 0 }}>
              {group.items.map((item) => (
                <Group key={`${item.keys}-${item.label}`} justify="space-between" wrap="nowrap" py={5} gap="md">
                  <Text component="dt" size="sm">
                    {item.label}
                  </Text>
                  <dd style={{ margin: 0 }}>
                    <KbdHint keys={item.keys} />
                  </dd>
                </Group>
              ))}
            </dl>
          </Stack>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
