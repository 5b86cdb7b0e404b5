import { Checkbox, Table, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ListEditor } from './list-editor';

/** An option as a form holds it: an option the plan offers keeps its id, a new one has none. */
export interface OptionValues {
  id?: number;
  text: string;
  required: boolean;
}

export interface AcceptanceOptionsValues {
  acceptanceOptions: OptionValues[];
}

/** The form's rules of each option (`validate: { acceptanceOptions: acceptanceOptionRules }`). */
export const acceptanceOptionRules = {
  text: (value: string) => (value.trim().length < 3 ? 'Write what the customer agrees to.' : null),
};

/** What the customer agrees to, edited as a list: its order is the wizard's. */
export function AcceptanceOptionsFields<V extends AcceptanceOptionsValues>({
  form,
}: {
  form: UseFormReturnType<V>;
}) {
  const cells = (_option: OptionValues, index: number) => (
    <>
      <Table.Td>
        <Textarea
          aria-label={`Option ${index + 1} text`}
          size="xs"
          autosize
          minRows={1}
          maxLength={1000}
          {...form.getInputProps(`acceptanceOptions.${index}.text`)}
        />
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={`Option ${index + 1} required`}
          {...form.getInputProps(`acceptanceOptions.${index}.required`, { type: 'checkbox' })}
        />
      </Table.Td>
    </>
  );
  return (
    <>
      <Text size="xs" c="dimmed">
        Shown in this order at the end of the enrollment; a required one must be ticked to enroll.
      </Text>
      <ListEditor
        columns={['Text', 'Required']}
        items={form.values.acceptanceOptions}
        minWidth={480}
        cells={cells}
        removeLabel={(_option, index) => `Remove option ${index + 1}`}
        onRemove={(index) => form.removeListItem('acceptanceOptions', index)}
        addLabel="Add an option"
        onAdd={() => form.insertListItem('acceptanceOptions', { text: '', required: false } as never)}
        error={form.errors.acceptanceOptions}
      />
    </>
  );
}
