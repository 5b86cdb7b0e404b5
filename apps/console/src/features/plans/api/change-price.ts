import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';
import { plansRootKey } from './get-plans';

export type PriceChange = BodyOf<'/plans/{planId}/versions', 'post'>;
export type SavedVersion = DataOf<'/plans/{planId}/versions', 'post'>;

export async function changePrice({
  planId,
  ...body
}: PriceChange & { planId: number }): Promise<SavedVersion> {
  return ok(await api.POST('/plans/{planId}/versions', { params: { path: { planId } }, body })).data;
}

/** Saves a price change as the plan's next version; the lists and the plan's page read it again. */
export function useChangePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansRootKey }),
  });
}

/** Calls off a price change whose moment is still to come. */
export function useCancelPriceChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ planId, version }: { planId: number; version: number }) =>
      ok(
        await api.POST('/plans/{planId}/versions/{version}/cancel', {
          params: { path: { planId, version } },
        }),
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansRootKey }),
  });
}
