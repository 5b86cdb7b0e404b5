import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

export type ServiceTask = DataOf<'/service-tasks', 'get'>[number];
export type ServiceTaskRun = DataOf<'/service-tasks/{name}/runs', 'get'>[number];
export type ServiceTaskStatus = ServiceTask['status'];

/** Every service task query: what an action invalidates (the list, the task and its runs). */
export const serviceTasksRootKey = ['service-tasks'] as const;

/** Tasks run every few seconds: their state is read again while the page is open. */
const REFRESH_MS = 15_000;

export const serviceTasksQueryOptions = () =>
  queryOptions({
    queryKey: [...serviceTasksRootKey, 'list'] as const,
    queryFn: async ({ signal }) => ok(await api.GET('/service-tasks', { signal })).data,
    refetchInterval: REFRESH_MS,
  });

export const useServiceTasks = () => useQuery(serviceTasksQueryOptions());

export const useServiceTask = (name: string) =>
  useQuery({
    queryKey: [...serviceTasksRootKey, 'detail', name] as const,
    queryFn: async ({ signal }) =>
      ok(await api.GET('/service-tasks/{name}', { params: { path: { name } }, signal })).data,
    refetchInterval: REFRESH_MS,
  });

export const useServiceTaskRuns = (name: string, page: { pageNumber: number; pageSize: number }) =>
  useQuery({
    queryKey: [...serviceTasksRootKey, 'runs', name, page] as const,
    queryFn: async ({ signal }) =>
      ok(await api.GET('/service-tasks/{name}/runs', { params: { path: { name }, query: page }, signal })),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

/** What an Administrator does to a task: run it now, pause it or resume it. */
export type ServiceTaskAction = 'run' | 'pause' | 'resume';

export function useServiceTaskAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, action }: { name: string; action: ServiceTaskAction }) => {
      const params = { params: { path: { name } } };
      if (action === 'run') ok(await api.POST('/service-tasks/{name}/run', params));
      else if (action === 'pause') ok(await api.POST('/service-tasks/{name}/pause', params));
      else ok(await api.POST('/service-tasks/{name}/resume', params));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceTasksRootKey }),
  });
}
