import { Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { KbdHint } from '../ui/kbd-hint';
import { SHORTCUT_GROUPS } from './shortcuts';

/** The help dialog of `?`: every shortcut, by where it works. */
export default function ShortcutsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
                <Group
                  key={`${item.keys}-${item.label}`}
                  justify="space-between"
                  wrap="nowrap"
                  py={5}
                  gap="md"
                >
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
