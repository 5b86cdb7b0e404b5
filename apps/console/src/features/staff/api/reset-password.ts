import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';
import { staffRootKey } from './get-staff';

/** The new one-time set-up link: the old password and authenticator no longer work, every session ended. */
export type SetupLink = DataOf<'/staff/{id}/reset-password', 'post'>;

export async function resetStaffPassword(id: number): Promise<SetupLink> {
  return ok(await api.POST('/staff/{id}/reset-password', { params: { path: { id } } })).data;
}

export function useResetStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStaffPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffRootKey }),
  });
}
