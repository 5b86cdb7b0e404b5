import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok, type QueryOf } from '../../../lib/api';

export type ProspectsQuery = QueryOf<'/prospects', 'get'>;
export type ProspectCard = DataOf<'/prospects', 'get'>[number];
export type BoardColumn = DataOf<'/prospects/board', 'get'>[number];
export type StaffProspect = DataOf<'/prospects/{prospectId}', 'get'>;
export type SalesStatus = ProspectCard['status'];
export type SigningStatus = NonNullable<ProspectCard['signingStatus']>;

/** Every prospects query (board, table, page): what a move invalidates. */
export const prospectsRootKey = ['prospects'] as const;

export const prospectsQueryOptions = (query: ProspectsQuery) =>
  queryOptions({
    queryKey: [...prospectsRootKey, 'list', query] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/prospects', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });

export const useProspects = (query: ProspectsQuery) => useQuery(prospectsQueryOptions(query));

export const boardQueryOptions = (affiliateId?: number) =>
  queryOptions({
    queryKey: [...prospectsRootKey, 'board', affiliateId ?? null] as const,
    queryFn: async ({ signal }) =>
      ok(await api.GET('/prospects/board', { params: { query: { affiliateId } }, signal })).data,
    placeholderData: keepPreviousData,
  });

export const useProspectBoard = (affiliateId?: number) => useQuery(boardQueryOptions(affiliateId));

export const prospectQueryOptions = (prospectId: number) =>
  queryOptions({
    queryKey: [...prospectsRootKey, 'prospect', prospectId] as const,
    queryFn: async ({ signal }) =>
      ok(await api.GET('/prospects/{prospectId}', { params: { path: { prospectId } }, signal })).data,
  });

export const useProspect = (prospectId: number) => useQuery(prospectQueryOptions(prospectId));
