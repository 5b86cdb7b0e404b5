import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok, type QueryOf } from '../../../lib/api';

export type CustomerSearchQuery = QueryOf<'/customers/search', 'get'>;
/** One customer found for what was typed, with what matched (a meter, an enrollment…). */
export type CustomerHit = DataOf<'/customers/search', 'get'>[number];
export type MatchedOn = CustomerHit['matchedOn'];

/** At most 20 customers for what staff typed (the server decides what it matches: see `searchable`). */
export async function searchCustomers(q: string, signal?: AbortSignal): Promise<CustomerHit[]> {
  return ok(await api.GET('/customers/search', { params: { query: { q } }, signal })).data;
}

/**
 * Whether the server would search for this at all: two characters, or digits (an id). Shorter text answers nothing,
 * so it is not asked.
 */
export const searchable = (q: string) => {
  const text = q.trim();
  return text.length >= 2 || /^\d+$/.test(text);
};

export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['customers', 'search', q.trim()] as const,
    // The signal aborts the request when the query is no longer watched: a stale search is cancelled as one types.
    queryFn: ({ signal }) => searchCustomers(q.trim(), signal),
    // What was found for the previous letters stays on screen while the next answer comes.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The search for a (debounced) query; nothing is asked until it is searchable. */
export const useCustomerSearch = (q: string, enabled = true) =>
  useQuery({ ...customerSearchQueryOptions(q), enabled: enabled && searchable(q) });
