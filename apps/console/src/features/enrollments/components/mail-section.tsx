import { Badge, Group, Stack, Text } from '@mantine/core';
import { humanize } from '../../../lib/format';
import type { EnrollmentPage } from '../api/get-enrollment-page';
import { NothingYet, Section } from './section';
import { When } from './timeline-section';

type MailStatus = EnrollmentPage['mail'][number]['status'];

const STATUS: Record<MailStatus, { label: string; color: string; meaning: string }> = {
  queued: { label: 'Queued', color: 'gray', meaning: 'Waiting to be handed to the mail server.' },
  sent: { label: 'Sent', color: 'teal', meaning: 'Accepted by the mail server.' },
  failed: {
    label: 'Retrying',
    color: 'yellow',
    meaning: 'The mail server did not take it yet; it is tried again.',
  },
  bounced: { label: 'Bounced', color: 'red', meaning: 'The mail server refused it for good.' },
  suppressed: {
    label: 'Not sent',
    color: 'red',
    meaning: 'Not attempted: mail to this address bounced before.',
  },
};

/** The mail sent to the customer's addresses lately, newest first: whether each reached the mail server. */
export function MailSection({ mail }: { mail: EnrollmentPage['mail'] }) {
  return (
    <Section
      title="Mail sent"
      count={mail.length}
      description="To the customer's addresses, newest first; sent mail is kept 30 days, and never its text."
    >
      {mail.length === 0 ? (
        <NothingYet>No mail to the customer lately.</NothingYet>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {mail.map((m) => {
            const status = STATUS[m.status];
            return (
              <li key={m.id}>
                <Stack gap={2}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {m.subject}
                    </Text>
                    <Badge
                      size="sm"
                      variant="light"
                      color={status.color}
                      radius="sm"
                      tt="none"
                      title={status.meaning}
                    >
                      {status.label}
                    </Badge>
                  </Group>
                  <Group gap={6} wrap="wrap">
                    <When at={m.sentAt ?? m.at} />
                    <Text size="xs" c="dimmed">
                      · {humanize(m.template)}
                      {m.attempts > 1 ? ` · ${m.attempts} attempts` : ''}
                    </Text>
                  </Group>
                </Stack>
              </li>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}
