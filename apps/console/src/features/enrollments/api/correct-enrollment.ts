import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, ok } from '../../../lib/api';
import { invalidateWork } from '../../../lib/query-client';
import type { EnrollmentOutcome } from './release-hold';

export type CorrectionInput = BodyOf<'/enrollments/{id}/correct', 'post'>;

/**
 * Corrects what the billing system refused (or a hold is about): addresses, the customer's name and contact. A
 * refused submission is sent again at once unless `resubmit` is false; the history names the fields corrected.
 */
export async function correctEnrollment(id: number, body: CorrectionInput): Promise<EnrollmentOutcome> {
  return ok(await api.POST('/enrollments/{id}/correct', { params: { path: { id } }, body })).data;
}

export function useCorrectEnrollment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CorrectionInput & { id: number }) => correctEnrollment(id, body),
    onSettled: () => invalidateWork(queryClient),
  });
}
