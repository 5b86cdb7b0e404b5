import { useParams } from '@tanstack/react-router';
import { DocumentView } from '../../features/documents/components/document-view';
import { RequirePermission } from '../../lib/authorization';

export default function DocumentPage() {
  const { id } = useParams({ from: '/_app/documents/$id' });
  return (
    <RequirePermission permission="work.read" what="documents">
      <DocumentView id={id} />
    </RequirePermission>
  );
}
