import { useParams } from '@tanstack/react-router';
import { CampaignView } from '../../features/campaigns/components/campaign-view';
import { RequirePermission } from '../../lib/authorization';

export default function CampaignPage() {
  const { id } = useParams({ from: '/_app/campaigns/$id' });
  return (
    <RequirePermission permission="work.read" what="campaigns">
      <CampaignView id={id} />
    </RequirePermission>
  );
}
