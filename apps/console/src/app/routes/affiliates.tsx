import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { AffiliateFormModal } from '../../features/affiliates/components/affiliate-form-modal';
import { AffiliatesView } from '../../features/affiliates/components/affiliates-view';
import { useCan } from '../../lib/auth';
import { RequirePermission } from '../../lib/authorization';

export default function AffiliatesPage() {
  const canChange = useCan('marketing.write');
  const [creating, setCreating] = useState(false);
  return (
    <RequirePermission permission="work.read" what="affiliates">
      <PageHeader
        title="Affiliates"
        description="Sales partners whose systems create prospects: their reps and web service accounts."
        actions={
          canChange && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New affiliate
            </Button>
          )
        }
      />
      <AffiliatesView />
      {canChange && (
        <AffiliateFormModal opened={creating} affiliate={null} onClose={() => setCreating(false)} />
      )}
    </RequirePermission>
  );
}
