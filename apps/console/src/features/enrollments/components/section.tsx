import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import classes from './enrollments.module.css';

interface SectionProps {
  title: string;
  /** A count beside the title (history entries, charges…). */
  count?: number;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  /** Tables and lists that reach the edges set their own padding. */
  flush?: boolean;
}

/** One part of the enrollment page: a bordered card with its heading (h2), named for assistive technologies. */
export function Section({ title, count, description, actions, children, flush }: SectionProps) {
  const headingId = useId();
  return (
    <Paper withBorder component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs" wrap="wrap" className={classes.sectionHeader}>
        <div style={{ minWidth: 0 }}>
          <Group gap={8} align="center">
            <Title order={2} size="h5" id={headingId}>
              {title}
            </Title>
            {count !== undefined && count > 0 && (
              <Badge size="sm" variant="light" color="gray" radius="sm" aria-label={`${count} in all`}>
                {count}
              </Badge>
            )}
          </Group>
          {description && (
            <Text size="xs" c="dimmed" mt={2}>
              {description}
            </Text>
          )}
        </div>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {flush ? children : <div className={classes.sectionBody}>{children}</div>}
    </Paper>
  );
}

/** Nothing recorded in a section: said in one dimmed line. */
export function NothingYet({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
