import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

/** Today's counts and the holds now, as GET /dashboard answers them. */
export type Dashboard = DataOf<'/dashboard', 'get'>;

export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return ok(await api.GET('/dashboard', { signal })).data;
}

/** How often the open dashboard reads its counts again. */
export const DASHBOARD_REFRESH_MS = 60_000;

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard'] as const,
    queryFn: ({ signal }) => getDashboard(signal),
    // Counts move all day: read again every minute while the page is open, and on coming back to it.
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: 10_000,
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
