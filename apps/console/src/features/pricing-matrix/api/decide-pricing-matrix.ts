import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiFailure, ok } from '../../../lib/api';
import { pricingMatricesRootKey } from './get-pricing-matrices';

/** Another matrix was put in force since the differences were read: they are read again before deciding. */
export const isInForceChanged = (error: unknown) =>
  isApiFailure(error) && error.code === 'PRICING_MATRIX_CHANGED';

/**
 * After a decision, or a refusal (the matrix in force changed, someone else decided this import), every list and
 * difference is read again.
 */
function useMatrixDecision<V, D>(call: (variables: V) => Promise<D>) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: pricingMatricesRootKey });
  return useMutation({
    mutationFn: call,
    // Not awaited: the decided import may leave the review before the lists are read again, and the decision's
    // own answer (notification, leaving the review) does not wait for them.
    onSettled: () => void refresh(),
  });
}

/**
 * Puts a pending import in force, or restores a past one, in place of `inForceId`: the matrix in force when the
 * differences were read (the server refuses with PRICING_MATRIX_CHANGED if that is no longer so).
 */
export const useActivatePricingMatrix = () =>
  useMatrixDecision(
    async ({ importId, inForceId }: { importId: number; inForceId: number | null }) =>
      ok(
        await api.POST('/pricing-matrices/{importId}/activation', {
          params: { path: { importId } },
          body: { inForceId },
        }),
      ).data,
  );

/** Discards a pending import: its prices are let go. */
export const useDiscardPricingMatrix = () =>
  useMatrixDecision(
    async (importId: number) =>
      ok(await api.POST('/pricing-matrices/{importId}/discard', { params: { path: { importId } } })).data,
  );
