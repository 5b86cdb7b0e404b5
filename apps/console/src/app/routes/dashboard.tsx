import dayjs from 'dayjs';
import { PageHeader } from '../../components/ui/page-header';
import { useDashboard } from '../../features/dashboard/api/get-dashboard';
import { DashboardView } from '../../features/dashboard/components/dashboard-view';
import { UpdatedAgo } from '../../features/dashboard/components/updated-ago';
import { timeZoneName } from '../../features/dashboard/model';
import { FailingTasksAlert } from '../../features/service-tasks/components/failing-tasks-alert';
import { RequirePermission } from '../../lib/authorization';

export default function DashboardPage() {
  return (
    <RequirePermission permission="work.read" what="the dashboard">
      <Dashboard />
    </RequirePermission>
  );
}

function Dashboard() {
  const dashboard = useDashboard();
  const { data, dataUpdatedAt, isFetching, isRefetchError, error, refetch } = dashboard;
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          data
            ? `Today, ${dayjs(data.today).format('dddd D MMMM')}, in ${timeZoneName(data.timeZone)}; holds as they are now.`
            : 'Today’s enrollments, submissions and declines; the holds as they are now.'
        }
        actions={
          data ? (
            <UpdatedAgo
              updatedAt={dataUpdatedAt}
              fetching={isFetching}
              error={isRefetchError ? error : null}
              onRefresh={() => void refetch()}
            />
          ) : null
        }
      />
      <FailingTasksAlert />
      <DashboardView dashboard={dashboard} />
    </>
  );
}
