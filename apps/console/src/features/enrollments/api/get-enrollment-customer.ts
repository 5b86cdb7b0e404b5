import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

type CustomerProfile = DataOf<'/customers/{id}', 'get'>;

/**
 * The enrollment page's customer, for the name in its header: the enrollment page's answer names only the customer's
 * id, so the customer's (masked) profile is read beside it.
 */
async function getCustomer(id: number, signal?: AbortSignal): Promise<CustomerProfile> {
  return ok(await api.GET('/customers/{id}', { params: { path: { id } }, signal })).data;
}

export const enrollmentCustomerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['enrollments', 'customer', id] as const,
    queryFn: ({ signal }) => getCustomer(id, signal),
    select: (customer) => ({ id: customer.id, name: customer.name }),
    staleTime: 5 * 60_000,
  });

export const useEnrollmentCustomer = (id: number | undefined) =>
  useQuery({ ...enrollmentCustomerQueryOptions(id ?? 0), enabled: id !== undefined });
