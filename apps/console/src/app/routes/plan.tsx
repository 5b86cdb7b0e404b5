import { useParams } from '@tanstack/react-router';
import { PlanView } from '../../features/plans/components/plan-view';
import { RequirePermission } from '../../lib/authorization';

export default function PlanPage() {
  const { id } = useParams({ from: '/_app/plans/$id' });
  return (
    <RequirePermission permission="work.read" what="plans">
      <PlanView id={id} />
    </RequirePermission>
  );
}
