import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

/** One work queue: how many items wait in it, and since when the oldest has. */
export type QueueSummary = DataOf<'/queues', 'get'>[number];

export async function getQueues(signal?: AbortSignal): Promise<QueueSummary[]> {
  return ok(await api.GET('/queues', { signal })).data;
}

export const queuesQueryOptions = () =>
  queryOptions({
    queryKey: ['queues', 'summary'] as const,
    queryFn: ({ signal }) => getQueues(signal),
    // The counts move while an agent works: refreshed every minute while the page is open.
    refetchInterval: 60_000,
  });

export const useQueues = () => useQuery(queuesQueryOptions());
