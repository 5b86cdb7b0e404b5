import { Badge, Button, Paper, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import classes from './customers.module.css';

interface SectionProps {
  /** The heading's id: the section is labelled by it. */
  id: string;
  title: string;
  /** How many there are (said beside the title). */
  count?: number;
  description?: ReactNode;
  /** A link or button at the right of the heading. */
  aside?: ReactNode;
  children: ReactNode;
}

/** One block of the customer's page: a bordered section with its heading (h2), a count and what it lists. */
export function Section({ id, title, count, description, aside, children }: SectionProps) {
  return (
    <Paper withBorder component="section" aria-labelledby={id}>
      <div className={classes.sectionHeader}>
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h5" id={id}>
            {title}
            {count !== undefined && (
              <Badge variant="light" color="gray" radius="sm" ml={8} style={{ verticalAlign: 'middle' }}>
                {count}
              </Badge>
            )}
          </Title>
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {aside}
      </div>
      {children}
    </Paper>
  );
}

/** The newest few of a list, and a button that shows the rest (most pages need only the newest). */
export function useFirst<T>(items: readonly T[], first: number) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, first);
  const more =
    items.length > first ? (
      <div className={classes.more}>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setAll((value) => !value)}
          aria-expanded={all}
        >
          {all ? 'Show fewer' : `Show all ${items.length}`}
        </Button>
      </div>
    ) : null;
  return { shown, more };
}

export const NONE = (
  <Text size="sm" c="dimmed" span>
    —
  </Text>
);
