import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

/** Who a set-up link is for, and the authenticator secret to enrol (as text and as an otpauth:// URI). */
export type SetupDetails = DataOf<'/setup/{token}', 'get'>;

export async function getSetup(token: string, signal?: AbortSignal): Promise<SetupDetails> {
  return ok(await api.GET('/setup/{token}', { params: { path: { token } }, signal })).data;
}

export const setupQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['setup', token] as const,
    queryFn: ({ signal }) => getSetup(token, signal),
    // The secret must not change under the user while they scan it.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useSetup = (token: string) => useQuery(setupQueryOptions(token));
