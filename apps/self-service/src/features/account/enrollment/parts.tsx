import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiFailure } from '../../../lib/api';
import { messageOf } from '../../../lib/errors';
import { currentLanguage, i18next } from '../../../lib/i18n';
import { SPANISH_STATUSES } from './messages';
import type { EnrollmentStatus } from './queries';

/** One part of the enrollment page: a titled region (its heading names it for screen readers). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Labelled facts, as a description list: two columns on a phone, more on wider screens. */
export function Facts({
  facts,
  cols = { base: 2, sm: 4 },
}: {
  facts: Array<{ label: string; value: ReactNode } | false>;
  cols?: { base: number; sm: number };
}) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing="sm" verticalSpacing="xs" m={0}>
      {facts
        .filter((fact) => fact !== false)
        .map((fact) => (
          <div key={fact.label}>
            <Text component="dt" size="xs" c="dimmed">
              {fact.label}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0}>
              {fact.value}
            </Text>
          </div>
        ))}
    </SimpleGrid>
  );
}

/** Newer and older pages of a list the API pages. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('enrollmentPage');
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" gap="xs">
      <Button variant="subtle" size="compact-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.newer')}
      </Button>
      <Text size="sm" aria-live="polite">
        {t('pager.page', { page, pages })}
      </Text>
      <Button variant="subtle" size="compact-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.older')}
      </Button>
    </Group>
  );
}

/** A status as customers read it: the API's own words in English, their translation in Spanish. */
export function statusWords(status: { name: string; status_for_customers?: string }, fallback?: string) {
  const english = status.status_for_customers ?? fallback ?? status.name;
  if (currentLanguage() !== 'es') return english;
  return SPANISH_STATUSES[status.name as EnrollmentStatus] ?? english;
}

/** What to tell the customer about a refused change: this page's words for its codes, else the API's message. */
export function problemOf(error: unknown): string {
  if (isApiFailure(error)) {
    const key = `enrollmentPage:errors.${error.code}`;
    if (i18next.exists(key)) return i18next.t(key);
  }
  return messageOf(error);
}

/** Today on the customer's calendar, as the API writes dates (YYYY-MM-DD). */
export function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** A calendar date moved by whole days (dates are YYYY-MM-DD, counted in UTC so no clock change moves them). */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** A new Idempotency-Key for one action of the customer (a retry of the same action reuses it). */
export const newActionKey = () => crypto.randomUUID();
