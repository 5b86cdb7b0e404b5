import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import { CreateDocumentModal } from '../../features/documents/components/create-document-modal';
import { DocumentsView } from '../../features/documents/components/documents-view';
import { useCan } from '../../lib/auth';
import { RequirePermission } from '../../lib/authorization';

export default function DocumentsPage() {
  const search = useSearch({ from: '/_app/documents' });
  const navigate = useNavigate({ from: '/documents' });
  const canChange = useCan('marketing.write');
  const [creating, setCreating] = useState(false);
  return (
    <RequirePermission permission="work.read" what="documents">
      <PageHeader
        title="Documents"
        description="The company's own documents (terms of service, EFLs, your rights as a customer, contracts, welcome letters) in each language, their PDF versions and the plans they are served with."
        actions={
          canChange && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New document
            </Button>
          )
        }
      />
      <DocumentsView
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
      />
      {canChange && <CreateDocumentModal opened={creating} onClose={() => setCreating(false)} />}
    </RequirePermission>
  );
}
