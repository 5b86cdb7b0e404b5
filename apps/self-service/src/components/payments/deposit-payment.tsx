import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { api, dataOf } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { money } from '../../lib/format';
import { AddPaymentMethod } from './add-payment-method';
import { paymentMethodsQuery, paymentProblem, usePaymentMethodLabel } from './payment-methods';
import './messages';

/**
 * Pays a deposit on the hosted payment page: the customer saves a card or bank account through the gateway's form if
 * they have none, then the page charges it and sends the browser back to this page with the outcome
 * (HostedPaymentOutcome shows it). The wizard's thank-you page and the enrollment page of My account both use it.
 */
export function DepositPayment({
  customerId,
  enrollmentId,
  ldcNumber,
  amount,
  titleOrder = 2,
}: {
  customerId: number;
  enrollmentId: number;
  ldcNumber: string;
  amount: number;
  titleOrder?: 2 | 3;
}) {
  const { t } = useTranslation('payments');
  const methods = useQuery(paymentMethodsQuery(customerId));
  const label = usePaymentMethodLabel();
  const [adding, setAdding] = useState(false);
  const pay = useMutation({
    mutationFn: async () => {
      const back = `${window.location.origin}${window.location.pathname}`;
      return dataOf(
        await api.GET('/api/v1/payments/redirect-payment-uri/{enrollId}', {
          params: {
            path: { enrollId: enrollmentId },
            query: {
              ldcNumber,
              callbackSuccessURL: `${back}?payment=paid`,
              callbackErrorURL: `${back}?payment=failed`,
              secondsBeforeExpire: 600,
            },
          },
        }),
      );
    },
    onSuccess: (url) => window.location.assign(url),
  });
  const saved = methods.data ?? [];
  return (
    <Stack gap="sm">
      <Title order={titleOrder} size="h3">
        {t('deposit.title', { amount: money(amount) })}
      </Title>
      <Text size="sm">{t('deposit.hint')}</Text>
      {saved.length === 0 || adding ? (
        <AddPaymentMethod customerId={customerId} transactionType="DEPOSIT" onDone={() => setAdding(false)} />
      ) : (
        <Stack gap="xs">
          <Text size="sm">{t('deposit.savedMethods', { methods: saved.map(label).join(', ') })}</Text>
          <Button onClick={() => pay.mutate()} loading={pay.isPending || pay.isSuccess} size="md">
            {t('deposit.payNow', { amount: money(amount) })}
          </Button>
          <Button
            variant="subtle"
            h="auto"
            py={6}
            styles={{ label: { whiteSpace: 'normal' } }}
            onClick={() => setAdding(true)}
          >
            {t('deposit.addMethod')}
          </Button>
        </Stack>
      )}
      {pay.isError && (
        <Alert color="red" role="alert">
          {messageOf(pay.error)}
        </Alert>
      )}
    </Stack>
  );
}

/** What the hosted payment page answered when it sent the browser back (`?payment=paid&amount=…` or `failed&reason=…`). */
export function HostedPaymentOutcome() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const payment = params.get('payment');
  if (payment === 'paid')
    return (
      <Alert color="green">{t('outcome.paid', { amount: money(Number(params.get('amount') ?? 0)) })}</Alert>
    );
  if (payment === 'failed')
    return (
      <Alert color="red" role="alert">
        {t('outcome.failed', { reason: paymentProblem(params.get('reason')) })}
      </Alert>
    );
  return null;
}
