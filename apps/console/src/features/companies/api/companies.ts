import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';

export type RetailCompany = DataOf<'/platform/companies', 'get'>[number];
export type NewCompany = BodyOf<'/platform/companies', 'post'>;
export type CompanyFile = NewCompany['company'];
export type CreatedCompany = DataOf<'/platform/companies', 'post'>;
export type MarketChoice = DataOf<'/platform/company-file-choices', 'get'>['markets'][number];

const companiesKey = ['platform', 'companies'] as const;

export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: companiesKey,
    queryFn: async ({ signal }) => ok(await api.GET('/platform/companies', { signal })).data,
  });

export const useCompanies = () => useQuery(companiesQueryOptions());

/** The states and utilities Voltin knows: they change with a release, not during a session. */
export const useCompanyFileChoices = () =>
  useQuery({
    queryKey: ['platform', 'company-file-choices'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/platform/company-file-choices', { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewCompany) => ok(await api.POST('/platform/companies', { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}
