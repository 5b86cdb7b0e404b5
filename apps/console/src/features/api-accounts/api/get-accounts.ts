import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

export type ApiAccount = DataOf<'/web-service-accounts', 'get'>[number];
export type OperationGroup = DataOf<'/web-service-accounts/operations', 'get'>[number];

/** What any change to an account invalidates. */
export const accountsKey = ['web-service-accounts'] as const;

export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: accountsKey,
    queryFn: async ({ signal }) => ok(await api.GET('/web-service-accounts', { signal })).data,
  });

export const useAccounts = () => useQuery(accountsQueryOptions());

/** The public API's operations, as the running server lists them: a new operation shows up here by itself. */
export const useOperationGroups = () =>
  useQuery({
    queryKey: [...accountsKey, 'operations'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/web-service-accounts/operations', { signal })).data,
    // The list changes with a release of the server, not during a session.
    staleTime: Number.POSITIVE_INFINITY,
  });
