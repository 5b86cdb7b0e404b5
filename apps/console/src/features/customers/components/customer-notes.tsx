import { Group, Text } from '@mantine/core';
import { useCan } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import type { CustomerProfile } from '../api/get-customer';
import { NoteForm } from './actions/note-form';
import classes from './customers.module.css';
import { Section, useFirst } from './section';

type Note = CustomerProfile['notes'][number];

/** Who wrote it: the API names staff as `staff:<email>`. */
const authorOf = (author: string) => author.replace(/^staff:/, '');

/** What staff wrote about the customer, as written, newest first; those who act for customers add one here. */
export function CustomerNotes({ customerId, notes }: { customerId: number; notes: Note[] }) {
  const canAct = useCan('customers.act');
  const { shown, more } = useFirst(notes, 3);
  return (
    <Section
      id="customer-notes"
      title="Staff notes"
      count={notes.length}
      description="Kept as written, newest first."
    >
      {canAct && <NoteForm customerId={customerId} />}
      {notes.length === 0 ? (
        <Text className={classes.empty}>No note about this customer yet.</Text>
      ) : (
        <ol className={classes.timeline}>
          {shown.map((note) => (
            <li key={note.id}>
              <Text size="sm" className={classes.note}>
                {note.body}
              </Text>
              <Group gap={8} mt={2} wrap="wrap">
                <Text size="xs" c="dimmed">
                  {authorOf(note.author)}
                </Text>
                <Text size="xs" c="dimmed" component="time" dateTime={note.at}>
                  {formatDateTime(note.at)}
                </Text>
              </Group>
            </li>
          ))}
        </ol>
      )}
      {more}
    </Section>
  );
}
