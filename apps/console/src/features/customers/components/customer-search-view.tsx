import {
  Avatar,
  Badge,
  Group,
  Highlight,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronRight, IconSearch, IconUserQuestion } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { KbdHint } from '../../../components/ui/kbd-hint';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import { type CustomerHit, searchable, useCustomerSearch } from '../api/search-customers';
import { contactOf, initialsOf, matchLabel } from '../model';
import type { CustomersSearch } from '../search';
import { SEARCH_DEBOUNCE_MS } from './customer-spotlight';
import classes from './customers.module.css';

/** The server answers at most this many: more means "type more". */
const SEARCH_LIMIT = 20;

interface CustomerSearchViewProps {
  search: CustomersSearch;
  /** Writes the query into the URL (so a search can be bookmarked or sent to a colleague). */
  onSearchChange: (next: CustomersSearch) => void;
}

/** Focus moves through the results with the arrow keys; from the box, ↓ enters the list. */
function moveFocus(list: HTMLElement | null, from: Element | null, step: 1 | -1) {
  const links = Array.from(list?.querySelectorAll<HTMLAnchorElement>('a[data-hit]') ?? []);
  if (links.length === 0) return false;
  const index = from ? links.indexOf(from as HTMLAnchorElement) : -1;
  const next = index === -1 ? (step === 1 ? 0 : links.length - 1) : index + step;
  const target = links[Math.min(Math.max(next, 0), links.length - 1)];
  target?.focus();
  return true;
}

function HitRow({ hit, query }: { hit: CustomerHit; query: string }) {
  const contact = contactOf(hit);
  return (
    <li>
      <UnstyledButton
        renderRoot={(props) => (
          <Link {...props} to="/customers/$id" params={{ id: String(hit.customerId) }} />
        )}
        className={classes.hit}
        data-hit
      >
        <Avatar size={36} radius="xl" color="indigo" variant="light" aria-hidden>
          {initialsOf(hit.name) || '?'}
        </Avatar>
        <div className={classes.hitBody}>
          {hit.matchedOn === 'name' ? (
            <Highlight highlight={query} size="sm" fw={600} truncate="end">
              {hit.name}
            </Highlight>
          ) : (
            <Text size="sm" fw={600} truncate="end">
              {hit.name}
            </Text>
          )}
          <Text size="sm" c="dimmed" truncate="end">
            {contact || 'No email or phone on file'}
          </Text>
        </div>
        <div className={classes.hitMatch}>
          <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} maw={260}>
            <VisuallyHidden>Matched: </VisuallyHidden>
            {matchLabel(hit)}
          </Badge>
          <Text size="xs" c="dimmed" mt={2}>
            Customer {hit.customerId}
          </Text>
        </div>
        <IconChevronRight size={16} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
      </UnstyledButton>
    </li>
  );
}

function Results({ q }: { q: string }) {
  const { data, error, isPending, isFetching, refetch } = useCustomerSearch(q);
  const listRef = useRef<HTMLUListElement>(null);

  if (!searchable(q))
    return (
      <EmptyState title="Type at least two characters" icon={<IconSearch size={24} stroke={1.6} />}>
        Or a whole number: a customer id or an enrollment id.
      </EmptyState>
    );
  if (error && !data) return <ErrorState error={error} onRetry={() => void refetch()} what="the customers" />;
  if (isPending)
    return (
      <Stack gap={0} aria-busy="true" aria-label="Searching customers" p="md">
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Group key={index} gap="sm" py={8} wrap="nowrap">
            <Skeleton height={36} circle />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={10} width="40%" />
              <Skeleton height={8} width="60%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  if (data.length === 0)
    return (
      <EmptyState title={`No customer matches “${q}”`} icon={<IconUserQuestion size={24} stroke={1.6} />}>
        Names and emails match from their start, phones in full, meters from their first six digits. Try the
        email, the phone or the meter number.
      </EmptyState>
    );

  return (
    <>
      <Group justify="space-between" px="md" py="sm" gap="xs">
        <Text size="sm" fw={600}>
          {data.length >= SEARCH_LIMIT
            ? `The first ${SEARCH_LIMIT} customers matching “${q}”`
            : `${formatCount(data.length)} ${data.length === 1 ? 'customer matches' : 'customers match'} “${q}”`}
        </Text>
        {isFetching ? (
          <Loader size="xs" aria-label="Updating" />
        ) : (
          data.length >= SEARCH_LIMIT && (
            <Text size="xs" c="dimmed">
              Type more to narrow the list
            </Text>
          )
        )}
      </Group>
      <ul
        className={classes.hits}
        ref={listRef}
        aria-label="Customers found"
        onKeyDown={(event: KeyboardEvent<HTMLUListElement>) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          if (moveFocus(listRef.current, document.activeElement, event.key === 'ArrowDown' ? 1 : -1))
            event.preventDefault();
        }}
        style={{ opacity: isFetching ? 0.7 : 1, transition: 'opacity 120ms' }}
      >
        {data.map((hit) => (
          <HitRow key={hit.customerId} hit={hit} query={q} />
        ))}
      </ul>
    </>
  );
}

/** What the list shows, said to screen readers when it changes. */
function SearchStatus({ q }: { q: string }) {
  const { data, isFetching } = useCustomerSearch(q);
  const status =
    !q || !searchable(q) || !data || isFetching
      ? ''
      : data.length === 0
        ? `No customer matches ${q}`
        : `${data.length} ${data.length === 1 ? 'customer' : 'customers'} found`;
  return (
    <VisuallyHidden role="status" aria-live="polite">
      {status}
    </VisuallyHidden>
  );
}

/** A search box answering as one types (the query in the URL), and the customers found, each opening its profile. */
export function CustomerSearchView({ search, onSearchChange }: CustomerSearchViewProps) {
  const q = search.q ?? '';
  const [value, setValue] = useState(q);
  const [debounced] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);

  // The box is where the page starts.
  useEffect(() => inputRef.current?.focus(), []);

  // A pause in typing searches (the URL holds the query).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new pause writes the URL
  useEffect(() => {
    if (debounced !== q) onSearchChange(debounced ? { q: debounced } : {});
  }, [debounced]);

  // Back, forward or a link changed the URL: the box follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the URL only
  useEffect(() => {
    if (q !== value.trim()) setValue(q);
  }, [q]);

  return (
    <Stack gap="md">
      <SearchStatus q={q} />
      <Paper
        withBorder
        p="md"
        component="form"
        role="search"
        aria-label="Customers"
        onSubmit={(event) => {
          event.preventDefault();
          const now = value.trim();
          if (now !== q) onSearchChange(now ? { q: now } : {});
        }}
      >
        <TextInput
          ref={inputRef}
          type="search"
          size="md"
          label="Search customers"
          placeholder="Name, email, phone, meter number, enrollment id or customer id"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && moveFocus(resultsRef.current, null, 1)) event.preventDefault();
          }}
          leftSection={<IconSearch size={18} stroke={1.6} aria-hidden />}
          description={
            <Group gap={6} component="span">
              Results come as you type; the arrow keys move through them. Anywhere in the console, press
              <KbdHint keys="/" /> to search.
            </Group>
          }
        />
      </Paper>

      {q ? (
        <Paper withBorder ref={resultsRef}>
          <Results q={q} />
        </Paper>
      ) : (
        <Paper withBorder>
          <EmptyState title="Find a customer" icon={<IconSearch size={24} stroke={1.6} />}>
            Type the start of a name or an email, a phone number, the first digits of a meter (ESIID or LDC
            account), an enrollment id or a customer id.
          </EmptyState>
        </Paper>
      )}
    </Stack>
  );
}
