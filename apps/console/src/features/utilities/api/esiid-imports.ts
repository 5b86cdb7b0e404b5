import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataOf, ok, uploadForm } from '../../../lib/api';
import { utilitiesRootKey } from './utilities';

export type EsiidImport = DataOf<'/esiid-imports', 'get'>[number];
export type EsiidImportDetail = DataOf<'/esiid-imports/{importId}', 'get'>;

const importsKey = ['esiid-imports'] as const;

/** An import still to end: the console asks for its counts again this often. */
const POLL_MS = 500;
export const isRunning = (status: string | undefined) => status === 'queued' || status === 'running';

export const esiidImportsQueryOptions = () =>
  queryOptions({
    queryKey: [...importsKey, 'list'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/esiid-imports', { signal })).data,
  });

/** The newest imports; read again every few seconds while one of them runs. */
export const useEsiidImports = () =>
  useQuery({
    ...esiidImportsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.some((i) => isRunning(i.status)) ? 2000 : false),
  });

/** One import, polled while it runs: its counts grow, then its rejected lines come. */
export function useEsiidImport(importId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...importsKey, 'detail', importId] as const,
    enabled: importId !== null,
    queryFn: async ({ signal }) => {
      const view = ok(
        await api.GET('/esiid-imports/{importId}', { params: { path: { importId: importId! } }, signal }),
      ).data;
      // Over: the list and the utilities' premise counts are read again.
      if (!isRunning(view.status)) {
        void queryClient.invalidateQueries({ queryKey: [...importsKey, 'list'] });
        void queryClient.invalidateQueries({ queryKey: utilitiesRootKey });
      }
      return view;
    },
    refetchInterval: (query) => (isRunning(query.state.data?.status) ? POLL_MS : false),
  });
}

/** Uploads an extract, telling `onProgress` the fraction sent; answers the queued import. */
export const useUploadEsiidExtract = () =>
  useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await uploadForm('/esiid-imports', form, onProgress)) as DataOf<'/esiid-imports', 'post'>;
    },
  });
