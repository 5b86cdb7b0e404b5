import { PageHeader } from '../../components/ui/page-header';
import { UtilitiesView } from '../../features/utilities/components/utilities-view';
import { RequirePermission } from '../../lib/authorization';

export default function UtilitiesPage() {
  return (
    <RequirePermission permission="work.read" what="utilities">
      <PageHeader
        title="Utilities"
        description="The TDSPs and gas LDCs the company sells in: enrollments on or off, zip codes served, plans and ESIIDs loaded."
      />
      <UtilitiesView />
    </RequirePermission>
  );
}
