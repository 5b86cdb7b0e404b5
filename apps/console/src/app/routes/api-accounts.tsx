import { PageHeader } from '../../components/ui/page-header';
import { AccountsView } from '../../features/api-accounts/components/accounts-view';
import { RequirePermission } from '../../lib/authorization';

export default function ApiAccountsPage() {
  return (
    <RequirePermission permission="accounts.manage" what="API accounts">
      <PageHeader
        title="API accounts"
        description="The web service accounts that call the Voltin API: their secrets, rotation and permitted operations."
      />
      <AccountsView />
    </RequirePermission>
  );
}
