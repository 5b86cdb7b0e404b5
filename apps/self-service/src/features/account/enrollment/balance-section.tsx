import { Alert, Button, NumberInput, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddPaymentMethod } from '../../../components/payments/add-payment-method';
import {
  acceptedPaymentTypes,
  isAccepted,
  type PaymentMethod,
  paymentMethodsQuery,
  paymentProblem,
  usePaymentMethodLabel,
} from '../../../components/payments/payment-methods';
import { QueryState } from '../../../components/query-state';
import { api, dataOf, isApiFailure } from '../../../lib/api';
import { messageOf } from '../../../lib/errors';
import { calendarDate, money } from '../../../lib/format';
import { Facts, newActionKey, Section } from './parts';
import { type AccountOptions, billingSummaryQuery, type Enrollment } from './queries';

/** What the account owes now, and the customer's payment of it (or of any amount) with a saved card or bank account. */
export function BalanceSection({
  customerId,
  enrollment,
  options,
}: {
  customerId: number;
  enrollment: Enrollment;
  options: AccountOptions;
}) {
  const { t } = useTranslation('enrollmentPage');
  const summary = useQuery(billingSummaryQuery(enrollment.id_enrollment));
  return (
    <Section title={t('balance.title')}>
      <QueryState query={summary}>
        {(shown) => (
          <Stack gap="sm">
            <Facts
              facts={[
                { label: t('balance.amountDue'), value: money(shown.amountDueAmt) },
                shown.overdueBalanceAmt > 0 && {
                  label: t('balance.pastDue'),
                  value: money(shown.overdueBalanceAmt),
                },
                {
                  label: t('balance.dueDate'),
                  value: shown.dueDate ? calendarDate(shown.dueDate) : t('dash'),
                },
                {
                  label: t('balance.lastPayment'),
                  value: shown.lastPaymentDate
                    ? t('balance.lastPaymentOn', {
                        amount: money(shown.lastPaymentAmt),
                        date: calendarDate(shown.lastPaymentDate),
                      })
                    : t('balance.none'),
                },
                shown.depositHeldAmt > 0 && {
                  label: t('balance.depositHeld'),
                  value: money(shown.depositHeldAmt),
                },
                shown.nextStatementDate !== null && {
                  label: t('balance.nextStatement'),
                  value: calendarDate(shown.nextStatementDate),
                },
              ]}
            />
            {shown.currentBalanceAmt < 0 && (
              <Text size="sm">{t('balance.credit', { amount: money(-shown.currentBalanceAmt) })}</Text>
            )}
            {shown.statementCount === 0 && <Text size="sm">{t('balance.noBills')}</Text>}
            {enrollment.canMakePayments ? (
              <PayNow
                customerId={customerId}
                enrollment={enrollment}
                amountDue={shown.amountDueAmt}
                options={options}
              />
            ) : (
              <Text size="sm">{t('pay.cannotPay')}</Text>
            )}
          </Stack>
        )}
      </QueryState>
    </Section>
  );
}

/** At least a cent, in whole cents: the API takes at most two decimals. */
const isPayableAmount = (amount: number) =>
  Number.isFinite(amount) && amount >= 0.01 && Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6;

/**
 * A one-time payment charged at once with a saved card or bank account (POST /payments/pay): the customer stays on
 * the page, in their language, and sees a decline right away. One Idempotency-Key per press of Pay, so a retried
 * request never charges twice while a new attempt (another card after a decline) is a new payment.
 */
function PayNow({
  customerId,
  enrollment,
  amountDue,
  options,
}: {
  customerId: number;
  enrollment: Enrollment;
  amountDue: number;
  options: AccountOptions;
}) {
  const { t } = useTranslation('enrollmentPage');
  const queryClient = useQueryClient();
  const label = usePaymentMethodLabel();
  const methods = useQuery(paymentMethodsQuery(customerId));
  const accepted = acceptedPaymentTypes(options, 'ONE_TIME_PAYMENT');
  const usable = (methods.data ?? []).filter((saved) => isAccepted(saved, accepted));
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [amount, setAmount] = useState<number | string>(amountDue > 0 ? amountDue : '');
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const method = usable.find((m) => m.paymentProfileToken === chosen) ?? usable[0];
  const pay = useMutation({
    mutationFn: async (payment: { method: PaymentMethod; amount: number; key: string }) =>
      dataOf(
        await api.POST('/api/v1/payments/pay', {
          body: {
            idEnrollment: enrollment.id_enrollment,
            customerProfileToken: payment.method.customerProfileToken,
            paymentProfileToken: payment.method.paymentProfileToken,
            amount: payment.amount,
          },
          headers: { 'Idempotency-Key': payment.key },
        }),
      ),
    onSettled: () =>
      Promise.all(
        [
          ['account', 'billing-summary', enrollment.id_enrollment],
          ['account', 'payment-history', enrollment.id_enrollment],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });

  const submit = () => {
    const value = typeof amount === 'number' ? amount : Number(amount);
    if (!isPayableAmount(value)) {
      setAmountProblem(t('pay.amountInvalid'));
      return;
    }
    setAmountProblem(null);
    if (method) pay.mutate({ method, amount: value, key: newActionKey() });
  };

  if (methods.isPending) return null;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('pay.title')}
      </Title>
      {adding ? (
        <AddPaymentMethod
          customerId={customerId}
          transactionType="ONE_TIME_PAYMENT"
          onDone={() => setAdding(false)}
        />
      ) : usable.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('pay.noMethods')}</Text>
          <Button variant="light" onClick={() => setAdding(true)}>
            {t('pay.add')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Radio.Group
            label={t('pay.method')}
            value={method?.paymentProfileToken ?? null}
            onChange={setChosen}
          >
            <Stack gap={6} mt={4}>
              {usable.map((saved) => (
                <Radio
                  key={saved.paymentProfileToken}
                  value={saved.paymentProfileToken}
                  label={label(saved)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setAdding(true)}>
            {t('pay.addMethod')}
          </Button>
          <NumberInput
            label={t('pay.amount')}
            description={amountDue > 0 ? t('pay.amountHint', { amount: money(amountDue) }) : undefined}
            value={amount}
            onChange={setAmount}
            allowNegative={false}
            clampBehavior="none"
            decimalScale={2}
            prefix="$"
            thousandSeparator=","
            hideControls
            inputMode="decimal"
            error={amountProblem}
            maw={{ sm: 240 }}
          />
          <Button onClick={submit} loading={pay.isPending} w={{ base: '100%', sm: 'auto' }}>
            {t('pay.submit', { amount: money(Number(amount) || 0) })}
          </Button>
        </Stack>
      )}
      {pay.isSuccess && (
        <Alert color="green" role="status">
          {t('pay.paid', { amount: money(pay.data.amount), id: pay.data.id_payment_charge_transactions })}
        </Alert>
      )}
      {pay.isError && (
        <Alert color="red" role="alert">
          {isApiFailure(pay.error) && pay.error.code.startsWith('PAYMENT_')
            ? t('pay.failed', { reason: paymentProblem(pay.error.code) })
            : messageOf(pay.error)}
        </Alert>
      )}
    </Stack>
  );
}
