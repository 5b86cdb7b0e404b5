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
