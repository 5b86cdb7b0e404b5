import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, ok } from '../../../lib/api';
import { affiliatesRootKey } from './get-affiliates';

export type NewAffiliate = BodyOf<'/affiliates', 'post'>;
export type AffiliateChange = BodyOf<'/affiliates/{affiliateId}', 'patch'>;
export type NewRep = BodyOf<'/affiliates/{affiliateId}/reps', 'post'>;
export type RepChange = BodyOf<'/affiliates/{affiliateId}/reps/{repId}', 'patch'>;

/** A change after which every affiliates list and page is read again. */
function useAffiliateMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: affiliatesRootKey }),
  });
}

export const useCreateAffiliate = () =>
  useAffiliateMutation(async (body: NewAffiliate) => ok(await api.POST('/affiliates', { body })).data);

/** Renames an affiliate, or deactivates or reactivates it (only the fields sent). */
export const useChangeAffiliate = () =>
  useAffiliateMutation(
    async ({ affiliateId, ...body }: AffiliateChange & { affiliateId: number }) =>
      ok(await api.PATCH('/affiliates/{affiliateId}', { params: { path: { affiliateId } }, body })).data,
  );

export const useAddRep = () =>
  useAffiliateMutation(
    async ({ affiliateId, ...body }: NewRep & { affiliateId: number }) =>
      ok(await api.POST('/affiliates/{affiliateId}/reps', { params: { path: { affiliateId } }, body })).data,
  );

export const useChangeRep = () =>
  useAffiliateMutation(
    async ({ affiliateId, repId, ...body }: RepChange & { affiliateId: number; repId: number }) =>
      ok(
        await api.PATCH('/affiliates/{affiliateId}/reps/{repId}', {
          params: { path: { affiliateId, repId } },
          body,
        }),
      ).data,
  );
