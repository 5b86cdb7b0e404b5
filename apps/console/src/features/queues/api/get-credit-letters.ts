import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type EnvelopeOf, ok, type QueryOf } from '../../../lib/api';

export type CreditLettersQuery = QueryOf<'/queues/credit-letters', 'get'>;
export type CreditLettersPage = EnvelopeOf<'/queues/credit-letters', 'get'>;
/** A letter of credit waiting for review, with the deposit it would cover. */
export type CreditLetterItem = CreditLettersPage['data'][number];

/** One page of the letters of credit waiting for an agent, oldest upload first. */
export async function getCreditLetters(
  query: CreditLettersQuery,
  signal?: AbortSignal,
): Promise<CreditLettersPage> {
  return ok(await api.GET('/queues/credit-letters', { params: { query }, signal }));
}

export const creditLettersQueryOptions = (query: CreditLettersQuery) =>
  queryOptions({
    queryKey: ['queues', 'credit-letters', query] as const,
    queryFn: ({ signal }) => getCreditLetters(query, signal),
    placeholderData: keepPreviousData,
  });

export const useCreditLetters = (query: CreditLettersQuery) => useQuery(creditLettersQueryOptions(query));
