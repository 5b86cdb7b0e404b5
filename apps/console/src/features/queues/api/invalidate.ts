import type { QueryClient } from '@tanstack/react-query';
import { queueEnrollmentsRootKey } from './get-queue-enrollments';
import { queuesQueryOptions } from './get-queues';

/** After any action on an enrollment: the counts and every listed page are read again (nothing is guessed). */
export const invalidateQueues = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queuesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: queueEnrollmentsRootKey }),
  ]);
