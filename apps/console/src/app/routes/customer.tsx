import { useParams } from '@tanstack/react-router';
import { CustomerProfileView } from '../../features/customers/components/customer-profile';
import { RequirePermission } from '../../lib/authorization';

export default function CustomerPage() {
  const { id } = useParams({ from: '/_app/customers/$id' });
  return (
    <RequirePermission permission="work.read" what="customer profiles">
      <CustomerProfileView id={id} />
    </RequirePermission>
  );
}
