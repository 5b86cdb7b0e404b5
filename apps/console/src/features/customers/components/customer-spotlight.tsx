import { Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SpotlightActionData, SpotlightActionGroupData } from '@mantine/spotlight';
import { IconArrowRight, IconUser } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { searchable, useCustomerSearch } from '../api/search-customers';
import { contactOf, matchLabel } from '../model';

/** How long typing pauses before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 200;

export const CUSTOMERS_GROUP = 'Customers';

interface CustomerSpotlight {
  /** The "Customers" group of Spotlight, or nothing while the query is too short to search. */
  groups: SpotlightActionGroupData[];
  /** Typing or waiting for the server. */
  searching: boolean;
  /** The server answered and found nobody. */
  nothingFound: boolean;
}

/**
 * Spotlight's "Customers" group: the server searches what was typed (debounced; a newer query cancels the request of
 * the older one, whose hits stay listed until the answer comes). Enter opens the highlighted customer.
 *
 * The rows are keyed by position: Spotlight highlights the first row when the query changes, before the server has
 * answered, and keying by position keeps that highlight on the first row when the answer replaces it. Until the
 * first answer, that row searches on the Customers page.
 */
export function useCustomerSpotlight(query: string, enabled: boolean): CustomerSpotlight {
  const navigate = useNavigate();
  const q = query.trim();
  const [debounced] = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const search = useCustomerSearch(debounced, enabled);

  if (!enabled || !searchable(q)) return { groups: [], searching: false, nothingFound: false };

  const searching = debounced !== q || search.isFetching;
  const hits = search.data ?? [];
  const openSearchPage = () => void navigate({ to: '/customers', search: { q } });

  const rows: SpotlightActionData[] = hits.map((hit, index) => ({
    id: `customer-${index}`,
    label: hit.name,
    // Two customers may share a name (and even an email): the id tells them apart.
    description: [`Customer ${hit.customerId}`, contactOf(hit)].filter(Boolean).join(' · '),
    leftSection: <IconUser size={20} stroke={1.6} aria-hidden />,
    rightSection: (
      <Text size="xs" ta="right" maw={220} truncate="end">
        {matchLabel(hit)}
      </Text>
    ),
    'aria-label': `${hit.name}, customer ${hit.customerId}${contactOf(hit) ? `, ${contactOf(hit)}` : ''}; matched: ${matchLabel(hit)}`,
    onClick: () => void navigate({ to: '/customers/$id', params: { id: String(hit.customerId) } }),
  }));

  if (rows.length === 0 && searching)
    rows.push({
      id: 'customer-0',
      label: `Searching customers for “${q}”…`,
      description: 'Press Enter to see every match on the Customers page',
      leftSection: <Loader size={16} type="oval" aria-hidden />,
      onClick: openSearchPage,
    });
  if (hits.length > 0)
    rows.push({
      id: 'customers-page',
      label: 'Show every match on the Customers page',
      leftSection: <IconArrowRight size={20} stroke={1.6} aria-hidden />,
      onClick: openSearchPage,
    });

  return {
    groups: rows.length > 0 ? [{ group: CUSTOMERS_GROUP, actions: rows }] : [],
    searching,
    nothingFound: !searching && search.isSuccess && hits.length === 0,
  };
}
