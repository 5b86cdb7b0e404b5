import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';

/** A role and the permissions it grants, as the server defines them. */
export type RoleDefinition = DataOf<'/roles', 'get'>[number];
/** The role names a staff user can be given. */
export type StaffRole = BodyOf<'/staff', 'post'>['roles'][number];

export async function getRoles(signal?: AbortSignal): Promise<RoleDefinition[]> {
  return ok(await api.GET('/roles', { signal })).data;
}

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: ['roles'] as const,
    queryFn: ({ signal }) => getRoles(signal),
    // The catalogue changes with a release of the server, not during a session.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRoles = () => useQuery(rolesQueryOptions());
