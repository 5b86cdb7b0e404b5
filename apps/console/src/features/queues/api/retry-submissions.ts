import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';
import { invalidateWork } from '../../../lib/query-client';

/** What happened to each enrollment of a bulk retry: one refused does not stop the rest. */
export type RetryResult = DataOf<'/enrollments/retry-submissions', 'post'>[number];

export async function retrySubmissions(ids: number[]): Promise<RetryResult[]> {
  return ok(await api.POST('/enrollments/retry-submissions', { body: { ids } })).data;
}

export function useRetrySubmissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrySubmissions,
    onSettled: () => invalidateWork(queryClient),
  });
}
