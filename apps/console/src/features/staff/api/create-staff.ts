import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';
import { staffRootKey } from './get-staff';

export type NewStaffUser = BodyOf<'/staff', 'post'>;
/** The user added and the one-time set-up link to hand them (shown once). */
export type CreatedStaffUser = DataOf<'/staff', 'post'>;

export async function createStaff(body: NewStaffUser): Promise<CreatedStaffUser> {
  return ok(await api.POST('/staff', { body })).data;
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffRootKey }),
  });
}
