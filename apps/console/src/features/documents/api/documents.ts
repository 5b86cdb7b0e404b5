import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf, type DataOf, type EnvelopeOf, ok, type QueryOf } from '../../../lib/api';

export type DocumentsQuery = QueryOf<'/documents', 'get'>;
export type DocumentsPage = EnvelopeOf<'/documents', 'get'>;
export type LibraryDocumentSummary = DocumentsPage['data'][number];
export type LibraryDocument = DataOf<'/documents/{documentId}', 'get'>;
export type DocumentVersion = LibraryDocument['versions'][number];
export type DocumentUse = LibraryDocument['uses'][number];
export type DocumentCreation = BodyOf<'/documents', 'post'>;

/** Every library query: what a change invalidates. */
export const documentsRootKey = ['documents'] as const;

export const documentsQueryOptions = (query: DocumentsQuery) =>
  queryOptions({
    queryKey: [...documentsRootKey, 'list', query] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/documents', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });

export const useDocuments = (query: DocumentsQuery) => useQuery(documentsQueryOptions(query));

export const documentQueryOptions = (documentId: number) =>
  queryOptions({
    queryKey: [...documentsRootKey, 'document', documentId] as const,
    queryFn: async ({ signal }) =>
      ok(await api.GET('/documents/{documentId}', { params: { path: { documentId } }, signal })).data,
  });

export const useDocument = (documentId: number) => useQuery(documentQueryOptions(documentId));

/** A mutation answering a document, after which the library and the document's page are read again. */
function useDocumentMutation<V>(call: (variables: V) => Promise<LibraryDocument>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (document) => {
      queryClient.setQueryData(documentQueryOptions(document.id).queryKey, document);
      return queryClient.invalidateQueries({ queryKey: documentsRootKey });
    },
  });
}

export const useCreateDocument = () =>
  useDocumentMutation(async (body: DocumentCreation) => ok(await api.POST('/documents', { body })).data);

/** Sends a PDF as the document's next version; the server checks its content, size and the virus scanner's verdict. */
export const useUploadVersion = () =>
  useDocumentMutation(
    async ({ documentId, file, effectiveFrom }: { documentId: number; file: File; effectiveFrom?: string }) =>
      ok(
        await api.POST('/documents/{documentId}/versions', {
          params: { path: { documentId }, query: effectiveFrom ? { effectiveFrom } : {} },
          body: { file } as never,
          // A multipart body: the browser sets its boundary; the client's middleware still adds the CSRF header.
          bodySerializer: () => {
            const form = new FormData();
            form.append('file', file);
            return form;
          },
        }),
      ).data,
  );

export const useRetireVersion = () =>
  useDocumentMutation(
    async ({ documentId, version }: { documentId: number; version: number }) =>
      ok(
        await api.POST('/documents/{documentId}/versions/{version}/retire', {
          params: { path: { documentId, version } },
        }),
      ).data,
  );

type UseTarget = { documentId: number; targetType: 'plan' | 'bundle'; targetId: number };

export const useAttachDocument = () =>
  useDocumentMutation(
    async (path: UseTarget) =>
      ok(await api.PUT('/documents/{documentId}/uses/{targetType}/{targetId}', { params: { path } })).data,
  );

export const useDetachDocument = () =>
  useDocumentMutation(
    async (path: UseTarget) =>
      ok(await api.DELETE('/documents/{documentId}/uses/{targetType}/{targetId}', { params: { path } })).data,
  );
