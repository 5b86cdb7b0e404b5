import { Radio, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HostedPaymentForm } from './hosted-payment-form';
import { acceptedPaymentTypes, paymentConfigurationQuery, paymentMethodsQuery } from './payment-methods';
import './messages';

type TransactionType = 'DEPOSIT' | 'ONE_TIME_PAYMENT' | 'RECURRING_BILLING';

/**
 * Saves a card or bank account on the gateway's hosted form, offering only the kinds the company takes for this kind
 * of payment (the customer chooses when it takes both); the saved methods are read again once one is saved.
 */
export function AddPaymentMethod({
  customerId,
  transactionType,
  onDone,
}: {
  customerId: number;
  transactionType: TransactionType;
  onDone: () => void;
}) {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const accepted = acceptedPaymentTypes(useQuery(paymentConfigurationQuery).data, transactionType);
  const [chosenType, setPaymentType] = useState<'CreditCard' | 'BankAccount'>('CreditCard');
  const paymentType = accepted.includes(chosenType) ? chosenType : (accepted[0] as typeof chosenType);
  return (
    <Stack gap="xs">
      {accepted.length > 1 && (
        <Radio.Group
          label={t('payWith')}
          value={paymentType}
          onChange={(value) => setPaymentType(value as typeof paymentType)}
        >
          <Stack gap={4}>
            {accepted.map((type) => (
              <Radio key={type} value={type} label={t(type === 'CreditCard' ? 'card' : 'bank')} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <HostedPaymentForm
        key={paymentType}
        customerId={customerId}
        transactionType={transactionType}
        paymentType={paymentType}
        onSaved={() => {
          onDone();
          queryClient.invalidateQueries({ queryKey: paymentMethodsQuery(customerId).queryKey });
        }}
        onCancel={onDone}
      />
    </Stack>
  );
}
