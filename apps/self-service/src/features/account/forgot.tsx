import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { api } from '../../lib/api';
import { useBrand } from '../../lib/brand';
import { messageOf } from '../../lib/errors';
import './messages';

/** How long a reset link works (the API's RESET_TOKEN_TTL_MINUTES), said in the answer. */
const RESET_LINK_MINUTES = 60;

type Kind = 'password' | 'username';

const FIELD = { password: 'username', username: 'email' } as const;

/**
 * Asks the API to email a reset link (`forgot-password`, by username) or the usernames of an address
 * (`forgot-username`, by email), branded with this site's brand. The answer is the same whether or not an account
 * matches, so the page cannot be used to find out who is a customer.
 */
export default function Forgot({ kind }: { kind: Kind }) {
  const { t } = useTranslation('account');
  const brand = useBrand();
  const words = kind === 'password' ? 'forgotPassword' : 'forgotUsername';
  const field = FIELD[kind];
  const form = useForm({
    initialValues: { value: '' },
    validate: { value: (value) => (value.trim() ? null : t('recovery.required')) },
  });
  const send = useMutation({
    mutationFn: async (value: string) => {
      const body = { brandId: brand.id_site, [field]: value };
      if (kind === 'password') await api.POST('/api/v1/customers/forgot-password', { body });
      else await api.POST('/api/v1/customers/forgot-username', { body });
    },
  });
  return (
    <Stack maw={440} mx="auto" gap="lg">
      <Title order={1}>{t(`${words}.title`)}</Title>
      {send.isSuccess ? (
        <Alert color="green" role="status">
          {kind === 'password'
            ? t('forgotPassword.sent', { minutes: RESET_LINK_MINUTES })
            : t('forgotUsername.sent')}
        </Alert>
      ) : (
        <Paper
          withBorder
          p="lg"
          component="form"
          onSubmit={form.onSubmit(({ value }) => send.mutate(value.trim()))}
          noValidate
        >
          <Stack>
            <Text>{t(`${words}.intro`)}</Text>
            <TextInput
              label={kind === 'password' ? t('forgotPassword.username') : t('forgotUsername.email')}
              type={kind === 'password' ? 'text' : 'email'}
              autoComplete={kind === 'password' ? 'username' : 'email'}
              autoCapitalize="none"
              required
              {...form.getInputProps('value')}
            />
            {send.isError && (
              <Alert color="red" role="alert">
                {messageOf(send.error)}
              </Alert>
            )}
            <Button type="submit" size="md" loading={send.isPending}>
              {t(`${words}.submit`)}
            </Button>
          </Stack>
        </Paper>
      )}
      <Stack gap="xs">
        {kind === 'password' && (
          <Anchor component={Link} href="/forgot-username">
            {t('forgotPassword.noUsername')}
          </Anchor>
        )}
        <Anchor component={Link} href="/sign-in">
          {t('recovery.backToSignIn')}
        </Anchor>
      </Stack>
    </Stack>
  );
}
