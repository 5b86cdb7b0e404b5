import { useNavigate, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { SetupView } from '../../features/company-setup/components/setup-view';
import { RequirePermission } from '../../lib/authorization';

export default function CompanySetupPage() {
  const search = useSearch({ from: '/_app/company-setup' });
  const navigate = useNavigate({ from: '/company-setup' });
  return (
    <RequirePermission permission="company.configure" what="the company set-up">
      <PageHeader
        title="Company set-up"
        description="Configuration parameters, payment and credit rules, brands and the reference lists; the company file stays the bulk path."
      />
      <SetupView
        tab={search.tab ?? 'configuration'}
        onTab={(tab) => void navigate({ search: tab === 'configuration' ? {} : { tab }, replace: true })}
      />
    </RequirePermission>
  );
}
