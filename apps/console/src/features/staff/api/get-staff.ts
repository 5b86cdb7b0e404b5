import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type EnvelopeOf, ok, type QueryOf } from '../../../lib/api';

export type StaffQuery = QueryOf<'/staff', 'get'>;
export type StaffPage = EnvelopeOf<'/staff', 'get'>;
export type StaffUser = StaffPage['data'][number];

export async function getStaff(query: StaffQuery, signal?: AbortSignal): Promise<StaffPage> {
  return ok(await api.GET('/staff', { params: { query }, signal }));
}

/** Every page of the staff list: what a change to a user invalidates. */
export const staffRootKey = ['staff'] as const;

export const staffQueryOptions = (query: StaffQuery) =>
  queryOptions({
    queryKey: [...staffRootKey, query] as const,
    queryFn: ({ signal }) => getStaff(query, signal),
    placeholderData: keepPreviousData,
  });

export const useStaff = (query: StaffQuery) => useQuery(staffQueryOptions(query));
