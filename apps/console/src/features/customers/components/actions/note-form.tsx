import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { KeyboardEvent } from 'react';
import { KbdHint } from '../../../../components/ui/kbd-hint';
import { FailureAlert } from '../../../../components/ui/states';
import { focusFirstError, splitFailure } from '../../actions';
import { useAddCustomerNote } from '../../api/add-customer-note';

/** The API keeps a note of 1 to 2,000 characters. */
const NOTE_MAX = 2000;

/** The note's field: the Actions menu's "Add a note" focuses it. */
export const NOTE_INPUT_ID = 'customer-note';

/** A note about the customer, kept as written under the staff member's name: Ctrl/⌘+Enter adds it. */
export function NoteForm({ customerId }: { customerId: number }) {
  const add = useAddCustomerNote(customerId);
  const form = useForm({
    name: 'customer-note',
    initialValues: { body: '' },
    validate: {
      body: (value) =>
        value.trim().length === 0
          ? 'Write the note first.'
          : value.length > NOTE_MAX
            ? `At most ${NOTE_MAX} characters.`
            : null,
    },
  });

  const submit = form.onSubmit(
    ({ body }) => {
      if (add.isPending) return;
      add.mutate(body.trim(), {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'teal', message: 'Note added to the customer.' });
        },
        onError: (error) => {
          const { fields } = splitFailure(error, ['body'] as const);
          form.setErrors(fields);
          focusFirstError('customer-note', fields);
        },
      });
    },
    (errors) => focusFirstError('customer-note', errors),
  );

  const submitOnChord = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  const { rest } = splitFailure(add.error, ['body'] as const);
  const length = form.values.body.length;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a note"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap="xs" px="md" pt="sm" pb="md">
        <Textarea
          id={NOTE_INPUT_ID}
          label="New note"
          placeholder="What the customer said or asked, what you did…"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={NOTE_MAX}
          onKeyDown={submitOnChord}
          {...form.getInputProps('body')}
        />
        {add.error ? <FailureAlert error={rest} title="Note not added" /> : null}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} component="span">
            <KbdHint keys="mod+Enter" />
            <Text span size="xs" c="dimmed">
              adds it
            </Text>
          </Group>
          <Group gap="xs">
            {length > NOTE_MAX - 200 && (
              <Text size="xs" c="dimmed" aria-live="polite">
                {NOTE_MAX - length} left
              </Text>
            )}
            <Button type="submit" size="xs" loading={add.isPending}>
              Add note
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
