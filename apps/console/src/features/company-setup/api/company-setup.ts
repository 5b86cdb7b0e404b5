import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok } from '../../../lib/api';

export type CompanySettings = DataOf<'/company-setup/settings', 'get'>;
export type SettingValues = CompanySettings['values'];
export type SettingMeaning = CompanySettings['parameters'][number];
export type SettingGroup = SettingMeaning['group'];
export type SettingsChange = BodyOf<'/company-setup/settings', 'patch'>;
export type Brand = DataOf<'/company-setup/brands', 'get'>[number];
export type BrandCreation = BodyOf<'/company-setup/brands', 'post'>;
export type BrandChange = BodyOf<'/company-setup/brands/{brandId}', 'patch'>;
export type ReferenceLists = DataOf<'/company-setup/reference-lists', 'get'>;

/** Every company set-up query: what a change invalidates. */
export const companySetupRootKey = ['company-setup'] as const;

export const companySettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...companySetupRootKey, 'settings'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/company-setup/settings', { signal })).data,
  });

export const useCompanySettings = () => useQuery(companySettingsQueryOptions());

export const companyBrandsQueryOptions = () =>
  queryOptions({
    queryKey: [...companySetupRootKey, 'brands'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/company-setup/brands', { signal })).data,
  });

export const useCompanyBrands = () => useQuery(companyBrandsQueryOptions());

export const referenceListsQueryOptions = () =>
  queryOptions({
    queryKey: [...companySetupRootKey, 'reference-lists'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/company-setup/reference-lists', { signal })).data,
  });

export const useReferenceLists = () => useQuery(referenceListsQueryOptions());

/** A set-up change; afterwards (saved or refused as stale) the screen reads the set-up again. */
function useSetupMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companySetupRootKey }),
  });
}

export const useChangeSettings = () =>
  useSetupMutation(
    async (body: SettingsChange) => ok(await api.PATCH('/company-setup/settings', { body })).data,
  );

export const useCreateBrand = () =>
  useSetupMutation(async (body: BrandCreation) => ok(await api.POST('/company-setup/brands', { body })).data);

export const useChangeBrand = () =>
  useSetupMutation(
    async ({ brandId, ...body }: BrandChange & { brandId: number }) =>
      ok(await api.PATCH('/company-setup/brands/{brandId}', { params: { path: { brandId } }, body })).data,
  );

/** Every field of a brand, as the company file names them: a form's fields and the paths of the server's problems. */
export const BRAND_FIELDS = [
  'system_name',
  'name',
  'legal_name',
  'url',
  'my_account_url',
  'phone',
  'email',
  'office_hours',
  'license_number',
  'wizard_welcome_text',
  'wizard_thank_you_text',
  'logo_url',
  'primary_color',
  'accent_color',
  'terms_url',
  'privacy_url',
  'default_language',
] as const satisfies readonly (keyof Required<BrandCreation>)[];
