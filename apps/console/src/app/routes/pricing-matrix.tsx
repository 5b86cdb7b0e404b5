import { useNavigate, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { ImportReview } from '../../features/pricing-matrix/components/import-review';
import { PricingMatrixView } from '../../features/pricing-matrix/components/pricing-matrix-view';
import type { PricingMatrixSearch } from '../../features/pricing-matrix/search';
import { RequirePermission } from '../../lib/authorization';

export default function PricingMatrixPage() {
  const search = useSearch({ from: '/_app/pricing-matrix' });
  const navigate = useNavigate({ from: '/pricing-matrix' });
  const onSearchChange = (next: PricingMatrixSearch) => void navigate({ search: next, replace: true });
  return (
    <RequirePermission permission="work.read" what="the pricing matrix">
      {search.import ? (
        <ImportReview
          key={search.import}
          importId={search.import}
          search={search}
          onSearchChange={onSearchChange}
          onDone={() => void navigate({ search: {} })}
        />
      ) : (
        <>
          <PageHeader
            title="Pricing matrix"
            description="The prices prospects are quoted from: the matrix in force, uploads waiting for a decision, and every matrix before."
          />
          <PricingMatrixView
            search={search}
            onSearchChange={onSearchChange}
            onChecked={(differences) => void navigate({ search: { import: differences.import.id } })}
          />
        </>
      )}
    </RequirePermission>
  );
}
