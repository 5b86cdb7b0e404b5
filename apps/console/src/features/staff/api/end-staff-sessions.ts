import { useMutation } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

export type EndedSessions = DataOf<'/staff/{id}/sign-out-everywhere', 'post'>;

/** Ends every session of a staff user, on every device. */
export async function endStaffSessions(id: number): Promise<EndedSessions> {
  return ok(await api.POST('/staff/{id}/sign-out-everywhere', { params: { path: { id } } })).data;
}

export const useEndStaffSessions = () => useMutation({ mutationFn: endStaffSessions });
