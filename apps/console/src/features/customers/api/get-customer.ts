import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

/** A customer's profile as staff see it: contact details, whether identity data is on file (never the data), enrollments. */
export type CustomerProfile = DataOf<'/customers/{id}', 'get'>;
export type CustomerEnrollment = CustomerProfile['enrollments'][number];

export async function getCustomer(id: number, signal?: AbortSignal): Promise<CustomerProfile> {
  return ok(await api.GET('/customers/{id}', { params: { path: { id } }, signal })).data;
}

export const customerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['customers', 'profile', id] as const,
    queryFn: ({ signal }) => getCustomer(id, signal),
  });

export const useCustomer = (id: number) => useQuery(customerQueryOptions(id));
