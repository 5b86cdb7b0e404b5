import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  List,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { ErrorState, FailureAlert } from '../../../components/ui/states';
import { isApiFailure } from '../../../lib/api';
import { fieldErrorsOf } from '../../../lib/forms';
import { useCompleteSetup } from '../api/complete-setup';
import { type SetupDetails, useSetup } from '../api/get-setup';
import classes from './auth.module.css';

/** The staff password policy, as the server applies it (shown as a checklist while typing). */
function passwordRules(password: string, email: string) {
  return [
    { label: 'At least 10 characters', met: password.length >= 10 },
    { label: 'A letter and a digit', met: /\p{L}/u.test(password) && /\p{Nd}/u.test(password) },
    {
      label: 'Does not contain your email',
      met: password.length > 0 && !password.toLowerCase().includes(email.toLowerCase()),
    },
  ];
}

function AuthenticatorEnrolment({ details }: { details: SetupDetails }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Authenticator app {details.totpRequired ? '(required for Administrators)' : '(recommended)'}
      </Text>
      <Text size="sm" c="dimmed">
        Scan the code with an authenticator app (1Password, Google Authenticator, Authy…), or type the key in
        by hand, then enter the 6-digit code it shows.
      </Text>
      <Group align="flex-start" gap="md" wrap="wrap">
        <div className={classes.qr}>
          <QRCodeSVG
            value={details.totpUri}
            size={148}
            level="M"
            title={`QR code to add ${details.email} to an authenticator app`}
          />
        </div>
        <Stack gap={4} style={{ flex: '1 1 180px', minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            Key for manual entry
          </Text>
          <Code className={classes.secret} aria-label="Authenticator key">
            {details.totpSecret.replace(/(.{4})/g, '$1 ').trim()}
          </Code>
        </Stack>
      </Group>
    </Stack>
  );
}

interface SetupFormProps {
  token: string;
  onDone: () => void;
}

/** A set-up link's page: choose a password, and enrol an authenticator app. */
export function SetupForm({ token, onDone }: SetupFormProps) {
  const setup = useSetup(token);
  const complete = useCompleteSetup(token);
  const [withAuthenticator, setWithAuthenticator] = useState(true);
  const details = setup.data;
  const totpNeeded = Boolean(details?.totpRequired) || withAuthenticator;

  const form = useForm({
    initialValues: { password: '', confirm: '', totp: '' },
    validate: {
      password: (value) =>
        passwordRules(value, details?.email ?? '').every((rule) => rule.met)
          ? null
          : 'Choose a password that meets every rule below',
      confirm: (value, values) => (value === values.password ? null : 'The two passwords differ'),
      totp: (value) =>
        totpNeeded && !/^\s*\d{3}\s?\d{3}\s*$/.test(value) ? 'Enter the 6-digit code from the app' : null,
    },
  });

  if (setup.isPending) return <Text size="sm">Checking the link…</Text>;
  if (setup.error || !details) {
    const gone = isApiFailure(setup.error) && setup.error.code === 'STAFF_SETUP_LINK_INVALID';
    return gone ? (
      <Stack gap="md">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          title="This link no longer works"
        >
          It was already used or has expired. Ask an Administrator for a new set-up link.
        </Alert>
        <Anchor component={Link} to="/sign-in" size="sm">
          Go to sign-in
        </Anchor>
      </Stack>
    ) : (
      <ErrorState error={setup.error} onRetry={() => void setup.refetch()} what="the set-up link" />
    );
  }

  const rules = passwordRules(form.values.password, details.email);

  const submit = form.onSubmit((values) =>
    complete.mutate(
      { password: values.password, ...(totpNeeded ? { totp: values.totp.replace(/\s/g, '') } : {}) },
      {
        onSuccess: onDone,
        onError: (error) => {
          form.setErrors(fieldErrorsOf(error, ['password', 'totp'] as const));
          if (isApiFailure(error) && error.code === 'STAFF_TOTP_REQUIRED')
            form.setFieldError('totp', error.message);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text size="sm">
          Setting up <strong>{details.name}</strong> ({details.email}).
        </Text>
        <Stack gap="xs">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            autoFocus
            {...form.getInputProps('password')}
          />
          <List size="xs" spacing={2} center aria-label="Password rules">
            {rules.map((rule) => (
              <List.Item
                key={rule.label}
                icon={
                  <ThemeIcon
                    size={16}
                    radius="xl"
                    variant="light"
                    color={rule.met ? 'teal' : 'gray'}
                    aria-hidden
                  >
                    {rule.met ? <IconCheck size={11} /> : <IconCircle size={8} />}
                  </ThemeIcon>
                }
              >
                <Text size="xs" c={rule.met ? undefined : 'dimmed'}>
                  {rule.label}
                  <VisuallyHidden>{rule.met ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
                </Text>
              </List.Item>
            ))}
          </List>
          <PasswordInput
            label="Confirm the password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm')}
          />
        </Stack>

        {totpNeeded ? (
          <Stack gap="sm">
            <AuthenticatorEnrolment details={details} />
            <TextInput
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123 456"
              maxLength={7}
              required
              styles={{
                input: { letterSpacing: '0.2em', fontFamily: 'var(--mantine-font-family-monospace)' },
              }}
              {...form.getInputProps('totp')}
            />
            {!details.totpRequired && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setWithAuthenticator(false)}
                ta="left"
              >
                Skip the authenticator for now
              </Anchor>
            )}
          </Stack>
        ) : (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setWithAuthenticator(true)}
            ta="left"
          >
            Add an authenticator app (recommended)
          </Anchor>
        )}

        <FailureAlert error={complete.error} title="Not set up" />
        <Button type="submit" fullWidth loading={complete.isPending}>
          Set password{totpNeeded ? ' and authenticator' : ''}
        </Button>
      </Stack>
    </form>
  );
}
