import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, ok } from '../../../lib/api';
import { prospectsRootKey } from './get-prospects';

export type ProspectMove = BodyOf<'/prospects/{prospectId}/status', 'post'>;

/** Moves a prospect through the update-status transitions; the board, table and page are read again after. */
export function useMoveProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ prospectId, ...body }: ProspectMove & { prospectId: number }) =>
      ok(await api.POST('/prospects/{prospectId}/status', { params: { path: { prospectId } }, body })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: prospectsRootKey }),
  });
}
