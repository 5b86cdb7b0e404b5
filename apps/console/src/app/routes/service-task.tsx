import { useParams } from '@tanstack/react-router';
import { ServiceTaskView } from '../../features/service-tasks/components/service-task-view';
import { RequirePermission } from '../../lib/authorization';

export default function ServiceTaskPage() {
  const { name } = useParams({ from: '/_app/service-tasks/$name' });
  return (
    <RequirePermission permission="tasks.read" what="service tasks">
      <ServiceTaskView name={name} />
    </RequirePermission>
  );
}
