import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';
import { invalidateCustomerWork } from './invalidate';

export type ResentNotification = DataOf<'/notifications/{id}/resend', 'post'>;

/** Sends one of the customer's notifications again: a copy, unread, dated now. */
export async function resendNotification(id: number): Promise<ResentNotification> {
  return ok(await api.POST('/notifications/{id}/resend', { params: { path: { id } } })).data;
}

export function useResendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendNotification,
    onSettled: () => invalidateCustomerWork(queryClient),
  });
}
