import { useParams } from '@tanstack/react-router';
import { UtilityView } from '../../features/utilities/components/utility-view';
import { RequirePermission } from '../../lib/authorization';

export default function UtilityPage() {
  const { id } = useParams({ from: '/_app/utilities/$id' });
  return (
    <RequirePermission permission="work.read" what="utilities">
      <UtilityView id={id} />
    </RequirePermission>
  );
}
