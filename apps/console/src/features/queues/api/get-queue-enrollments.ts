import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type EnvelopeOf, ok, type QueryOf } from '../../../lib/api';

export type QueueEnrollmentsQuery = QueryOf<'/queues/enrollments', 'get'>;
/** The statuses whose enrollments a queue lists. */
export type StatusQueue = QueueEnrollmentsQuery['queue'];
export type QueueOrder = NonNullable<QueueEnrollmentsQuery['order']>;
export type QueueEnrollmentsPage = EnvelopeOf<'/queues/enrollments', 'get'>;
export type QueueItem = QueueEnrollmentsPage['data'][number];

/** One page of a status queue (the envelope: its items and the paging). */
export async function getQueueEnrollments(
  query: QueueEnrollmentsQuery,
  signal?: AbortSignal,
): Promise<QueueEnrollmentsPage> {
  return ok(await api.GET('/queues/enrollments', { params: { query }, signal }));
}

/** Every page of every queue: what an action on an enrollment invalidates. */
export const queueEnrollmentsRootKey = ['queues', 'enrollments'] as const;

export const queueEnrollmentsQueryOptions = (query: QueueEnrollmentsQuery) =>
  queryOptions({
    queryKey: [...queueEnrollmentsRootKey, query] as const,
    queryFn: ({ signal }) => getQueueEnrollments(query, signal),
    // The next page of the same queue keeps the current rows on screen while it loads; another queue starts empty.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].queue === query.queue ? keepPreviousData(previous) : undefined,
  });

export const useQueueEnrollments = (query: QueueEnrollmentsQuery, enabled = true) =>
  useQuery({ ...queueEnrollmentsQueryOptions(query), enabled });
