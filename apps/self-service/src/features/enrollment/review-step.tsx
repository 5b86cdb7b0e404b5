import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  PasswordInput,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type BodyOf, dataOf, isApiFailure } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { calendarDate } from '../../lib/format';
import type { Plan } from '../shopping/plan-facts';
import { type FieldRule, fieldValues, problemsFromApi } from './fields';
import type { Wizard } from './wizard-state';

type CreateBody = BodyOf<'/api/v1/enrollments/create', 'post'>;
export type Created = Awaited<ReturnType<typeof createEnrollment>>;

const ADDRESS_FIELDS = [
  'address',
  'address2',
  'city',
  'county',
  'state',
  'zipcode',
  'meter_number',
  'ldcAccount',
];
const pick = (values: Record<string, string>, names: string[]) =>
  Object.fromEntries(names.filter((name) => values[name]).map((name) => [name, values[name]]));

/** The enrollment request from the wizard's answers: the API decides everything else (status, deposit, holds). */
function createBody(
  wizard: Wizard,
  plan: Plan,
  customerTypeCode: string,
  customerRules: FieldRule[],
  signedInCustomerId: number | null,
  promoCode: string | undefined,
): CreateBody {
  const { state, secrets } = wizard;
  const { service, customer, credit, review } = state;
  const fields = fieldValues(customerRules, {
    ...customer.fields,
    socialSecurityNumber: secrets.socialSecurityNumber,
  });
  return {
    planId: plan.id_plan,
    commodityName: plan.commodity_name as CreateBody['commodityName'],
    customerType: customerTypeCode as CreateBody['customerType'],
    switchType: service.switchType as CreateBody['switchType'],
    priority: service.switchType === 'Move-In' ? service.priority : undefined,
    requestedStartDate: service.requestedStartDate,
    salesChannel: 'Web',
    promoCode,
    agreedAcceptanceValues: review.agreed,
    billingDeliveryMethod: review.billingDeliveryMethod,
    criticalCareResidentialCustomer: service.criticalCare || undefined,
    serviceAddress: {
      ...(pick(service.address, ADDRESS_FIELDS) as CreateBody['serviceAddress']),
      ldcAccount: (service.address.ldcAccount ?? '').replace(/\D/g, ''),
    },
    billingAddress: service.billingSameAsService
      ? undefined
      : (pick(service.billingAddress, ADDRESS_FIELDS) as CreateBody['billingAddress']),
    customer: {
      ...fields,
      ...(signedInCustomerId
        ? { idCustomer: signedInCustomerId }
        : { username: customer.username.trim(), password: secrets.password }),
      languageId: customer.languageId,
      preferedContact: customer.preferedContact ?? undefined,
      suscribeMarketingComms: customer.suscribeMarketingComms,
    },
    payment: {
      creditCheckId: credit.checkId ?? undefined,
      bypassCreditCheck: credit.bypass || undefined,
      // "Pay now" is paid on the hosted payment page right after enrolling: until then the deposit waits, as for later.
      depositOptions: credit.depositRequired
        ? credit.depositChoice === 'LetterOfCredit'
          ? 'LetterOfCredit'
          : 'PayLater'
        : undefined,
      acceptRecurringBilling: review.acceptRecurringBilling,
    },
  };
}

