import { useNavigate, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { OutboxView } from '../../features/autoresponders/components/outbox-view';
import { RequirePermission } from '../../lib/authorization';

export default function MailOutboxPage() {
  const search = useSearch({ from: '/_app/mail-outbox' });
  const navigate = useNavigate({ from: '/mail-outbox' });
  return (
    <RequirePermission permission="work.read" what="the mail outbox">
      <PageHeader
        title="Mail outbox"
        description="Every email the company sends, newest first: queued, sent, failed and retried with backoff, or bounced."
      />
      <OutboxView search={search} onSearchChange={(next) => void navigate({ search: next })} />
    </RequirePermission>
  );
}
