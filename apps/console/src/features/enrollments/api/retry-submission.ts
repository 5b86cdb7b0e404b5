import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';
import { invalidateWork } from '../../../lib/query-client';

export async function retrySubmission(
  id: number,
): Promise<DataOf<'/enrollments/{id}/retry-submission', 'post'>> {
  return ok(await api.POST('/enrollments/{id}/retry-submission', { params: { path: { id } } })).data;
}

export function useRetrySubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrySubmission,
    onSettled: () => invalidateWork(queryClient),
  });
}
