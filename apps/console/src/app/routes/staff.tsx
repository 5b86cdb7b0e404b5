import { useNavigate, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { StaffView } from '../../features/staff/components/staff-view';
import { RequirePermission } from '../../lib/authorization';

export default function StaffPage() {
  const search = useSearch({ from: '/_app/staff' });
  const navigate = useNavigate({ from: '/staff' });
  return (
    <RequirePermission permission="staff.manage" what="staff management">
      <PageHeader
        title="Staff"
        description="Who can use the console, with which roles; set-up links and sessions."
      />
      <StaffView search={search} onSearchChange={(next) => void navigate({ search: next })} />
    </RequirePermission>
  );
}
