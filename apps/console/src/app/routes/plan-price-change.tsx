import { PageHeader } from '../../components/ui/page-header';
import { BulkPriceChangeView } from '../../features/plans/components/bulk-price-change-view';
import { RequirePermission } from '../../lib/authorization';

export default function BulkPriceChangePage() {
  return (
    <RequirePermission permission="plans.write" what="price changes">
      <PageHeader
        title="Change prices in bulk"
        description="Change the energy charges of many plans at once, from a moment: preview every plan, then apply."
      />
      <BulkPriceChangeView />
    </RequirePermission>
  );
}
