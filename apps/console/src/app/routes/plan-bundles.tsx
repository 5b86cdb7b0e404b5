import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { BundleFormModal } from '../../features/plans/components/bundle-form-modal';
import { BundlesView } from '../../features/plans/components/bundles-view';
import { useCan } from '../../lib/auth';
import { RequirePermission } from '../../lib/authorization';

export default function PlanBundlesPage() {
  const canChange = useCan('plans.write');
  const [creating, setCreating] = useState(false);
  return (
    <RequirePermission permission="work.read" what="bundles">
      <PageHeader
        title="Bundles"
        description="An electricity and a gas plan sold together: plan shopping offers a bundle while both its plans are on sale."
        actions={
          canChange && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New bundle
            </Button>
          )
        }
      />
      <BundlesView />
      {canChange && <BundleFormModal opened={creating} bundle={null} onClose={() => setCreating(false)} />}
    </RequirePermission>
  );
}
