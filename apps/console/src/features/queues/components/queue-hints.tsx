import { Group, Text } from '@mantine/core';
import { KbdHint } from '../../../components/ui/kbd-hint';

interface QueueHintsProps {
  /** The shortcuts of this list's actions, after moving and opening. */
  hints?: { keys: string; label: string }[];
}

/** The keys of a queue's list, under its table (not on phones, which have no keyboard). */
export function QueueHints({ hints = [] }: QueueHintsProps) {
  const all = [
    { keys: 'j k', label: 'move' },
    { keys: 'Enter', label: 'open' },
    ...hints,
    { keys: '?', label: 'all shortcuts' },
  ];
  return (
    <Group gap="lg" visibleFrom="sm" c="dimmed">
      {all.map((hint) => (
        <Text key={hint.keys} size="xs" c="dimmed" component="div">
          <Group gap={6} component="span">
            <KbdHint keys={hint.keys} /> {hint.label}
          </Group>
        </Text>
      ))}
    </Group>
  );
}
