import { PageHeader } from '../../components/ui/page-header';
import { ServiceTasksView } from '../../features/service-tasks/components/service-tasks-view';
import { RequirePermission } from '../../lib/authorization';

export default function ServiceTasksPage() {
  return (
    <RequirePermission permission="tasks.read" what="service tasks">
      <PageHeader
        title="Service tasks"
        description="The background tasks of this installation (every company's data): their schedule, last and next run. Times are this browser's."
      />
      <ServiceTasksView />
    </RequirePermission>
  );
}
