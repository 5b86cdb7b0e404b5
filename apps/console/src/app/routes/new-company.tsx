import { useState } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import type { CreatedCompany } from '../../features/companies/api/companies';
import { NewCompanyView } from '../../features/companies/components/new-company-view';
import { RequirePermission } from '../../lib/authorization';

export default function NewCompanyPage() {
  const [made, setMade] = useState<CreatedCompany | null>(null);
  return (
    <RequirePermission permission="companies.manage" what="new companies">
      <PageHeader
        title={made ? `${made.company.name} was created` : 'New company'}
        description="A retail company with its first Administrator: it starts with what this form says and nothing of any other company."
      />
      <NewCompanyView made={made} onCreated={setMade} />
    </RequirePermission>
  );
}
