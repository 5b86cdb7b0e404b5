import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';

export type RevealableField = BodyOf<'/customers/{id}/reveal', 'post'>['field'];
export type RevealedValue = DataOf<'/customers/{id}/reveal', 'post'>;

/** One piece of identity data in clear. The server records each reveal in the audit log under the caller's name. */
export async function revealCustomerData(id: number, field: RevealableField): Promise<RevealedValue> {
  return ok(await api.POST('/customers/{id}/reveal', { params: { path: { id } }, body: { field } })).data;
}

/**
 * The value is kept by the screen that asked for it, for that view only: the mutation forgets it as soon as nothing
 * watches it (no cache keeps identity data), and the customer's audit trail is read again to show the new entry.
 */
export function useRevealCustomerData(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (field: RevealableField) => revealCustomerData(id, field),
    gcTime: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['audit-log'] }),
  });
}
