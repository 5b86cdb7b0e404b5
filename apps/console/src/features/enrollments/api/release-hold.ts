import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';
import { invalidateWork } from '../../../lib/query-client';

export type ReleaseHoldInput = BodyOf<'/enrollments/{id}/release-hold', 'post'>;
export type EnrollmentOutcome = DataOf<'/enrollments/{id}/release-hold', 'post'>;

export async function releaseHold(id: number, body: ReleaseHoldInput): Promise<EnrollmentOutcome> {
  return ok(await api.POST('/enrollments/{id}/release-hold', { params: { path: { id } }, body })).data;
}

export function useReleaseHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReleaseHoldInput & { id: number }) => releaseHold(id, body),
    onSettled: () => invalidateWork(queryClient),
  });
}
