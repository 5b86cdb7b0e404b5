import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { CampaignFormModal } from '../../features/campaigns/components/campaign-form-modal';
import { CampaignsView } from '../../features/campaigns/components/campaigns-view';
import { useCan } from '../../lib/auth';
import { RequirePermission } from '../../lib/authorization';

export default function CampaignsPage() {
  const search = useSearch({ from: '/_app/campaigns' });
  const navigate = useNavigate({ from: '/campaigns' });
  const canChange = useCan('plans.write');
  const [creating, setCreating] = useState(false);
  return (
    <RequirePermission permission="work.read" what="campaigns">
      <PageHeader
        title="Campaigns"
        description="Promo codes with their windows, usage limits, affiliates and the plans sold only with them."
        actions={
          canChange && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New campaign
            </Button>
          )
        }
      />
      <CampaignsView
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
      {canChange && (
        <CampaignFormModal opened={creating} campaign={null} onClose={() => setCreating(false)} />
      )}
    </RequirePermission>
  );
}
