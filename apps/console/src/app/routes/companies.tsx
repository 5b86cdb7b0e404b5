import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { CompaniesView } from '../../features/companies/components/companies-view';
import { RequirePermission } from '../../lib/authorization';

export default function CompaniesPage() {
  return (
    <RequirePermission permission="companies.manage" what="the installation's companies">
      <PageHeader
        title="Companies"
        description="The retail companies of this installation. Each sees only its own data."
        actions={
          <Button component={Link} to="/companies/new" leftSection={<IconPlus size={16} />}>
            New company
          </Button>
        }
      />
      <CompaniesView />
    </RequirePermission>
  );
}
