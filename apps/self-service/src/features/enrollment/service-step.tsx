import { Alert, Button, Checkbox, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PremiseFinder } from '../../components/premises/premise-finder';
import { api, dataOf } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import type { Plan } from '../shopping/plan-facts';
import { checkFields, type FieldProblems, type FieldRule, RuleField, shownFields } from './fields';
import { utilityInformationQuery } from './queries';
import { StartDateField } from './start-date-field';
import type { Wizard } from './wizard-state';

const BILLING_ONLY_SKIPPED = new Set(['ldcAccount', 'meter_number']);

/** Step 1: the service address with its meter number (the ESIID in Texas), the kind of switch and the start date. */
export function ServiceStep({
  wizard,
  plan,
  addressRules,
  customerTypeCode,
  onDone,
}: {
  wizard: Wizard;
  plan: Plan;
  addressRules: FieldRule[];
  customerTypeCode: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('enrollment');
  const { state, update } = wizard;
  const service = state.service;
  const utility = useQuery(utilityInformationQuery(plan.id_utility)).data;
  const [problems, setProblems] = useState<FieldProblems>({});
  const words = {
    required: t('check.required'),
    invalid: t('check.invalid'),
    length: (length: number) => t('check.length', { length }),
  };
  const billingRules = addressRules.filter((rule) => !BILLING_ONLY_SKIPPED.has(rule.fieldName));
  const setAddress = (name: string, value: string) =>
    update((s) => ({ ...s, service: { ...s.service, address: { ...s.service.address, [name]: value } } }));
  const setBilling = (name: string, value: string) =>
    update((s) => ({
      ...s,
      service: { ...s.service, billingAddress: { ...s.service.billingAddress, [name]: value } },
    }));
  const setService = (changes: Partial<typeof service>) =>
    update((s) => ({ ...s, service: { ...s.service, ...changes } }));

  const verify = useMutation({
    mutationFn: async () => {
      const ldcAccount = (service.address.ldcAccount ?? '').replace(/\D/g, '');
      const checked = dataOf(
        await api.GET('/api/v1/miscellaneous/validate-address-fields', {
          params: { query: { address: ldcAccount, planId: plan.id_plan, fieldType: 'ldc_account_number' } },
        }),
      );
      if (!checked.is_valid)
        return { ldcAccount: checked.errors.map((e) => e.message).join(' ') } as FieldProblems;
      if (!utility?.is_tx_market) return {};
      const premise = dataOf(
        await api.GET('/api/v1/miscellaneous/validate-esiid-address', {
          params: {
            query: {
              esiidNumber: ldcAccount,
              addressint: [service.address.address, service.address.address2].filter(Boolean).join(' '),
              customerTypeId: plan.id_customer_type,
            },
          },
        }),
      );
      return premise.is_valid ? {} : { ldcAccount: premise.errors.map((e) => e.message).join(' ') };
    },
  });

  const next = async () => {
    const found = {
      ...checkFields(addressRules, service.address, words),
      ...(service.billingSameAsService
        ? {}
        : Object.fromEntries(
            Object.entries(checkFields(billingRules, service.billingAddress, words)).map(([k, v]) => [
              `billing.${k}`,
              v,
            ]),
          )),
      ...(service.switchType ? {} : { switchType: words.required }),
      ...(service.requestedStartDate ? {} : { requestedStartDate: words.required }),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const fromApi = await verify.mutateAsync();
    setProblems(fromApi);
    if (Object.keys(fromApi).length === 0) onDone();
  };

  const ldcLabel = utility?.ldc_Label ?? t('fields.ldcAccount');
  return (
    <Stack gap="md">
      <Title order={2}>{t('service.title')}</Title>
      {Object.keys(problems).length > 0 && (
        <Alert color="red" role="alert">
          {t('check.fixBelow')}
        </Alert>
      )}
      {shownFields(addressRules)
        .filter((rule) => rule.fieldName !== 'ldcAccount')
        .map((rule) => (
          <RuleField
            key={rule.fieldName}
            rule={rule}
            value={service.address[rule.fieldName] ?? rule.defaultValue ?? ''}
            problem={problems[rule.fieldName]}
            onChange={(value) => setAddress(rule.fieldName, value)}
          />
        ))}
      {utility?.is_tx_market && (
        <PremiseFinder
          address={service.address}
          customerTypeCode={customerTypeCode}
          label={ldcLabel}
          onChoose={(esiid) => setAddress('ldcAccount', esiid)}
        />
      )}
      {addressRules
        .filter((rule) => rule.fieldName === 'ldcAccount')
        .map((rule) => (
          <Stack key={rule.fieldName} gap={4}>
            <RuleField
              rule={{ ...rule }}
              value={service.address.ldcAccount ?? ''}
              problem={problems.ldcAccount}
              onChange={(value) => setAddress('ldcAccount', value)}
            />
            {utility && (
              <Text size="xs" c="dimmed">
                {ldcLabel} — {t('service.sampleBill', { hint: utility.sample_bill_label })}
              </Text>
            )}
          </Stack>
        ))}
      {utility && (
        <Radio.Group
          label={t('service.switchType')}
          required
          value={service.switchType}
          error={problems.switchType}
          onChange={(switchType) => setService({ switchType, requestedStartDate: '' })}
        >
          <Stack gap="xs" mt="xs">
            {utility.switch_types.map((type) => (
              <Radio
                key={type}
                value={type}
                label={t(`service.switchTypes.${type}`, { defaultValue: type })}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {service.switchType === 'Move-In' && (
        <Checkbox
          label={t('service.priority')}
          checked={service.priority === 'Priority'}
          onChange={(event) =>
            setService({
              priority: event.currentTarget.checked ? 'Priority' : 'Standard',
              requestedStartDate: '',
            })
          }
        />
      )}
      {service.switchType && (
        <StartDateField
          planId={plan.id_plan}
          switchType={service.switchType}
          priority={service.priority}
          value={service.requestedStartDate}
          problem={problems.requestedStartDate}
          onChange={(requestedStartDate) => setService({ requestedStartDate })}
        />
      )}
      {plan.general_rules.show_critical_care && (
        <Checkbox
          label={t('service.criticalCare')}
          checked={service.criticalCare}
          onChange={(event) => setService({ criticalCare: event.currentTarget.checked })}
        />
      )}
      <Checkbox
        label={t('service.billingSame')}
        checked={service.billingSameAsService}
        onChange={(event) => setService({ billingSameAsService: event.currentTarget.checked })}
      />
      {!service.billingSameAsService && (
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('service.billingTitle')}
          </Title>
          {shownFields(billingRules).map((rule) => (
            <RuleField
              key={rule.fieldName}
              rule={rule}
              value={service.billingAddress[rule.fieldName] ?? ''}
              problem={problems[`billing.${rule.fieldName}`]}
              onChange={(value) => setBilling(rule.fieldName, value)}
            />
          ))}
        </Stack>
      )}
      {verify.isError && (
        <Alert color="red" role="alert">
          {messageOf(verify.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={next} loading={verify.isPending}>
          {t('common:continue')}
        </Button>
      </Group>
    </Stack>
  );
}
