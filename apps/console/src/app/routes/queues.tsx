import { useNavigate, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { QueuesWorkspace } from '../../features/queues/components/queues-workspace';
import { RequirePermission } from '../../lib/authorization';

export default function QueuesPage() {
  const search = useSearch({ from: '/_app/queues' });
  const navigate = useNavigate({ from: '/queues' });
  return (
    <RequirePermission permission="work.read" what="the work queues">
      <PageHeader
        title="Queues"
        description="Holds, failed submissions and the other work waiting for an agent, longest waiting first."
      />
      <QueuesWorkspace search={search} onSearchChange={(next) => void navigate({ search: next })} />
    </RequirePermission>
  );
}
