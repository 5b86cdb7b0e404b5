import { useNavigate, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { PlansView } from '../../features/plans/components/plans-view';
import { RequirePermission } from '../../lib/authorization';

export default function PlansPage() {
  const search = useSearch({ from: '/_app/plans' });
  const navigate = useNavigate({ from: '/plans' });
  return (
    <RequirePermission permission="work.read" what="plans">
      <PageHeader
        title="Plans"
        description="The catalogue with the prices it sells now, EFL averages and scheduled price changes."
      />
      <PlansView search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />
    </RequirePermission>
  );
}
