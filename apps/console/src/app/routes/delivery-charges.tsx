import { useNavigate, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { DeliveryChargesView } from '../../features/plans/components/delivery-charges-view';
import { RequirePermission } from '../../lib/authorization';

export default function DeliveryChargesPage() {
  const { utility } = useSearch({ from: '/_app/plans/delivery-charges' });
  const navigate = useNavigate({ from: '/plans/delivery-charges' });
  return (
    <RequirePermission permission="work.read" what="delivery charges">
      <PageHeader
        title="Delivery charges"
        description="Each utility's charges, passed through on every bill and in every EFL average; a new tariff saved ahead takes over at its moment."
      />
      <DeliveryChargesView
        utility={utility}
        onUtility={(id) => void navigate({ search: id ? { utility: id } : {}, replace: true })}
      />
    </RequirePermission>
  );
}
