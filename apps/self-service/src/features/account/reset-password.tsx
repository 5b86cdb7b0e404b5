import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'wouter';
import { QueryState } from '../../components/query-state';
import { api, dataOf, isApiFailure } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { fieldProblems } from './form-problems';
import { brokenPasswordRule } from './password-rules';
import './messages';

const LINK_PROBLEMS = ['RESET_TOKEN_EXPIRED', 'RESET_TOKEN_USED', 'RESET_TOKEN_INVALID'] as const;

/** A link that cannot be used: why, and the way to ask for a new one. */
function LinkProblem({ children }: { children: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <Stack gap="sm" align="flex-start">
      <Alert color="red" role="alert" w="100%">
        {children}
      </Alert>
      <Button component={Link} href="/forgot-password">
        {t('reset.askAgain')}
      </Button>
    </Stack>
  );
}

function NewPasswordForm({ securityToken }: { securityToken: string }) {
  const { t } = useTranslation('account');
  const [, navigate] = useLocation();
  const form = useForm({
    initialValues: { newPassword: '', confirm: '' },
    validate: {
      newPassword: (value) => {
        const broken = brokenPasswordRule(value);
        return broken ? t(broken) : null;
      },
      confirm: (value, values) => (value === values.newPassword ? null : t('reset.mismatch')),
    },
  });
  const reset = useMutation({
    mutationFn: async (newPassword: string) =>
      dataOf(await api.POST('/api/v1/customers/reset-password', { body: { newPassword, securityToken } })),
    onSuccess: () => navigate('/sign-in?reset=done', { replace: true }),
    onError: (error) => form.setErrors(fieldProblems(error, { newPassword: 'newPassword' })),
  });
  const failure = isApiFailure(reset.error) ? reset.error : null;
  const linkProblem = LINK_PROBLEMS.find((code) => failure?.code === code);
  if (linkProblem) return <LinkProblem>{t(`reset.${linkProblem}`)}</LinkProblem>;
  const unexplained = reset.isError && Object.keys(form.errors).length === 0;
  return (
    <Paper
      withBorder
      p="lg"
      component="form"
      onSubmit={form.onSubmit(({ newPassword }) => reset.mutate(newPassword))}
      noValidate
    >
      <Stack>
        <PasswordInput
          label={t('reset.newPassword')}
          description={t('reset.rules')}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('reset.confirm')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirm')}
        />
        {unexplained && (
          <Alert color="red" role="alert">
            {messageOf(reset.error)}
          </Alert>
        )}
        <Button type="submit" size="md" loading={reset.isPending || reset.isSuccess}>
          {t('reset.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The page the reset email links to (`brand.my_account_url/reset-password?securityToken=…`): the link is checked
 * first, so an expired or used one says so at once, then the new password is set and the customer signs in with it.
 */
export default function ResetPassword() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const securityToken = params.get('securityToken') ?? '';
  const check = useQuery({
    queryKey: ['reset-link', securityToken],
    queryFn: async () =>
      dataOf(await api.POST('/api/v1/customers/validate-reset-hash', { body: { hash: securityToken } })),
    enabled: securityToken !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Stack maw={440} mx="auto" gap="lg">
      <Title order={1}>{t('reset.title')}</Title>
      {securityToken === '' ? (
        <LinkProblem>{t('reset.missing')}</LinkProblem>
      ) : (
        <QueryState query={check}>
          {(answer) => {
            if (answer.is_valid) return <NewPasswordForm securityToken={securityToken} />;
            const code = LINK_PROBLEMS.find((known) => answer.errors.some((error) => error.code === known));
            return <LinkProblem>{t(`reset.${code ?? 'RESET_TOKEN_INVALID'}`)}</LinkProblem>;
          }}
        </QueryState>
      )}
      <Anchor component={Link} href="/sign-in">
        {t('recovery.backToSignIn')}
      </Anchor>
    </Stack>
  );
}
