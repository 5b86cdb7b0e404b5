import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';
import { invalidateCustomerWork } from './invalidate';

export type ResetLinkSent = DataOf<'/customers/{id}/password-reset-link', 'post'>;

/** Emails the customer a one-time password-reset link; answers where it went (masked). */
export async function sendPasswordResetLink(id: number): Promise<ResetLinkSent> {
  return ok(await api.POST('/customers/{id}/password-reset-link', { params: { path: { id } } })).data;
}

export function useSendPasswordResetLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPasswordResetLink,
    onSettled: () => invalidateCustomerWork(queryClient),
  });
}
