import { Alert, Anchor, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  acceptedPaymentTypes,
  isAccepted,
  paymentMethodsQuery,
  usePaymentMethodLabel,
} from '../../../components/payments/payment-methods';
import { QueryState } from '../../../components/query-state';
import { api, dataOf } from '../../../lib/api';
import { calendarDate } from '../../../lib/format';
import { newActionKey, problemOf, Section, today } from './parts';
import { type AccountOptions, autopayQuery, type Enrollment } from './queries';

/**
 * Autopay on or off, with one of the customer's saved cards or bank accounts (those the company takes for recurring
 * billing). Turning it on with another method replaces the one in use; the customer adds methods on their payment
 * methods page.
 */
export function AutopaySection({
  customerId,
  enrollment,
  options,
}: {
  customerId: number;
  enrollment: Enrollment;
  options: AccountOptions;
}) {
  const { t } = useTranslation('enrollmentPage');
  const queryClient = useQueryClient();
  const enrollmentId = enrollment.id_enrollment;
  const autopay = useQuery(autopayQuery(enrollmentId));
  const methods = useQuery(paymentMethodsQuery(customerId));
  const label = usePaymentMethodLabel();
  const [chosen, setChosen] = useState<string | null>(null);
  const accepted = acceptedPaymentTypes(options, 'RECURRING_BILLING');
  const usable = (methods.data ?? []).filter((saved) => isAccepted(saved, accepted));
  const refresh = () =>
    Promise.all(
      [
        autopayQuery(enrollmentId).queryKey,
        ['account', 'enrollment', enrollmentId],
        paymentMethodsQuery(customerId).queryKey,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  /** One change at a time: on with a method (also a change of method), or off. */
  const change = useMutation({
    mutationFn: async (action: { turnOn: string; key: string } | { turnOff: true }) => {
      if ('turnOff' in action)
        return dataOf(
          await api.DELETE('/api/v1/enrollments/{enrollmentId}/recurring-billing', {
            params: { path: { enrollmentId } },
          }),
        );
      const method = usable.find((m) => m.paymentProfileToken === action.turnOn)!;
      return dataOf(
        await api.POST('/api/v1/enrollments/{enrollmentId}/recurring-billing', {
          params: { path: { enrollmentId } },
          body: {
            customer_profile_token: method.customerProfileToken,
            payment_profile_token: method.paymentProfileToken,
            date_from: today(),
          },
          headers: { 'Idempotency-Key': action.key },
        }),
      );
    },
    onSuccess: () => {
      setChosen(null);
      return refresh();
    },
  });
  const turningOff = change.isPending && change.variables !== undefined && 'turnOff' in change.variables;

  return (
    <Section title={t('autopay.title')}>
      {enrollment.statusDetails.autopaySubscriptionPending && (
        <Alert color="yellow">{t('autopay.required')}</Alert>
      )}
      <QueryState query={autopay}>
        {(current) => {
          const active = current?.status === 'active' ? current : null;
          const selected =
            chosen ??
            usable.find((m) => m.paymentProfileToken !== active?.paymentProfileToken)?.paymentProfileToken ??
            null;
          return (
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                {active
                  ? t('autopay.on', {
                      method: label({
                        paymentTypeId: active.paymentType === 'BankAccount' ? 2 : 1,
                        cardType: active.cardType,
                        cardNumber: active.cardNumber,
                        accountNumber: active.accountNumber,
                      }),
                      date: calendarDate(active.dateFrom),
                    })
                  : t('autopay.off')}
              </Text>
              {!enrollment.canMakePayments ? (
                <Text size="sm">{t('autopay.unavailable')}</Text>
              ) : methods.isSuccess && usable.length === 0 ? (
                <Text size="sm">
                  {t('autopay.noMethods')}{' '}
                  <Anchor component={Link} href="/payment-methods" underline="always">
                    {t('autopay.manageMethods')}
                  </Anchor>
                </Text>
              ) : (
                <>
                  {usable.length > (active ? 1 : 0) && (
                    <Radio.Group
                      label={active ? t('autopay.switchTo') : t('autopay.method')}
                      value={selected}
                      onChange={setChosen}
                    >
                      <Stack gap={6} mt={4}>
                        {usable
                          .filter((method) => method.paymentProfileToken !== active?.paymentProfileToken)
                          .map((method) => (
                            <Radio
                              key={method.paymentProfileToken}
                              value={method.paymentProfileToken}
                              label={label(method)}
                            />
                          ))}
                      </Stack>
                    </Radio.Group>
                  )}
                  <Group gap="sm">
                    {selected && (
                      <Button
                        onClick={() => change.mutate({ turnOn: selected, key: newActionKey() })}
                        loading={change.isPending && !turningOff}
                        disabled={turningOff}
                      >
                        {active ? t('autopay.change') : t('autopay.turnOn')}
                      </Button>
                    )}
                    {active && (
                      <Button
                        variant="default"
                        onClick={() => change.mutate({ turnOff: true })}
                        loading={turningOff}
                        disabled={change.isPending && !turningOff}
                      >
                        {t('autopay.turnOff')}
                      </Button>
                    )}
                  </Group>
                  <Anchor component={Link} href="/payment-methods" size="sm">
                    {t('autopay.manageMethods')}
                  </Anchor>
                </>
              )}
              {change.isSuccess && (
                <Alert color="green" role="status">
                  {change.data.status === 'active' ? t('autopay.turnedOn') : t('autopay.turnedOff')}
                </Alert>
              )}
              {change.isError && (
                <Alert color="red" role="alert">
                  {problemOf(change.error)}
                </Alert>
              )}
            </Stack>
          );
        }}
      </QueryState>
    </Section>
  );
}