async function createEnrollment(body: CreateBody, idempotencyKey: string) {
  return dataOf(
    await api.POST('/api/v1/enrollments/create', { body, headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

/** Step 4: what the customer is signing up for, how bills come and are paid, the plan's agreements, then the enrollment. */
export function ReviewStep({
  wizard,
  plan,
  customerTypeCode,
  customerRules,
  signedInCustomerId,
  promoCode,
  onBack,
  onCreated,
}: {
  wizard: Wizard;
  plan: Plan;
  customerTypeCode: string;
  customerRules: FieldRule[];
  signedInCustomerId: number | null;
  promoCode: string | undefined;
  onBack: () => void;
  onCreated: (created: Created) => void;
}) {
  const { t } = useTranslation('enrollment');
  const { state, update, secrets } = wizard;
  const review = state.review;
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [password, setPassword] = useState(secrets.password);
  const setReview = (changes: Partial<typeof review>) =>
    update((s) => ({ ...s, review: { ...s.review, ...changes } }));
  const passwordLost = !signedInCustomerId && !secrets.password;
  const create = useMutation({
    mutationFn: () =>
      createEnrollment(
        createBody(wizard, plan, customerTypeCode, customerRules, signedInCustomerId, promoCode),
        state.idempotencyKey,
      ),
    onSuccess: onCreated,
    onError: (error) => {
      if (isApiFailure(error)) setProblems(problemsFromApi(error.errors));
    },
  });
  const submit = () => {
    const missing = plan.acceptance_options.filter(
      (option) => option.is_required && !review.agreed.includes(option.id_option),
    );
    const found: Record<string, string> = Object.fromEntries(
      missing.map((option) => [`option-${option.id_option}`, t('review.mustAgree')]),
    );
    if (plan.recurring_billing_required && !review.acceptRecurringBilling)
      found.autopay = t('review.mustAgree');
    if (passwordLost && password.length < 10) found.password = t('customer.passwordHint');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (passwordLost) secrets.password = password;
    create.mutate();
  };
  const agree = (id: number, on: boolean) => {
    setReview({ agreed: on ? [...review.agreed, id] : review.agreed.filter((agreed) => agreed !== id) });
    if (on) setProblems(({ [`option-${id}`]: _answered, ...others }) => others);
  };
  const address = state.service.address;
  const documents = plan.plan_documents.filter((document) => document.display_in_summary);
  const failureCode = isApiFailure(create.error) ? create.error.code : null;

  return (
    <Stack gap="md">
      <Title order={2}>{t('review.title')}</Title>
      <List spacing={4}>
        <List.Item>
          {t('review.plan')}: <strong>{plan.name}</strong>
        </List.Item>
        <List.Item>
          {t('review.serviceAt')}:{' '}
          {[address.address, address.address2, address.city, address.state, address.zipcode]
            .filter(Boolean)
            .join(', ')}{' '}
          ({address.ldcAccount})
        </List.Item>
        <List.Item>
          {t('review.startOn')}: {calendarDate(state.service.requestedStartDate)}
        </List.Item>
      </List>
      <Radio.Group
        label={t('review.delivery')}
        value={String(review.billingDeliveryMethod)}
        onChange={(value) => setReview({ billingDeliveryMethod: Number(value) })}
      >
        <Stack gap="xs" mt="xs">
          {[1, 2, 3].map((method) => (
            <Radio key={method} value={String(method)} label={t(`review.deliveryMethods.${method}`)} />
          ))}
        </Stack>
      </Radio.Group>
      <Checkbox
        label={t('review.autopay')}
        description={plan.recurring_billing_required ? t('review.autopayRequired') : undefined}
        checked={review.acceptRecurringBilling}
        error={problems.autopay}
        onChange={(event) => setReview({ acceptRecurringBilling: event.currentTarget.checked })}
      />
      {documents.length > 0 && (
        <Stack gap={4}>
          <Text fw={600}>{t('review.documents')}</Text>
          {documents.map((document) => (
            <Anchor key={document.id_plan_document} href={document.url} target="_blank">
              {document.name}
            </Anchor>
          ))}
        </Stack>
      )}
      <Stack gap="xs">
        <Text fw={600}>{t('review.agreeTitle')}</Text>
        {plan.acceptance_options.map((option) => (
          <Checkbox
            key={option.id_option}
            label={option.text}
            required={option.is_required}
            checked={review.agreed.includes(option.id_option)}
            error={problems[`option-${option.id_option}`]}
            onChange={(event) => agree(option.id_option, event.currentTarget.checked)}
          />
        ))}
      </Stack>
      {passwordLost && (
        <PasswordInput
          label={t('customer.password')}
          description={t('customer.passwordAgain')}
          autoComplete="new-password"
          value={password}
          error={problems.password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
      )}
      {create.isError && (
        <Alert color="red" role="alert">
          {failureCode && t(`errors.${failureCode}`, { defaultValue: '' })
            ? t(`errors.${failureCode}`)
            : messageOf(create.error)}
          {isApiFailure(create.error) && create.error.errors.length > 0 && (
            <List size="sm" mt="xs">
              {create.error.errors.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('common:back')}
        </Button>
        <Button onClick={submit} loading={create.isPending} size="md">
          {t('review.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
