import { useParams } from '@tanstack/react-router';
import { PackageView } from '../../features/autoresponders/components/package-view';
import { RequirePermission } from '../../lib/authorization';

export default function AutoresponderPackagePage() {
  const { id } = useParams({ from: '/_app/autoresponders/$id' });
  return (
    <RequirePermission permission="work.read" what="autoresponders">
      <PackageView id={id} />
    </RequirePermission>
  );
}
