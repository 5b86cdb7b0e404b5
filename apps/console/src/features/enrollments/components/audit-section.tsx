import { Anchor, Code, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCan } from '../../../lib/auth';
import type { EnrollmentAuditEntry } from '../api/get-enrollment-page';
import { NothingYet, Section } from './section';
import { When } from './timeline-section';

interface AuditSectionProps {
  entries: EnrollmentAuditEntry[];
  enrollmentId: number;
}

/** The changes made to the enrollment through the console, newest first, with who made them. */
export function AuditSection({ entries, enrollmentId }: AuditSectionProps) {
  const canReadAudit = useCan('audit.read');
  return (
    <Section
      title="Audit log"
      count={entries.length}
      description="Changes made to this enrollment through the console, newest first."
      actions={
        canReadAudit && entries.length > 0 ? (
          <Anchor
            renderRoot={(props) => (
              <Link
                {...props}
                to="/audit-log"
                search={{ targetType: 'enrollment', targetId: String(enrollmentId) }}
              />
            )}
            size="sm"
          >
            Open in the audit log
          </Anchor>
        ) : undefined
      }
    >
      {entries.length === 0 ? (
        <NothingYet>Nobody has changed it through the console.</NothingYet>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <Group gap={8} wrap="wrap">
                <Code fz="xs">{entry.action}</Code>
                <Text size="xs" fw={600}>
                  {entry.actor}
                </Text>
              </Group>
              <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
                {entry.summary}
              </Text>
              <When at={entry.at} />
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}
