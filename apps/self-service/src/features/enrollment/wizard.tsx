import { Alert, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { PageLoader } from '../../app/routes';
import { messageOf } from '../../lib/errors';
import { useLanguageId } from '../../lib/i18n';
import { sessionQuery, useSession } from '../../lib/session';
import { customerTypesQuery, planQuery } from '../shopping/queries';
import { CreditStep } from './credit-step';
import { CustomerStep } from './customer-step';
import type { FieldRule } from './fields';
import { addressFieldsQuery, customerFieldsQuery } from './queries';
import { type Created, ReviewStep } from './review-step';
import { ServiceStep } from './service-step';
import { STEPS, type Step, useWizardState, type Wizard as WizardState } from './wizard-state';
import './messages';

/** The address fields' defaults (the state, the utility's meter number prefix) and the zip code the shopper searched. */
function seedAddress(wizard: WizardState, rules: FieldRule[], zip: string | null) {
  if (Object.keys(wizard.state.service.address).length > 0) return;
  const address: Record<string, string> = {};
  for (const rule of rules) if (rule.defaultValue) address[rule.fieldName] = rule.defaultValue;
  if (zip) address.zipcode = zip;
  wizard.update((s) => ({ ...s, service: { ...s.service, address } }));
}

/**
 * The enrollment wizard, driven by the plan's own rules: the fields it asks for, its validation calls, its credit
 * check thresholds and its agreements. Its answers survive a reload (wizard-state.ts).
 */
export default function Wizard({ planId }: { planId: number }) {
  const { t } = useTranslation('enrollment');
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const wizard = useWizardState(planId);
  const languageId = useLanguageId();
  const queryClient = useQueryClient();
  const session = useSession().data;
  const [plan, customerTypes, customerRules, addressRules] = useQueries({
    queries: [
      planQuery(planId, languageId),
      customerTypesQuery,
      customerFieldsQuery(planId),
      addressFieldsQuery(planId),
    ],
  });
  useEffect(() => {
    if (addressRules.data) seedAddress(wizard, addressRules.data, params.get('zip'));
  }, [addressRules.data, wizard, params]);
  const failed = [plan, customerTypes, customerRules, addressRules].find((query) => query.isError);
  if (failed) return <Alert color="red">{messageOf(failed.error)}</Alert>;
  if (!plan.data || !customerTypes.data || !customerRules.data || !addressRules.data) return <PageLoader />;

  const shown = plan.data;
  const customerTypeCode =
    customerTypes.data.find((type) => type.id_customer_type === shown.id_customer_type)?.code ??
    'Residential';
  const steps = STEPS.filter(
    (step) =>
      step !== 'credit' ||
      shown.general_rules.required_credit_check ||
      shown.general_rules.allow_bypass_credit_check,
  );
  const current = Math.max(0, steps.indexOf(wizard.state.step));
  const goTo = (step: Step) => {
    wizard.update((s) => ({ ...s, step }));
    window.scrollTo({ top: 0 });
  };
  const next = () => goTo(steps[current + 1] ?? 'review');
  const back = () => goTo(steps[current - 1] ?? 'service');
  const created = (enrollment: Created) => {
    const choice = wizard.state.credit.depositChoice;
    wizard.finish();
    // Enrolling signed the new customer in with the login they made (the site's server did): the header follows.
    queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    navigate(
      `/enrollments/${enrollment.enrollmentId}/thank-you?${new URLSearchParams({ plan: String(planId), ...(choice ? { deposit: choice } : {}) })}`,
    );
  };
  const common = { wizard, plan: shown, customerTypeCode };

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('title', { plan: shown.name })}</Title>
      <Text hiddenFrom="sm" fw={600}>
        {t('stepOf', { current: current + 1, total: steps.length })} ·{' '}
        {t(`steps.${steps[current] ?? 'service'}`)}
      </Text>
      <Stepper
        visibleFrom="sm"
        active={current}
        size="sm"
        allowNextStepsSelect={false}
        onStepClick={(index) => goTo(steps[index] ?? 'service')}
      >
        {steps.map((step) => (
          <Stepper.Step key={step} label={t(`steps.${step}`)} aria-label={t(`steps.${step}`)} />
        ))}
      </Stepper>
      {wizard.state.step === 'service' && (
        <ServiceStep {...common} addressRules={addressRules.data} onDone={next} />
      )}
      {wizard.state.step === 'customer' && (
        <CustomerStep
          wizard={wizard}
          planId={planId}
          customerRules={customerRules.data}
          signedIn={Boolean(session?.customerId)}
          onBack={back}
          onDone={next}
        />
      )}
      {wizard.state.step === 'credit' && <CreditStep {...common} onBack={back} onDone={next} />}
      {wizard.state.step === 'review' && (
        <ReviewStep
          {...common}
          customerRules={customerRules.data}
          signedInCustomerId={session?.customerId ?? null}
          promoCode={params.get('promo') ?? undefined}
          onBack={back}
          onCreated={created}
        />
      )}
    </Stack>
  );
}
