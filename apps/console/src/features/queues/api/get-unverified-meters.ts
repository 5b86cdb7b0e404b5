import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type EnvelopeOf, ok, type QueryOf } from '../../../lib/api';

export type UnverifiedMetersQuery = QueryOf<'/queues/unverified-meters', 'get'>;
export type UnverifiedMetersPage = EnvelopeOf<'/queues/unverified-meters', 'get'>;
/** An enrollment accepted on an ESIID the ESIID data did not know, as a queue lists it. */
export type UnverifiedMeterItem = UnverifiedMetersPage['data'][number];

/** One page of the enrollments whose meter awaits an agent's check, oldest first. */
export async function getUnverifiedMeters(
  query: UnverifiedMetersQuery,
  signal?: AbortSignal,
): Promise<UnverifiedMetersPage> {
  return ok(await api.GET('/queues/unverified-meters', { params: { query }, signal }));
}

export const unverifiedMetersQueryOptions = (query: UnverifiedMetersQuery) =>
  queryOptions({
    queryKey: ['queues', 'unverified-meters', query] as const,
    queryFn: ({ signal }) => getUnverifiedMeters(query, signal),
    placeholderData: keepPreviousData,
  });

export const useUnverifiedMeters = (query: UnverifiedMetersQuery) =>
  useQuery(unverifiedMetersQueryOptions(query));
