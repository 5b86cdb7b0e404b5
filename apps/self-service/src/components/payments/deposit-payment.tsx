import { Alert, Button, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HostedPaymentForm } from '../../components/payments/hosted-payment-form';
import { api, dataOf } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { money } from '../../lib/format';

const paymentMethodsQuery = (customerId: number) => ({
  queryKey: ['account', 'payment-methods', customerId],
  queryFn: async () =>
    dataOf(
      await api.GET('/api/v1/payments/payment-profile/by-customer/{customerId}', {
        params: { path: { customerId } },
      }),
    ),
});

const configurationQuery = {
  queryKey: ['account', 'configuration-parameters'],
  queryFn: async () => dataOf(await api.GET('/api/v1/configuration-parameters')),
};

/** The payment types the company takes for deposits (`deposit_payment_types`: Both, CreditCard or BankAccount). */
const depositTypes = (accepted: string | undefined): Array<'CreditCard' | 'BankAccount'> =>
  accepted === 'CreditCard' || accepted === 'BankAccount' ? [accepted] : ['CreditCard', 'BankAccount'];

/**
 * Pays a deposit on the hosted payment page: the customer saves a card or bank account through the gateway's form if
 * they have none, then the page charges it and sends the browser back here with the outcome.
 */
export function DepositPayment({
  customerId,
  enrollmentId,
  ldcNumber,
  amount,
}: {
  customerId: number;
  enrollmentId: number;
  ldcNumber: string;
  amount: number;
}) {
  const { t } = useTranslation('enrollment');
  const queryClient = useQueryClient();
  const methods = useQuery(paymentMethodsQuery(customerId));
  const [adding, setAdding] = useState(false);
  const accepted = depositTypes(useQuery(configurationQuery).data?.deposit_payment_types);
  const [chosenType, setPaymentType] = useState<'CreditCard' | 'BankAccount'>('CreditCard');
  const paymentType = accepted.includes(chosenType) ? chosenType : (accepted[0] as typeof chosenType);
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
      <Title order={2} size="h3">
        {t('done.payDeposit', { amount: money(amount) })}
      </Title>
      <Text size="sm">{t('done.payDepositHint')}</Text>
      {saved.length === 0 || adding ? (
        <Stack gap="xs">
          <Radio.Group
            label={t('done.payWith')}
            value={paymentType}
            onChange={(value) => setPaymentType(value as typeof paymentType)}
          >
            <Stack gap={4}>
              {accepted.map((type) => (
                <Radio key={type} value={type} label={t(type === 'CreditCard' ? 'done.card' : 'done.bank')} />
              ))}
            </Stack>
          </Radio.Group>
          <HostedPaymentForm
            key={paymentType}
            customerId={customerId}
            transactionType="DEPOSIT"
            paymentType={paymentType}
            onSaved={() => {
              setAdding(false);
              queryClient.invalidateQueries({ queryKey: paymentMethodsQuery(customerId).queryKey });
            }}
            onCancel={() => setAdding(false)}
          />
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            {t('done.savedMethods', {
              methods: saved.map((method) => method.cardNumber ?? method.accountNumber).join(', '),
            })}
          </Text>
          <Button onClick={() => pay.mutate()} loading={pay.isPending || pay.isSuccess} size="md">
            {t('done.payNow', { amount: money(amount) })}
          </Button>
          <Button variant="subtle" onClick={() => setAdding(true)}>
            {t('done.addMethod')}
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
