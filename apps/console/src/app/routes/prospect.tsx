import { useParams } from '@tanstack/react-router';
import { ProspectView } from '../../features/prospects/components/prospect-view';
import { RequirePermission } from '../../lib/authorization';

export default function ProspectPage() {
  const { id } = useParams({ from: '/_app/prospects/$id' });
  return (
    <RequirePermission permission="work.read" what="prospects">
      <ProspectView id={id} />
    </RequirePermission>
  );
}
