import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';
import { plansRootKey } from './get-plans';

export type BulkPreviewRequest = BodyOf<'/plans/price-changes/preview', 'post'>;
export type BulkChangeRequest = BodyOf<'/plans/price-changes', 'post'>;
/** Every plan a bulk change touches, with its prices and EFL averages before and after. */
export type BulkResult = DataOf<'/plans/price-changes', 'post'>;
export type BulkRow = BulkResult['rows'][number];

/** What a bulk change would do; nothing is saved. */
export const usePreviewBulkPriceChange = () =>
  useMutation({
    mutationFn: async (body: BulkPreviewRequest) =>
      ok(await api.POST('/plans/price-changes/preview', { body })).data,
  });

/** Saves a bulk change, every version in one transaction; the plans are read again. */
export function useApplyBulkPriceChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BulkChangeRequest) => ok(await api.POST('/plans/price-changes', { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansRootKey }),
  });
}
