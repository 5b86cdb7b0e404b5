import {
  Alert,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, dataOf } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { LANGUAGE_IDS, LANGUAGES } from '../../lib/i18n';
import {
  checkFields,
  type FieldProblems,
  type FieldRule,
  fieldValues,
  problemsFromApi,
  RuleField,
  shownFields,
} from './fields';
import { contactMethodsQuery } from './queries';
import { type FieldValues, SECRET_FIELDS, type Wizard } from './wizard-state';

const isSecret = (name: string) => (SECRET_FIELDS as readonly string[]).includes(name);

/** Step 2: the customer fields the plan asks for, the login of their online account, and how to reach them. */
export function CustomerStep({
  wizard,
  planId,
  customerRules,
  signedIn,
  onBack,
  onDone,
}: {
  wizard: Wizard;
  planId: number;
  customerRules: FieldRule[];
  /** A signed-in customer enrolls under their own account: no new login. */
  signedIn: boolean;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('enrollment');
  const { state, update, secrets } = wizard;
  const customer = state.customer;
  const [problems, setProblems] = useState<FieldProblems>({});
  const [, rerender] = useState(0);
  const contactMethods = useQuery(contactMethodsQuery).data ?? [];
  const values: FieldValues = { ...customer.fields, socialSecurityNumber: secrets.socialSecurityNumber };
  const setField = (name: string, value: string) => {
    if (isSecret(name)) {
      secrets.socialSecurityNumber = value;
      rerender((n) => n + 1);
      return;
    }
    update((s) => ({ ...s, customer: { ...s.customer, fields: { ...s.customer.fields, [name]: value } } }));
  };
  const setCustomer = (changes: Partial<typeof customer>) =>
    update((s) => ({ ...s, customer: { ...s.customer, ...changes } }));
  const words = {
    required: t('check.required'),
    invalid: t('check.invalid'),
    length: (length: number) => t('check.length', { length }),
  };

  const verify = useMutation({
    mutationFn: async (): Promise<FieldProblems> => {
      const fields = dataOf(
        await api.GET('/api/v1/customers/validate-customer-fields', {
          params: {
            query: { idPlan: planId, customerFields: JSON.stringify(fieldValues(customerRules, values)) },
          },
        }),
      );
      const login = signedIn
        ? { errors: [] }
        : dataOf(
            await api.GET('/api/v1/customers/validate-new-customer', {
              params: { query: { username: customer.username, email: values.email ?? '' } },
            }),
          );
      return problemsFromApi([...fields.errors, ...login.errors].map((error) => error.message));
    },
  });

  const next = async () => {
    const found = checkFields(customerRules, values, words);
    if (!signedIn) {
      if (!customer.username.trim()) found.username = words.required;
      if (secrets.password.length < 10) found.password = t('customer.passwordHint');
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const fromApi = await verify.mutateAsync();
    setProblems(fromApi);
    if (Object.keys(fromApi).length === 0) onDone();
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('customer.title')}</Title>
      {Object.keys(problems).length > 0 && (
        <Alert color="red" role="alert">
          {t('check.fixBelow')}
        </Alert>
      )}
      {shownFields(customerRules).map((rule) => (
        <RuleField
          key={rule.fieldName}
          rule={rule}
          value={values[rule.fieldName] ?? ''}
          problem={problems[rule.fieldName]}
          onChange={(value) => setField(rule.fieldName, value)}
        />
      ))}
      <Select
        label={t('customer.language')}
        allowDeselect={false}
        value={String(customer.languageId)}
        onChange={(value) => setCustomer({ languageId: Number(value) })}
        data={LANGUAGES.map((language) => ({
          value: String(LANGUAGE_IDS[language]),
          label: t(`common:language.${language}`),
        }))}
      />
      {contactMethods.length > 0 && (
        <Select
          label={t('customer.contact')}
          clearable
          value={customer.preferedContact ? String(customer.preferedContact) : null}
          onChange={(value) => setCustomer({ preferedContact: value ? Number(value) : null })}
          data={contactMethods.map((method) => ({
            value: String(method.id_method_contact),
            label: method.name,
          }))}
        />
      )}
      <Checkbox
        label={t('customer.marketing')}
        checked={customer.suscribeMarketingComms}
        onChange={(event) => setCustomer({ suscribeMarketingComms: event.currentTarget.checked })}
      />
      {!signedIn && (
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('customer.loginTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('customer.loginHint')}
          </Text>
          <TextInput
            label={t('customer.username')}
            required
            autoComplete="username"
            value={customer.username}
            error={problems.username}
            onChange={(event) => setCustomer({ username: event.currentTarget.value })}
          />
          <PasswordInput
            label={t('customer.password')}
            description={t('customer.passwordHint')}
            required
            autoComplete="new-password"
            value={secrets.password}
            error={problems.password}
            onChange={(event) => {
              secrets.password = event.currentTarget.value;
              rerender((n) => n + 1);
            }}
          />
        </Stack>
      )}
      {verify.isError && (
        <Alert color="red" role="alert">
          {messageOf(verify.error)}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('common:back')}
        </Button>
        <Button onClick={next} loading={verify.isPending}>
          {t('common:continue')}
        </Button>
      </Group>
    </Stack>
  );
}
