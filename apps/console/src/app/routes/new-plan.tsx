import { PageHeader } from '../../components/ui/page-header';
import { NewPlanView } from '../../features/plans/components/new-plan-view';
import { RequirePermission } from '../../lib/authorization';

export default function NewPlanPage() {
  return (
    <RequirePermission permission="plans.write" what="new plans">
      <PageHeader
        title="New plan"
        description="A plan from nothing: it starts as a draft; publish it from its page when it is ready."
      />
      <NewPlanView />
    </RequirePermission>
  );
}
