import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, ok } from '../../../lib/api';
import { bundlesRootKey, type PlanBundle } from './get-bundles';

export type BundleCreate = BodyOf<'/plan-bundles', 'post'>;
export type BundleChange = BodyOf<'/plan-bundles/{bundleId}', 'patch'>;

/** A mutation answering a bundle, after which the bundles' list is read again. */
function useBundleMutation<V>(call: (variables: V) => Promise<PlanBundle>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bundlesRootKey }),
  });
}

export const useCreateBundle = () =>
  useBundleMutation(async (body: BundleCreate) => ok(await api.POST('/plan-bundles', { body })).data);

/** Changes a bundle's name, description or plans (only the fields sent). */
export const useChangeBundle = () =>
  useBundleMutation(
    async ({ bundleId, ...body }: BundleChange & { bundleId: number }) =>
      ok(await api.PATCH('/plan-bundles/{bundleId}', { params: { path: { bundleId } }, body })).data,
  );

/** Deletes a bundle: plan shopping offers it no more; answers the bundle as it was. */
export const useDeleteBundle = () =>
  useBundleMutation(
    async (bundleId: number) =>
      ok(await api.DELETE('/plan-bundles/{bundleId}', { params: { path: { bundleId } } })).data,
  );
