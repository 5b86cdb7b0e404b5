import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useInterval } from '@mantine/hooks';
import { IconAlertTriangle, IconClockPause, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiFailure, messageOf } from '../../../lib/api';
import { type SignInReason, useSignIn } from '../../../lib/auth';
import { looksLikeEmail } from '../../../lib/forms';

const NOTICES: Record<SignInReason, { color: string; text: string }> = {
  ended: { color: 'yellow', text: 'Your session ended. Sign in again to continue where you were.' },
  'signed-out': { color: 'indigo', text: 'You are signed out.' },
  'signed-out-everywhere': { color: 'indigo', text: 'You are signed out on every device.' },
  'setup-complete': { color: 'teal', text: 'Your password is set. Sign in with it.' },
};

interface SignInFormProps {
  reason?: SignInReason;
  onSignedIn: () => void;
}

/** Email and password, then the authenticator's code when the account has one. */
export function SignInForm({ reason, onSignedIn }: SignInFormProps) {
  const signIn = useSignIn();
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const [waitAtFailure, setWaitAtFailure] = useState(0);
  const [now, setNow] = useState(Date.now());
  const ticker = useInterval(() => setNow(Date.now()), 1000);

  const form = useForm({
    initialValues: { email: '', password: '', totp: '' },
    validate: {
      email: (value) => (looksLikeEmail(value) ? null : 'Enter your work email address'),
      password: (value) => (value ? null : 'Enter your password'),
      totp: (value) =>
        step === 'totp' && !/^\s*\d{3}\s?\d{3}\s*$/.test(value) ? 'Enter the 6-digit code' : null,
    },
  });

  const waitSeconds = retryAt ? Math.max(0, Math.ceil((retryAt - now) / 1000)) : 0;
  useEffect(() => {
    if (retryAt && waitSeconds > 0) ticker.start();
    else {
      ticker.stop();
      if (retryAt) setRetryAt(null);
    }
  }, [retryAt, waitSeconds, ticker]);

  const submit = form.onSubmit((values) => {
    signIn.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        ...(step === 'totp' ? { totp: values.totp.replace(/\s/g, '') } : {}),
      },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (!isApiFailure(error)) return;
          if (error.code === 'STAFF_TOTP_REQUIRED') {
            if (step === 'totp') form.setFieldError('totp', error.message);
            setStep('totp');
            form.setFieldValue('totp', '');
          } else if (error.code === 'RATE_LIMITED') {
            const wait = error.retryAfterSeconds ?? 30;
            setWaitAtFailure(wait);
            setRetryAt(Date.now() + wait * 1000);
            setNow(Date.now());
          }
        },
      },
    );
  });

  const backToPassword = () => {
    setStep('password');
    form.setFieldValue('totp', '');
    form.setFieldValue('password', '');
    signIn.reset();
  };

  const failure = signIn.error;
  const showFailure =
    failure &&
    !(isApiFailure(failure) && failure.code === 'STAFF_TOTP_REQUIRED') &&
    !(isApiFailure(failure) && failure.code === 'RATE_LIMITED');
  const notice = reason && !failure ? NOTICES[reason] : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {notice && (
          <Alert color={notice.color} variant="light" icon={<IconInfoCircle size={18} />} role="status">
            {notice.text}
          </Alert>
        )}
        {waitSeconds > 0 && (
          <Alert color="orange" variant="light" icon={<IconClockPause size={18} />} title="Too many attempts">
            {/* Said once to screen readers; the countdown itself is only shown. */}
            <VisuallyHidden role="alert">
              Too many attempts. Try again in {waitAtFailure} seconds.
            </VisuallyHidden>
            <span aria-hidden>Wait {waitSeconds} s before trying again.</span>
          </Alert>
        )}
        {showFailure && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {messageOf(failure)}
          </Alert>
        )}

        {step === 'password' ? (
          <>
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              placeholder="you@bluebonnet.example"
              required
              data-autofocus
              autoFocus
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
          </>
        ) : (
          <>
            <Text size="sm">
              Enter the 6-digit code from the authenticator app of <strong>{form.values.email.trim()}</strong>
              .
            </Text>
            <TextInput
              label="One-time code"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123 456"
              maxLength={7}
              required
              autoFocus
              styles={{
                input: { letterSpacing: '0.2em', fontFamily: 'var(--mantine-font-family-monospace)' },
              }}
              {...form.getInputProps('totp')}
            />
          </>
        )}

        <Button type="submit" fullWidth loading={signIn.isPending} disabled={waitSeconds > 0}>
          {step === 'totp' ? 'Verify and sign in' : 'Sign in'}
        </Button>
        {step === 'totp' && (
          <Anchor component="button" type="button" size="sm" onClick={backToPassword} ta="center">
            Use another account
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
