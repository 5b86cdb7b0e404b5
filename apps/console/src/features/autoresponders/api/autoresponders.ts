import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, ok, type QueryOf } from '../../../lib/api';

export type AutoresponderPackage = DataOf<'/autoresponders/packages/{packageId}', 'get'>;
export type AutoresponderTemplate = AutoresponderPackage['templates'][number];
export type AutoresponderCatalogue = DataOf<'/autoresponders/catalogue', 'get'>;
export type TemplateChange = BodyOf<'/autoresponders/templates/{templateId}', 'patch'>;
export type TemplatePreview = DataOf<'/autoresponders/templates/{templateId}/preview', 'post'>;
export type OutboxQuery = QueryOf<'/mail-outbox', 'get'>;
export type OutboxMail = DataOf<'/mail-outbox', 'get'>[number];
export type MailBounce = DataOf<'/mail-bounces', 'get'>[number];

/** Every autoresponder query: what a change invalidates. */
export const autorespondersRootKey = ['autoresponders'] as const;

export const useAutoresponderCatalogue = () =>
  useQuery({
    queryKey: [...autorespondersRootKey, 'catalogue'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/autoresponders/catalogue', { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useAutoresponderPackages = () =>
  useQuery({
    queryKey: [...autorespondersRootKey, 'packages'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/autoresponders/packages', { signal })).data,
  });

export const packageQueryOptions = (packageId: number) =>
  queryOptions({
    queryKey: [...autorespondersRootKey, 'package', packageId] as const,
    queryFn: async ({ signal }) =>
      ok(await api.GET('/autoresponders/packages/{packageId}', { params: { path: { packageId } }, signal }))
        .data,
  });

export const useAutoresponderPackage = (packageId: number) => useQuery(packageQueryOptions(packageId));

/** Turns a package on or off. */
export function useChangePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ packageId, ...body }: { packageId: number; active?: boolean; name?: string }) =>
      ok(await api.PATCH('/autoresponders/packages/{packageId}', { params: { path: { packageId } }, body }))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: autorespondersRootKey }),
  });
}

/** Saves a template; the server refuses variables its trigger does not provide. */
export function useChangeTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ templateId, ...body }: TemplateChange & { templateId: number }) =>
      ok(
        await api.PATCH('/autoresponders/templates/{templateId}', {
          params: { path: { templateId } },
          body,
        }),
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: autorespondersRootKey }),
  });
}

/** The saved template rendered with example values, or for a sample enrollment. */
export const usePreviewTemplate = () =>
  useMutation({
    mutationFn: async ({ templateId, enrollmentId }: { templateId: number; enrollmentId?: number }) =>
      ok(
        await api.POST('/autoresponders/templates/{templateId}/preview', {
          params: { path: { templateId } },
          body: enrollmentId ? { id_enrollment: enrollmentId } : {},
        }),
      ).data,
  });

/** Queues the template with example values to an address. */
export function useSendTestMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ templateId, to }: { templateId: number; to: string }) =>
      ok(
        await api.POST('/autoresponders/templates/{templateId}/test-message', {
          params: { path: { templateId } },
          body: { to },
        }),
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxRootKey }),
  });
}

export const outboxRootKey = ['mail-outbox'] as const;

export const useOutbox = (query: OutboxQuery) =>
  useQuery({
    queryKey: [...outboxRootKey, 'page', query] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/mail-outbox', { params: { query }, signal })),
    placeholderData: (previous) => previous,
  });

export const useBounces = () =>
  useQuery({
    queryKey: [...outboxRootKey, 'bounces'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/mail-bounces', { signal })).data,
  });
