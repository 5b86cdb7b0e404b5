import { useNavigate, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { ProspectsView } from '../../features/prospects/components/prospects-view';
import { RequirePermission } from '../../lib/authorization';

export default function ProspectsPage() {
  const search = useSearch({ from: '/_app/prospects' });
  const navigate = useNavigate({ from: '/prospects' });
  return (
    <RequirePermission permission="work.read" what="prospects">
      <PageHeader
        title="Prospects"
        description="The affiliates' prospects by sales status, with the contract's signing status beside it."
      />
      <ProspectsView
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    </RequirePermission>
  );
}
