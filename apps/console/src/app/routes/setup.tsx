import { useNavigate, useParams } from '@tanstack/react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SetupForm } from '../../features/auth/components/setup-form';

export default function SetupPage() {
  const { token } = useParams({ from: '/setup/$token' });
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Set up your account"
      subtitle="Choose your password for the Operations console."
      width={520}
    >
      <SetupForm
        token={token}
        onDone={() => void navigate({ to: '/sign-in', search: { reason: 'setup-complete' }, replace: true })}
      />
    </AuthCard>
  );
}
