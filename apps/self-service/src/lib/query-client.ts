import { QueryClient } from '@tanstack/react-query';
import { isApiFailure } from './api';

/** A 4xx answers the same again (wrong input, signed out): only failures of the network or the server are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiFailure(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
