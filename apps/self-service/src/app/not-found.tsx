import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" py="xl">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.body')}</Text>
      <Button component={Link} href="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
