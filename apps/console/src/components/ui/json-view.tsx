import { Code, ScrollArea, Text } from '@mantine/core';

/** A JSON value as indented text (the audit log's before and after), or a dash for none. */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  if (value === null || value === undefined)
    return (
      <Text size="sm" c="dimmed" aria-label={`${label}: nothing`}>
        —
      </Text>
    );
  return (
    <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
      {/* Focusable: a long line scrolls sideways, and the keyboard must reach it. */}
      <Code block aria-label={label} tabIndex={0} style={{ fontSize: 12, whiteSpace: 'pre' }}>
        {JSON.stringify(value, null, 2)}
      </Code>
    </ScrollArea.Autosize>
  );
}
