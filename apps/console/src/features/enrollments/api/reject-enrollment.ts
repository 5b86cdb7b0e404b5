import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';
import { invalidateWork } from '../../../lib/query-client';

export type RejectInput = BodyOf<'/enrollments/{id}/reject', 'post'>;

export async function rejectEnrollment(
  id: number,
  body: RejectInput,
): Promise<DataOf<'/enrollments/{id}/reject', 'post'>> {
  return ok(await api.POST('/enrollments/{id}/reject', { params: { path: { id } }, body })).data;
}

export function useRejectEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RejectInput & { id: number }) => rejectEnrollment(id, body),
    onSettled: () => invalidateWork(queryClient),
  });
}
