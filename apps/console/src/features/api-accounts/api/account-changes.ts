import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';
import { accountsKey } from './get-accounts';

export type NewApiAccount = BodyOf<'/web-service-accounts', 'post'>;
/** An account with the secret the server answers once (at creation and at each rotation). */
export type AccountWithSecret = DataOf<'/web-service-accounts', 'post'>;

/** Every change answers the account as it is now: the list is read again. */
function useAccountChange<I, O>(change: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}

export const useCreateAccount = () =>
  useAccountChange(async (body: NewApiAccount) => ok(await api.POST('/web-service-accounts', { body })).data);

export const useRotateSecret = () =>
  useAccountChange(
    async ({ accountId, graceHours }: { accountId: number; graceHours: number }) =>
      ok(
        await api.POST('/web-service-accounts/{accountId}/rotation', {
          params: { path: { accountId } },
          body: { graceHours },
        }),
      ).data,
  );

export const useRevokeAccount = () =>
  useAccountChange(
    async (accountId: number) =>
      ok(await api.POST('/web-service-accounts/{accountId}/revocation', { params: { path: { accountId } } }))
        .data,
  );

export const useSetOperations = () =>
  useAccountChange(
    async ({ accountId, operations }: { accountId: number; operations: string[] }) =>
      ok(
        await api.PUT('/web-service-accounts/{accountId}/operations', {
          params: { path: { accountId } },
          body: { operations },
        }),
      ).data,
  );
