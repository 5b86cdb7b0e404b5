import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';
import { invalidateCustomerWork } from './invalidate';

export type RefundInput = BodyOf<'/payments/{id}/refund', 'post'>;
export type RefundOutcome = DataOf<'/payments/{id}/refund', 'post'>;

/** Gives back all or part of a bill payment through the gateway (`amount` left out: the rest of it). */
export async function refundPayment(id: number, body: RefundInput): Promise<RefundOutcome> {
  return ok(await api.POST('/payments/{id}/refund', { params: { path: { id } }, body })).data;
}

/**
 * Read again whatever the answer: a refund the gateway did not answer (503) is reserved on the payment, so the
 * profile's "refunded" already counts it.
 */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RefundInput & { id: number }) => refundPayment(id, body),
    onSettled: () => invalidateCustomerWork(queryClient),
  });
}
