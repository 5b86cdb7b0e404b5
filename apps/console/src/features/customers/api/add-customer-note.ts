import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';
import { type CustomerProfile, customerQueryOptions } from './get-customer';
import { invalidateCustomerWork } from './invalidate';

export type StaffNote = DataOf<'/customers/{id}/notes', 'post'>;

/** A note about the customer, kept as written under the staff member's name. */
export async function addCustomerNote(id: number, body: string): Promise<StaffNote> {
  return ok(await api.POST('/customers/{id}/notes', { params: { path: { id } }, body: { body } })).data;
}

/**
 * The server's answer is the note as stored: it is put at the top of the profile's notes at once, then the profile
 * is read again.
 */
export function useAddCustomerNote(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addCustomerNote(customerId, body),
    onSuccess: (note) =>
      queryClient.setQueryData<CustomerProfile>(customerQueryOptions(customerId).queryKey, (profile) =>
        profile && !profile.notes.some((n) => n.id === note.id)
          ? { ...profile, notes: [note, ...profile.notes] }
          : profile,
      ),
    onSettled: () => invalidateCustomerWork(queryClient),
  });
}
