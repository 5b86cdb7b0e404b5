import { useParams } from '@tanstack/react-router';
import { AffiliateView } from '../../features/affiliates/components/affiliate-view';
import { RequirePermission } from '../../lib/authorization';

export default function AffiliatePage() {
  const { id } = useParams({ from: '/_app/affiliates/$id' });
  return (
    <RequirePermission permission="work.read" what="affiliates">
      <AffiliateView id={id} />
    </RequirePermission>
  );
}
