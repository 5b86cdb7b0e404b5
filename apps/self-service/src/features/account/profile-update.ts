import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, dataOf } from '../../lib/api';
import { LANGUAGE_IDS, type Language } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { accountKeys } from './queries';

export type ProfileChanges = BodyOf<'/api/v1/customers/{customerId}', 'put'>;

/** Saves changes to the customer's own record (`PUT /customers/{customerId}`) and keeps the pages' profile fresh. */
export function useProfileUpdate(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: ProfileChanges) =>
      dataOf(
        await api.PUT('/api/v1/customers/{customerId}', { params: { path: { customerId } }, body: changes }),
      ),
    onSuccess: (profile) => queryClient.setQueryData(accountKeys.profile(customerId), profile),
  });
}

/**
 * For the header's language switch: a signed-in customer's choice is also their profile's language (emails and
 * documents). Nobody signed in: nothing to save. A failure leaves the site's language as chosen: the profile page
 * still shows, and can save, the language on record.
 */
export function useSaveLanguage() {
  const customerId = useSession().data?.customerId ?? null;
  const update = useProfileUpdate(customerId ?? 0);
  return (language: Language) => {
    if (customerId !== null) update.mutate({ language: LANGUAGE_IDS[language] });
  };
}
