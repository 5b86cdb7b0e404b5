import { QueryClient } from '@tanstack/react-query';
import { isApiFailure } from './api';

/** A 4xx will answer the same again (wrong input, no permission, signed out): only failures of the network or the server are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiFailure(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Work queues change under the agents' feet: fresh for a short while, refreshed when the tab is back in focus.
        staleTime: 20_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The first part of the key of every query an agent's action can change: the queues (counts and lists), the
 * enrollment pages, the customers (their enrollments' statuses) and the dashboard (its holds and today's counts). An
 * action reads them all again: nothing is guessed in the browser.
 */
export const WORK_QUERY_ROOTS = [['queues'], ['enrollments'], ['customers'], ['dashboard']] as const;

export const invalidateWork = (queryClient: QueryClient) =>
  Promise.all(WORK_QUERY_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
