import { Alert, Button, Checkbox, Group, PasswordInput, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, dataOf, isApiFailure } from '../../lib/api';
import { useBrand } from '../../lib/brand';
import { messageOf } from '../../lib/errors';
import { money } from '../../lib/format';
import type { Plan } from '../shopping/plan-facts';
import { problemsFromApi } from './fields';
import type { DepositChoice, Wizard } from './wizard-state';

/** "8968 Ross Ave" is house number 8968 on Ross Ave, as the bureau asks for them. */
function streetParts(address: string) {
  const match = /^\s*(\S+)\s+(.+)$/.exec(address);
  return { streetNum: match?.[1] ?? '', streetName: match?.[2]?.trim() ?? address.trim() };
}

/** Business customers may cover a deposit with a letter of credit from their bank. */
const depositChoicesFor = (customerTypeCode: string): DepositChoice[] =>
  customerTypeCode === 'Residential' ? ['PayNow', 'PayLater'] : ['PayNow', 'PayLater', 'LetterOfCredit'];

/**
 * Step 3: the credit check, with the customer's consent, against the plan's thresholds: no deposit, a deposit to pay
 * now, later or by letter of credit, or no service. Where the plan allows it, the customer may skip the check and
 * pay a deposit instead.
 */
export function CreditStep({
  wizard,
  plan,
  customerTypeCode,
  onBack,
  onDone,
}: {
  wizard: Wizard;
  plan: Plan;
  customerTypeCode: string;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('enrollment');
  const brand = useBrand();
  const { state, update, secrets } = wizard;
  const credit = state.credit;
  const fields = state.customer.fields;
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [ssn, setSsn] = useState(secrets.socialSecurityNumber);
  const rules = plan.general_rules;
  const needsSsnAgain = !fields.dateOfBirth && !secrets.socialSecurityNumber;
  const setCredit = (changes: Partial<typeof credit>) =>
    update((s) => ({ ...s, credit: { ...s.credit, ...changes } }));

  const check = useMutation({
    mutationFn: async () => {
      const address = state.service.address;
      return dataOf(
        await api.POST('/api/v1/payments/credit-check', {
          body: {
            firstName: fields.firstName ?? '',
            lastName: fields.lastName ?? '',
            ...streetParts(address.address ?? ''),
            city: address.city ?? '',
            state: address.state ?? '',
            zipCode: address.zipcode ?? '',
            socialSecurityNumber: ssn.replace(/\D/g, '') || undefined,
            dateOfBirth: fields.dateOfBirth || undefined,
            planId: plan.id_plan,
          },
        }),
      );
    },
    onSuccess: (result) => {
      if (result.error_msg) return;
      setCredit({
        checkId: result.id_credit_check,
        depositRequired: result.deposit_required,
        denied: result.deny_service,
        bypass: false,
        depositChoice: result.deposit_required ? 'PayLater' : null,
      });
    },
    onError: (error) => {
      if (isApiFailure(error)) setProblem(Object.values(problemsFromApi(error.errors))[0] ?? null);
    },
  });

  const run = () => {
    setProblem(null);
    if (!consent) return setProblem(t('credit.agreeRequired'));
    if (!ssn && !fields.dateOfBirth) return setProblem(t('credit.needsSsnOrDob'));
    secrets.socialSecurityNumber = ssn;
    check.mutate();
  };
  const bypass = (on: boolean) =>
    setCredit({
      bypass: on,
      checkId: null,
      depositRequired: on,
      denied: false,
      depositChoice: on ? 'PayLater' : null,
    });
  const deposit = rules.required_deposit_fee ? money(rules.required_deposit_fee) : null;
  const decided = credit.bypass || (credit.checkId !== null && !credit.denied);

  return (
    <Stack gap="md">
      <Title order={2}>{t('credit.title')}</Title>
      {!credit.bypass && credit.checkId === null && (
        <Stack gap="sm">
          <Text>{t('credit.consent', { company: brand.legal_name })}</Text>
          {needsSsnAgain && (
            <PasswordInput
              label={t('fields.socialSecurityNumber')}
              description={t('credit.ssnAgain')}
              inputMode="numeric"
              maxLength={11}
              value={ssn}
              onChange={(event) => setSsn(event.currentTarget.value)}
            />
          )}
          <Checkbox
            label={t('credit.agree')}
            checked={consent}
            onChange={(event) => setConsent(event.currentTarget.checked)}
          />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          {check.data?.error_msg && (
            <Alert color="yellow" role="alert">
              {t('credit.bureauDown')}
            </Alert>
          )}
          {check.isError && !problem && (
            <Alert color="red" role="alert">
              {messageOf(check.error)}
            </Alert>
          )}
          <Group>
            <Button onClick={run} loading={check.isPending}>
              {t('credit.run')}
            </Button>
          </Group>
        </Stack>
      )}
      {credit.checkId !== null && !credit.depositRequired && !credit.denied && (
        <Alert color="green">{t('credit.approved')}</Alert>
      )}
      {credit.denied && (
        <Alert color="red" role="alert">
          {t('credit.denied')}
        </Alert>
      )}
      {rules.allow_bypass_credit_check && credit.checkId === null && (
        <Checkbox
          label={t('credit.bypass')}
          checked={credit.bypass}
          onChange={(event) => bypass(event.currentTarget.checked)}
        />
      )}
      {decided && credit.depositRequired && (
        <Stack gap="xs">
          <Alert color="yellow">
            {deposit ? t('credit.depositRequired', { amount: deposit }) : t('credit.depositRequiredNoAmount')}
          </Alert>
          <Radio.Group
            label={t('credit.depositChoice')}
            value={credit.depositChoice ?? ''}
            onChange={(value) => setCredit({ depositChoice: value as DepositChoice })}
          >
            <Stack gap="xs" mt="xs">
              {depositChoicesFor(customerTypeCode).map((choice) => (
                <Radio key={choice} value={choice} label={t(`credit.depositChoices.${choice}`)} />
              ))}
            </Stack>
          </Radio.Group>
        </Stack>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('common:back')}
        </Button>
        <Button onClick={onDone} disabled={!decided || (credit.depositRequired && !credit.depositChoice)}>
          {t('common:continue')}
        </Button>
      </Group>
    </Stack>
  );
}
