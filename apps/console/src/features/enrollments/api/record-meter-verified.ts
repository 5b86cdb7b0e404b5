import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';
import { invalidateWork } from '../../../lib/query-client';

export type MeterVerifiedInput = BodyOf<'/enrollments/{id}/meter-verified', 'post'>;

/** The agent checked the enrollment's meter with the TDSP: it leaves the unverified-meter queue. */
export async function recordMeterVerified(
  id: number,
  body: MeterVerifiedInput,
): Promise<DataOf<'/enrollments/{id}/meter-verified', 'post'>> {
  return ok(await api.POST('/enrollments/{id}/meter-verified', { params: { path: { id } }, body })).data;
}

export function useRecordMeterVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MeterVerifiedInput & { id: number }) => recordMeterVerified(id, body),
    onSettled: () => invalidateWork(queryClient),
  });
}
