import { PageHeader } from '../../components/ui/page-header';
import { PackagesView } from '../../features/autoresponders/components/packages-view';
import { RequirePermission } from '../../lib/authorization';

export default function AutorespondersPage() {
  return (
    <RequirePermission permission="work.read" what="autoresponders">
      <PageHeader
        title="Autoresponders"
        description="The messages customers and prospects get when their enrollment, payment, statement or quote changes: one package per brand, language and customer type."
      />
      <PackagesView />
    </RequirePermission>
  );
}
