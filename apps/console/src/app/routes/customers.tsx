import { useNavigate, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { CustomerSearchView } from '../../features/customers/components/customer-search-view';
import { RequirePermission } from '../../lib/authorization';

export default function CustomersPage() {
  const search = useSearch({ from: '/_app/customers' });
  const navigate = useNavigate({ from: '/customers' });
  return (
    <RequirePermission permission="work.read" what="customers">
      <PageHeader
        title="Customers"
        description="Find a customer by name, email, phone, meter (ESIID or LDC account), enrollment id or customer id."
      />
      {/* Each pause in typing rewrites the URL's query in place: Back leaves the page, not the last letter. */}
      <CustomerSearchView
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
    </RequirePermission>
  );
}
