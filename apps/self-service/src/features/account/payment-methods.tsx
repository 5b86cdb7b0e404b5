import { Alert, Badge, Button, Group, Modal, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HostedPaymentForm } from '../../components/payments/hosted-payment-form';
import { QueryState } from '../../components/query-state';
import { api } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { AccountLayout } from './account-layout';
import { accountKeys, configurationQuery, type PaymentMethod, paymentMethodsQuery } from './queries';
import './messages';

type PaymentType = 'CreditCard' | 'BankAccount';

const ACCOUNT_TYPES = ['checking', 'savings', 'businessChecking'] as const;

const lastFour = (masked: string | null) => (masked ?? '').slice(-4);

/** "Visa ending 1111", "Bank account ending 6789": how a saved method is named on the page. */
function useMethodName() {
  const { t } = useTranslation('account');
  return (method: PaymentMethod) =>
    method.paymentTypeId === 1
      ? t('methods.card', {
          type: method.cardType ?? t('methods.cardType'),
          last4: lastFour(method.cardNumber),
        })
      : t('methods.bank', { last4: lastFour(method.accountNumber) });
}

/** "2030-12" as "12/2030", as printed on the card. */
const expiryOf = (yearMonth: string) => {
  const [year, month] = yearMonth.split('-');
  return `${month}/${year}`;
};

function MethodCard({ method, onRemove }: { method: PaymentMethod; onRemove: () => void }) {
  const { t } = useTranslation('account');
  const nameOf = useMethodName();
  const titleId = `method-${method.paymentProfileToken}`;
  const accountType = ACCOUNT_TYPES.find((type) => type === method.accountType);
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Text fw={600} id={titleId}>
            {nameOf(method)}
          </Text>
          {method.cardExpirationDate && (
            <Text size="sm" c="dimmed">
              {t('methods.expires', { date: expiryOf(method.cardExpirationDate) })}
            </Text>
          )}
          {accountType && (
            <Text size="sm" c="dimmed">
              {t(`methods.accountTypes.${accountType}`)}
            </Text>
          )}
          {method.autoPayMethod && (
            <Badge variant="light" w="fit-content">
              {t('methods.autopay')}
            </Badge>
          )}
        </Stack>
        <Button variant="default" onClick={onRemove} aria-describedby={titleId}>
          {t('methods.remove')}
        </Button>
      </Group>
    </Paper>
  );
}

/** Confirms, then removes a saved method at the gateway; the API's refusal is shown as it says it. */
function RemoveDialog({
  customerId,
  method,
  onClose,
  onRemoved,
}: {
  customerId: number;
  method: PaymentMethod | null;
  onClose: () => void;
  onRemoved: (name: string) => void;
}) {
  const { t } = useTranslation('account');
  const nameOf = useMethodName();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async (token: string) =>
      api.DELETE('/api/v1/payments/payment-profile/{paymentProfileToken}', {
        params: { path: { paymentProfileToken: token } },
      }),
    onSuccess: () => {
      if (method) onRemoved(nameOf(method));
      queryClient.invalidateQueries({ queryKey: accountKeys.paymentMethods(customerId) });
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal
      opened={method !== null}
      onClose={close}
      title={t('methods.removeTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
      centered
    >
      {method && (
        <Stack gap="sm">
          <Text>{t('methods.removeBody', { method: nameOf(method) })}</Text>
          {method.autoPayMethod && <Alert color="yellow">{t('methods.removeAutopay')}</Alert>}
          {remove.isError && (
            <Alert color="red" role="alert">
              {messageOf(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('methods.cancel')}
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() => remove.mutate(method.paymentProfileToken)}
            >
              {t('methods.confirmRemove')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The gateway's form to save a card or bank account, offering only the types the company takes for payments. */
function AddMethod({ customerId, onDone }: { customerId: number; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const configuration = useQuery(configurationQuery);
  const [chosen, setChosen] = useState<PaymentType>('CreditCard');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="add-method-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="add-method-title">
          {t('methods.addTitle')}
        </Title>
        <QueryState query={configuration}>
          {({ one_time_payment_types: accepted }) => {
            const paymentType = accepted === 'Both' ? chosen : accepted;
            return (
              <Stack gap="sm">
                {accepted === 'Both' && (
                  <Radio.Group
                    label={t('methods.kind')}
                    value={chosen}
                    onChange={(value) => setChosen(value as PaymentType)}
                  >
                    <Group mt={4}>
                      <Radio value="CreditCard" label={t('methods.kindCard')} />
                      <Radio value="BankAccount" label={t('methods.kindBank')} />
                    </Group>
                  </Radio.Group>
                )}
                <HostedPaymentForm
                  key={paymentType}
                  customerId={customerId}
                  transactionType="ONE_TIME_PAYMENT"
                  paymentType={paymentType}
                  onSaved={() => {
                    queryClient.invalidateQueries({ queryKey: accountKeys.paymentMethods(customerId) });
                    onDone(true);
                  }}
                  onCancel={() => onDone(false)}
                />
              </Stack>
            );
          }}
        </QueryState>
      </Stack>
    </Paper>
  );
}

/** Saved cards and bank accounts (masked), which one autopay uses; add one on the gateway's form, remove one. */
export default function PaymentMethods({ customerId }: { customerId: number }) {
  const { t } = useTranslation('account');
  const methods = useQuery(paymentMethodsQuery(customerId));
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <AccountLayout title={t('methods.title')}>
      <Text>{t('methods.intro')}</Text>
      {notice && (
        <Alert
          color="green"
          role="status"
          withCloseButton
          closeButtonLabel={t('close')}
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      )}
      <QueryState query={methods}>
        {(saved) =>
          saved.length === 0 ? (
            <Text>{t('methods.none')}</Text>
          ) : (
            <Stack gap="sm">
              {saved.map((method) => (
                <MethodCard
                  key={method.paymentProfileToken}
                  method={method}
                  onRemove={() => {
                    setNotice(null);
                    setRemoving(method);
                  }}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
      {adding ? (
        <AddMethod
          customerId={customerId}
          onDone={(saved) => {
            setAdding(false);
            setNotice(saved ? t('methods.added') : null);
          }}
        />
      ) : (
        <Group>
          <Button
            onClick={() => {
              setNotice(null);
              setAdding(true);
            }}
          >
            {t('methods.add')}
          </Button>
        </Group>
      )}
      <RemoveDialog
        customerId={customerId}
        method={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(name) => {
          setRemoving(null);
          setNotice(t('methods.removed', { method: name }));
        }}
      />
    </AccountLayout>
  );
}
