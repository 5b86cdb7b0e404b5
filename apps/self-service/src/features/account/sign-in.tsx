import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useLocation, useSearchParams } from 'wouter';
import { isApiFailure } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { currentLanguage, languageOfId, useLanguageSwitch } from '../../lib/i18n';
import { useSession, useSignIn } from '../../lib/session';
import { profileQuery } from './queries';
import './messages';

/** Where to go after signing in: a path of this site only (`/account/…`), never another site's address. */
export function safeNext(next: string | null): string {
  return next && /^\/(?![/\\])/.test(next) ? next : '/account';
}

/** What to tell the customer when signing in failed: a wrong login, or how long to wait when throttled. */
function useSignInProblem() {
  const { t } = useTranslation('account');
  return (error: unknown): string => {
    if (!isApiFailure(error)) return messageOf(error);
    if (error.status === 401) return t('signIn.wrong');
    if (error.status === 429 && error.retryAfterSeconds !== null) {
      const seconds = error.retryAfterSeconds;
      return seconds < 60
        ? t('signIn.throttledSeconds', { count: Math.max(seconds, 1) })
        : t('signIn.throttledMinutes', { count: Math.ceil(seconds / 60) });
    }
    return messageOf(error);
  };
}

/**
 * Signs a customer in (`/site/api/session`, the API's customer login) and brings them back where they were going, in
 * the language of their profile.
 */
export default function SignIn() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const session = useSession();
  const signIn = useSignIn();
  const problemOf = useSignInProblem();
  const queryClient = useQueryClient();
  const switchLanguage = useLanguageSwitch();
  const [, navigate] = useLocation();
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (value.trim() ? null : t('recovery.required')),
      password: (value) => (value ? null : t('recovery.required')),
    },
  });

  /** The profile's language becomes the site's; should the profile not load, the site keeps the visitor's choice. */
  async function speakTheirLanguage(customerId: number) {
    const profile = await queryClient.fetchQuery(profileQuery(customerId)).catch(() => null);
    const language = languageOfId(profile?.id_prefered_language);
    if (language && language !== currentLanguage()) await switchLanguage(language);
  }

  const submit = form.onSubmit(({ username, password }) =>
    signIn.mutate(
      { username: username.trim(), password },
      {
        onSuccess: async ({ customerId }) => {
          if (customerId) await speakTheirLanguage(customerId);
          navigate(next, { replace: true });
        },
      },
    ),
  );

  if (session.data?.customerId && !signIn.isPending && !signIn.isSuccess)
    return <Redirect to={next} replace />;
  return (
    <Stack maw={440} mx="auto" gap="lg">
      <Title order={1}>{t('signIn.title')}</Title>
      {params.get('reset') === 'done' && (
        <Alert color="green" role="status">
          {t('signIn.passwordReset')}
        </Alert>
      )}
      <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('signIn.username')}
            autoComplete="username"
            autoCapitalize="none"
            required
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('signIn.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          {signIn.isError && (
            <Alert color="red" role="alert">
              {problemOf(signIn.error)}
            </Alert>
          )}
          <Button type="submit" size="md" loading={signIn.isPending || signIn.isSuccess}>
            {t('signIn.submit')}
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} href="/forgot-username" size="sm">
              {t('signIn.forgotUsername')}
            </Anchor>
            <Anchor component={Link} href="/forgot-password" size="sm">
              {t('signIn.forgotPassword')}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
      <Text size="sm">
        <Anchor component={Link} href="/">
          {t('signIn.noAccount')}
        </Anchor>
      </Text>
    </Stack>
  );
}
