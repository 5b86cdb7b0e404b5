import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';

export type UtilitySummary = DataOf<'/utilities', 'get'>[number];
export type UtilityDetail = DataOf<'/utilities/{utilityId}', 'get'>;
export type UtilitySettings = UtilityDetail['settings'];
export type UtilitySettingsChange = BodyOf<'/utilities/{utilityId}', 'patch'>;
export type ZipcodeChange = DataOf<'/utilities/{utilityId}/zipcodes', 'put'>;

/** Every utilities query: what a change invalidates (the list's counts and the page). */
export const utilitiesRootKey = ['utilities'] as const;

export const utilitiesQueryOptions = () =>
  queryOptions({
    queryKey: [...utilitiesRootKey, 'list'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/utilities', { signal })).data,
  });

export const useUtilities = () => useQuery(utilitiesQueryOptions());

export const utilityQueryOptions = (utilityId: number) =>
  queryOptions({
    queryKey: [...utilitiesRootKey, 'detail', utilityId] as const,
    queryFn: async ({ signal }) =>
      ok(await api.GET('/utilities/{utilityId}', { params: { path: { utilityId } }, signal })).data,
  });

export const useUtility = (utilityId: number) => useQuery(utilityQueryOptions(utilityId));

/** A mutation on one utility that the list and the page read again after. */
function useUtilityMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: utilitiesRootKey }),
  });
}

/** Changes a utility's market settings. */
export const useChangeUtilitySettings = () =>
  useUtilityMutation(
    async ({ utilityId, ...body }: UtilitySettingsChange & { utilityId: number }) =>
      ok(await api.PATCH('/utilities/{utilityId}', { params: { path: { utilityId } }, body })).data,
  );

/** What a new zip code list adds and removes; nothing saved. */
export const usePreviewZipcodes = () =>
  useMutation({
    mutationFn: async ({ utilityId, zipcodes }: { utilityId: number; zipcodes: string[] }) =>
      ok(
        await api.POST('/utilities/{utilityId}/zipcodes/preview', {
          params: { path: { utilityId } },
          body: { zipcodes },
        }),
      ).data,
  });

/** Replaces the zip codes the utility serves. */
export const useReplaceZipcodes = () =>
  useUtilityMutation(
    async ({ utilityId, zipcodes }: { utilityId: number; zipcodes: string[] }) =>
      ok(
        await api.PUT('/utilities/{utilityId}/zipcodes', {
          params: { path: { utilityId } },
          body: { zipcodes },
        }),
      ).data,
  );
