import { useParams } from '@tanstack/react-router';
import { EnrollmentView } from '../../features/enrollments/components/enrollment-view';
import { RequirePermission } from '../../lib/authorization';

export default function EnrollmentPage() {
  const { id } = useParams({ from: '/_app/enrollments/$id' });
  return (
    <RequirePermission permission="work.read" what="enrollments">
      <EnrollmentView key={id} id={id} />
    </RequirePermission>
  );
}
