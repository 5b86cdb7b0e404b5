import { Alert, Button, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../app/routes';
import { messageOf } from '../lib/errors';

/** A query's three states in one place: a loader, an error the customer can retry, or the page drawn from its data. */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          {messageOf(query.error)}
          <Button size="xs" variant="white" onClick={() => query.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  return <>{children(query.data)}</>;
}
