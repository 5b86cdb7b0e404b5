import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';
import { sessionKey } from '../../../lib/auth';
import { staffRootKey } from './get-staff';

export type StaffUserChanges = BodyOf<'/staff/{id}', 'patch'>;

export async function updateStaff(
  id: number,
  body: StaffUserChanges,
): Promise<DataOf<'/staff/{id}', 'patch'>> {
  return ok(await api.PATCH('/staff/{id}', { params: { path: { id } }, body })).data;
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: StaffUserChanges & { id: number }) => updateStaff(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffRootKey }),
        // One's own roles may have changed: the session says what they permit now.
        queryClient.invalidateQueries({ queryKey: sessionKey }),
      ]),
  });
}
