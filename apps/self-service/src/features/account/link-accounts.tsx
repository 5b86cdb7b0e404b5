import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, dataOf } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { fieldProblems } from './form-problems';
import { accountKeys } from './queries';
import './messages';

/**
 * Merges another login of the customer into this one (`POST /customers/{customerId}/link-accounts`): the other login
 * is closed for good, and its enrollments are listed with this customer's. The page says so before anything is sent.
 */
export function LinkAccounts({ customerId }: { customerId: number }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { oldUsername: '', oldPassword: '' },
    validate: {
      oldUsername: (value) => (value.trim() ? null : t('recovery.required')),
      oldPassword: (value) => (value ? null : t('recovery.required')),
    },
  });
  const link = useMutation({
    mutationFn: async (values: typeof form.values) =>
      dataOf(
        await api.POST('/api/v1/customers/{customerId}/link-accounts', {
          params: { path: { customerId } },
          body: { oldUsername: values.oldUsername.trim(), oldPassword: values.oldPassword },
        }),
      ),
    onSuccess: () => {
      form.reset();
      queryClient.invalidateQueries({ queryKey: accountKeys.enrollments(customerId) });
    },
    onError: (error) =>
      form.setErrors(fieldProblems(error, { oldUsername: 'oldUsername', oldPassword: 'oldPassword' })),
  });
  const unexplained = link.isError && Object.keys(form.errors).length === 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="link-title">
      <form onSubmit={form.onSubmit((values) => link.mutate(values))} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="link-title">
            {t('link.title')}
          </Title>
          <Text size="sm">{t('link.intro')}</Text>
          <Alert color="yellow" id="link-warning">
            {t('link.warning')}
          </Alert>
          <TextInput
            label={t('link.oldUsername')}
            autoComplete="off"
            autoCapitalize="none"
            required
            {...form.getInputProps('oldUsername')}
          />
          <PasswordInput
            label={t('link.oldPassword')}
            autoComplete="off"
            required
            {...form.getInputProps('oldPassword')}
          />
          {unexplained && (
            <Alert color="red" role="alert">
              {messageOf(link.error)}
            </Alert>
          )}
          {link.isSuccess && (
            <Alert color="green" role="status">
              {t('link.done', { username: link.variables.oldUsername.trim() })}
            </Alert>
          )}
          <Group>
            <Button
              type="submit"
              color="red.9"
              variant="outline"
              loading={link.isPending}
              aria-describedby="link-warning"
            >
              {t('link.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
