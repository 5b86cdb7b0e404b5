import { Group, Kbd } from '@mantine/core';

/** A shortcut as keys: "g q" is a sequence, "shift+r" a chord. */
export function KbdHint({ keys }: { keys: string }) {
  const sequence = keys.split(' ');
  return (
    <Group gap={4} wrap="nowrap" component="span">
      {sequence.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same key may repeat in a sequence
        <Group key={index} gap={2} wrap="nowrap" component="span">
          {step.split('+').map((key) => (
            <Kbd key={key} size="xs">
              {key === 'mod' ? (navigator.platform.startsWith('Mac') ? '⌘' : 'Ctrl') : key}
            </Kbd>
          ))}
        </Group>
      ))}
    </Group>
  );
}
