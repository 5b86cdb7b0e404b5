import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type EnvelopeOf, ok, type QueryOf } from '../../../lib/api';

export type EtfInvoicesQuery = QueryOf<'/queues/etf-invoices', 'get'>;
export type EtfInvoiceStatus = NonNullable<EtfInvoicesQuery['status']>;
export type EtfInvoicesPage = EnvelopeOf<'/queues/etf-invoices', 'get'>;
export type EtfInvoiceItem = EtfInvoicesPage['data'][number];

/** One page of the early termination fee invoices of drops: queued ones by default, or those sent or waived. */
export async function getEtfInvoices(
  query: EtfInvoicesQuery,
  signal?: AbortSignal,
): Promise<EtfInvoicesPage> {
  return ok(await api.GET('/queues/etf-invoices', { params: { query }, signal }));
}

export const etfInvoicesQueryOptions = (query: EtfInvoicesQuery) =>
  queryOptions({
    queryKey: ['queues', 'etf-invoices', query] as const,
    queryFn: ({ signal }) => getEtfInvoices(query, signal),
    // The next page of the same list keeps its rows on screen while it loads; another status starts empty.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].status === query.status ? previous : undefined,
  });

export const useEtfInvoices = (query: EtfInvoicesQuery) => useQuery(etfInvoicesQueryOptions(query));
