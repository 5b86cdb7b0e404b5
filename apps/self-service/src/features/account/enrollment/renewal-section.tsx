import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { QueryState } from '../../../components/query-state';
import { api, dataOf } from '../../../lib/api';
import { calendarDate, cents, money, number } from '../../../lib/format';
import { useLanguageId } from '../../../lib/i18n';
import { eflAverages, type Plan } from '../../shopping/plan-facts';
import { plansQuery } from '../../shopping/queries';
import { enrollmentsQuery } from '../queries';
import { addDays, newActionKey, problemOf, Section, statusWords } from './parts';
import { type Enrollment, enrollmentQuery, type PlanDetails } from './queries';

/**
 * The renewal of this enrollment waiting to start, if any: the customer's enrollments list it beside this one, at the
 * same meter (null when there is none).
 */
export function usePendingRenewal(customerId: number, enrollment: Enrollment) {
  return useQuery({
    ...enrollmentsQuery(customerId),
    select: (enrollments) =>
      enrollments.find(
        (other) =>
          other.status === 'RENEWAL_PENDING' &&
          other.id_enrollment !== enrollment.id_enrollment &&
          other.service_address.ldc_account === enrollment.service_address.ldc_account,
      ) ?? null,
  });
}

/**
 * Renewal: while the enrollment is renewable, the plans on sale for its utility and customer type that take renewals,
 * each with its EFL; the customer picks one, agrees to its terms and renews. A renewal waiting to start is shown
 * instead (the customer's enrollments list it beside this one, at the same meter).
 */
export function RenewalSection({
  customerId,
  enrollment,
  plan,
}: {
  customerId: number;
  enrollment: Enrollment;
  plan: PlanDetails;
}) {
  const { t } = useTranslation('enrollmentPage');
  const pending = usePendingRenewal(customerId, enrollment);
  const [renewedId, setRenewedId] = useState<number | null>(null);
  const renewalId = renewedId ?? pending.data?.id_enrollment;
  if (renewalId !== undefined)
    return (
      <Section title={t('renewal.scheduled')}>
        <ScheduledRenewal renewalId={renewalId} />
      </Section>
    );
  if (!enrollment.showRenewable || !enrollment.contract_end_date || !pending.isSuccess) return null;
  return (
    <Section title={t('renewal.title')}>
      <Text size="sm">
        {t('renewal.intro', {
          end: calendarDate(enrollment.contract_end_date),
          start: calendarDate(addDays(enrollment.contract_end_date, 1)),
        })}
      </Text>
      <RenewalOffers enrollment={enrollment} plan={plan} onRenewed={setRenewedId} />
    </Section>
  );
}

