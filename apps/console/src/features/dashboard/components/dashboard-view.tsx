import { Paper, Skeleton } from '@mantine/core';
import { ErrorState } from '../../../components/ui/states';
import type { useDashboard } from '../api/get-dashboard';
import { DailyPanel } from './daily-panel';
import classes from './dashboard.module.css';
import { HoldsPanel } from './holds-panel';
import { StatCards, StatCardsSkeleton } from './stat-cards';

/** The dashboard's body: today's numbers, the holds by age, the last two weeks. */
export function DashboardView({ dashboard }: { dashboard: ReturnType<typeof useDashboard> }) {
  const { data, error, isPending, refetch } = dashboard;
  if (isPending)
    return (
      <section aria-busy="true" aria-label="Loading the dashboard">
        <StatCardsSkeleton />
        <div className={classes.panels}>
          <Skeleton height={380} radius="md" />
          <Skeleton height={380} radius="md" />
        </div>
      </section>
    );
  if (!data)
    return (
      <Paper withBorder>
        <ErrorState error={error} onRetry={() => void refetch()} what="the dashboard" />
      </Paper>
    );
  return (
    <>
      <StatCards dashboard={data} />
      <div className={classes.panels}>
        <HoldsPanel dashboard={data} />
        <DailyPanel dashboard={data} />
      </div>
    </>
  );
}
