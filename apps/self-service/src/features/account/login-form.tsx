import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../lib/errors';
import { fieldProblems } from './form-problems';
import { brokenPasswordRule } from './password-rules';
import { type ProfileChanges, useProfileUpdate } from './profile-update';
import type { Profile } from './queries';
import './messages';

/**
 * The main email, the username and the password: changing any of them needs the current password (the API's rule).
 * The API keeps this session when the password changes and ends the customer's other sessions.
 */
export function LoginForm({ customerId, profile }: { customerId: number; profile: Profile }) {
  const { t } = useTranslation('account');
  const update = useProfileUpdate(customerId);
  const [nothingToSave, setNothingToSave] = useState(false);
  const form = useForm({
    initialValues: {
      email: profile.email ?? '',
      username: profile.user_name ?? '',
      newPassword: '',
      currentPassword: '',
    },
    validate: {
      email: (value) => (value.trim() ? null : t('recovery.required')),
      username: (value) => (value.trim() ? null : t('recovery.required')),
      newPassword: (value) => {
        const broken = value ? brokenPasswordRule(value) : null;
        return broken ? t(broken) : null;
      },
      currentPassword: (value) => (value ? null : t('recovery.required')),
    },
  });
  const changes = (values: typeof form.values): ProfileChanges => ({
    ...(values.email.trim() !== (profile.email ?? '') ? { email: values.email.trim() } : {}),
    ...(values.username.trim() !== (profile.user_name ?? '') ? { username: values.username.trim() } : {}),
    ...(values.newPassword ? { newPassword: values.newPassword } : {}),
  });
  const save = form.onSubmit((values) => {
    const asked = changes(values);
    setNothingToSave(Object.keys(asked).length === 0);
    if (Object.keys(asked).length === 0) return;
    update.mutate(
      { ...asked, password: values.currentPassword },
      {
        onSuccess: (saved) =>
          form.setValues({
            email: saved.email ?? '',
            username: saved.user_name ?? '',
            newPassword: '',
            currentPassword: '',
          }),
        onError: (error) =>
          form.setErrors(
            fieldProblems(error, {
              email: 'email',
              username: 'username',
              newPassword: 'newPassword',
              currentPassword: 'password',
            }),
          ),
      },
    );
  });
  const unexplained = update.isError && Object.keys(form.errors).length === 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="login-title">
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="login-title">
            {t('profile.loginTitle')}
          </Title>
          <Text size="sm">{t('profile.loginIntro')}</Text>
          <TextInput
            label={t('profile.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('profile.username')}
            autoComplete="username"
            autoCapitalize="none"
            required
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('profile.newPassword')}
            description={t('profile.newPasswordHint')}
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          {nothingToSave && (
            <Alert color="yellow" role="alert">
              {t('profile.nothingChanged')}
            </Alert>
          )}
          {unexplained && (
            <Alert color="red" role="alert">
              {messageOf(update.error)}
            </Alert>
          )}
          {update.isSuccess && (
            <Alert color="green" role="status">
              {t('profile.loginSaved')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('profile.saveLogin')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