function RenewalOffers({
  enrollment,
  plan,
  onRenewed,
}: {
  enrollment: Enrollment;
  plan: PlanDetails;
  onRenewed: (renewalId: number) => void;
}) {
  const { t } = useTranslation('enrollmentPage');
  const queryClient = useQueryClient();
  const offered = useQuery(
    plansQuery(enrollment.id_utility, plan.id_customer_type, undefined, useLanguageId()),
  );
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [agreed, setAgreed] = useState<number[]>([]);
  const [missing, setMissing] = useState<number[]>([]);
  const renew = useMutation({
    mutationFn: async (renewal: { planId: number; agreed: number[]; key: string }) =>
      dataOf(
        await api.POST('/api/v1/enrollments/{enrollmentId}/renewal', {
          params: { path: { enrollmentId: enrollment.id_enrollment } },
          body: { planId: renewal.planId, agreedAcceptanceValues: renewal.agreed },
          headers: { 'Idempotency-Key': renewal.key },
        }),
      ),
    onSuccess: (result) => {
      onRenewed(result.enrollmentId);
      return queryClient.invalidateQueries({ queryKey: ['account', 'enrollments'] });
    },
  });
  return (
    <QueryState query={offered}>
      {(plans) => {
        const renewable = plans.filter((offer) => !offer.not_able_renewals);
        if (renewable.length === 0) return <Text size="sm">{t('renewal.noPlans')}</Text>;
        const chosen = renewable.find((offer) => offer.id_plan === chosenId);
        const submit = () => {
          if (!chosen) return;
          const required = chosen.acceptance_options.filter(
            (o) => o.is_required && !agreed.includes(o.id_option),
          );
          setMissing(required.map((o) => o.id_option));
          if (required.length === 0) renew.mutate({ planId: chosen.id_plan, agreed, key: newActionKey() });
        };
        return (
          <Stack gap="sm">
            <Radio.Group
              label={t('renewal.choose')}
              value={chosenId === null ? null : String(chosenId)}
              onChange={(value) => {
                setChosenId(Number(value));
                setAgreed([]);
                setMissing([]);
              }}
            >
              <Stack gap="xs" mt="xs">
                {renewable.map((offer) => (
                  <RenewalOffer
                    key={offer.id_plan}
                    offer={offer}
                    current={offer.id_plan === enrollment.id_plan}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {chosen && chosen.acceptance_options.length > 0 && (
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {t('renewal.agreeTitle')}
                </Title>
                {chosen.acceptance_options.map((option) => (
                  <Checkbox
                    key={option.id_option}
                    label={option.text}
                    required={option.is_required}
                    checked={agreed.includes(option.id_option)}
                    error={missing.includes(option.id_option) ? t('renewal.mustAgree') : undefined}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setAgreed((list) =>
                        checked ? [...list, option.id_option] : list.filter((id) => id !== option.id_option),
                      );
                    }}
                  />
                ))}
              </Stack>
            )}
            {chosen && (
              <Button
                onClick={submit}
                loading={renew.isPending}
                w={{ base: '100%', sm: 'auto' }}
                h="auto"
                py="xs"
                styles={{ label: { whiteSpace: 'normal' } }}
              >
                {t('renewal.submit', { plan: chosen.name })}
              </Button>
            )}
            {renew.isError && (
              <Alert color="red" role="alert">
                {problemOf(renew.error)}
              </Alert>
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}

/** One plan offered: its EFL averages, term and fee, and its Electricity Facts Label to open. */
function RenewalOffer({ offer, current }: { offer: Plan; current: boolean }) {
  const { t } = useTranslation('enrollmentPage');
  const efl = offer.plan_documents.find((document) => document.doc_type === 'EFL');
  const decimals = offer.decimal_places_to_show ?? 1;
  return (
    <Paper withBorder p="sm">
      <Stack gap={6}>
        <Radio
          value={String(offer.id_plan)}
          label={
            <Group gap="xs" component="span">
              <span>{offer.name}</span>
              {current && (
                <Badge variant="light" size="sm" component="span">
                  {t('renewal.current')}
                </Badge>
              )}
            </Group>
          }
        />
        <Text size="sm" c="dimmed">
          {t('renewal.averagePrice')}:{' '}
          {eflAverages(offer)
            .map((row) => t('renewal.at', { price: cents(row.price, decimals), usage: number(row.usage) }))
            .join(' · ')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('renewal.term')}:{' '}
          {offer.term <= 1 ? t('summary.monthToMonth') : t('summary.termMonths', { count: offer.term })} ·{' '}
          {t('renewal.etf')}:{' '}
          {offer.cancellation_fee > 0 ? money(offer.cancellation_fee) : t('renewal.noEtf')}
        </Text>
        {efl && (
          <Anchor
            href={efl.url}
            target="_blank"
            rel="noopener"
            size="sm"
            aria-label={t('renewal.efl', { plan: offer.name })}
          >
            {t('renewal.eflShort')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/** The renewal waiting to start: its plan, its start date and where it stands. */
function ScheduledRenewal({ renewalId }: { renewalId: number }) {
  const { t } = useTranslation('enrollmentPage');
  const renewal = useQuery(enrollmentQuery(renewalId));
  return (
    <QueryState query={renewal}>
      {(shown) => (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('renewal.scheduledText', {
              plan: shown.plans[0]?.name ?? '',
              date: calendarDate(shown.requested_start_date),
            })}
          </Text>
          <Text size="sm">
            {t('summary.status')}: {statusWords(shown.enrollment_statuses[0] ?? { name: shown.status })}
          </Text>
          <Anchor component={Link} href={`/enrollments/${renewalId}`} size="sm">
            {t('renewal.view')}
          </Anchor>
        </Stack>
      )}
    </QueryState>
  );
}
