import { useNavigate, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { AuditLogView } from '../../features/audit/components/audit-log-view';
import { RequirePermission } from '../../lib/authorization';

export default function AuditLogPage() {
  const search = useSearch({ from: '/_app/audit-log' });
  const navigate = useNavigate({ from: '/audit-log' });
  return (
    <RequirePermission permission="audit.read" what="the audit log">
      <PageHeader
        title="Audit log"
        description="Every change made through the console, newest first. Personal data is masked."
      />
      <AuditLogView search={search} onSearchChange={(next) => void navigate({ search: next })} />
    </RequirePermission>
  );
}
