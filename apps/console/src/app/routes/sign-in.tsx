import { useNavigate, useSearch } from '@tanstack/react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SignInForm } from '../../features/auth/components/sign-in-form';

export default function SignInPage() {
  const { reason, redirect } = useSearch({ from: '/sign-in' });
  const navigate = useNavigate();
  return (
    <AuthCard title="Sign in" subtitle="The Operations console of your retail company.">
      <SignInForm
        reason={reason}
        onSignedIn={() => void navigate({ href: redirect ?? '/', replace: true })}
      />
    </AuthCard>
  );
}
