import { Alert, Button, Checkbox, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DROP_REASONS } from '../../../generated/drop-reasons';
import { api, type DataOf, dataOf, isApiFailure } from '../../../lib/api';
import { calendarDate, money } from '../../../lib/format';
import { newActionKey, problemOf, Section, today } from './parts';
import { customerTypeQuery, type Enrollment, hasEnded, type PlanDetails } from './queries';

type DropResult = DataOf<'/api/v1/enrollments/{enrollmentId}/drop', 'post'>;
type ReasonId = (typeof DROP_REASONS)[number]['id'];

/**
 * Cancelling service (a drop; before service starts, a cancellation). The early termination fee comes first: the API
 * decides it only when the drop is made (the utility's fee-free days before the contract ends are not published), so
 * the page states the plan's fee and its rule beforehand, then the fee the drop actually queued.
 */
export function CancelSection({ enrollment, plan }: { enrollment: Enrollment; plan: PlanDetails }) {
  const { t } = useTranslation('enrollmentPage');
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<{ answer: DropResult; date: string } | null>(null);
  if (!result && hasEnded(enrollment)) return null;
  return (
    <Section title={t('cancel.title')}>
      {result ? (
        <DropOutcome result={result.answer} date={result.date} />
      ) : open ? (
        <CancelForm enrollment={enrollment} plan={plan} onKeep={() => setOpen(false)} onDropped={setResult} />
      ) : (
        <Button variant="outline" color="red.9" w="fit-content" onClick={() => setOpen(true)}>
          {t('cancel.start')}
        </Button>
      )}
    </Section>
  );
}

/** The early termination fee, before anything else: the plan's fee, whether the account is charged one, and when. */
function FeeNotice({ enrollment, plan }: { enrollment: Enrollment; plan: PlanDetails }) {
  const { t } = useTranslation('enrollmentPage');
  const customerType = useQuery(customerTypeQuery(plan.id_customer_type)).data;
  // The fee of the plan version the customer accepted, not the plan's price today.
  const fee = enrollment.plans[0]?.cancellation_fee ?? plan.cancellation_fee;
  const served = enrollment.status === 'ACTIVE';
  return (
    <Paper bg="gray.0" p="sm" radius="sm">
      <Stack gap={6}>
        <Title order={3} size="h5">
          {t('cancel.feeTitle')}
        </Title>
        {!served ? (
          <Text size="sm">{t('cancel.notStarted')}</Text>
        ) : fee <= 0 ? (
          <Text size="sm">{t('cancel.noFee')}</Text>
        ) : customerType && !customerType.send_etf_value ? (
          <Text size="sm">{t('cancel.noFeeForType')}</Text>
        ) : (
          <>
            <Text size="sm" fw={700}>
              {t('cancel.fee', { amount: money(fee) })}
            </Text>
            {enrollment.contract_end_date && (
              <Text size="sm">
                {t('cancel.feeRule', { date: calendarDate(enrollment.contract_end_date) })}
              </Text>
            )}
            {plan.early_termination_text && (
              <Text size="sm" c="dimmed">
                {plan.early_termination_text}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function CancelForm({
  enrollment,
  plan,
  onKeep,
  onDropped,
}: {
  enrollment: Enrollment;
  plan: PlanDetails;
  onKeep: () => void;
  onDropped: (result: { answer: DropResult; date: string }) => void;
}) {
  const { t } = useTranslation('enrollmentPage');
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<ReasonId | null>(null);
  const [date, setDate] = useState(today());
  const [confirmed, setConfirmed] = useState(false);
  const [problems, setProblems] = useState<{ reason?: string; date?: string; confirm?: string }>({});
  const drop = useMutation({
    mutationFn: async (request: { reasonCodeId: ReasonId; effectiveDate: string; key: string }) =>
      dataOf(
        await api.POST('/api/v1/enrollments/{enrollmentId}/drop', {
          params: { path: { enrollmentId: enrollment.id_enrollment } },
          body: { reasonCodeId: request.reasonCodeId, effectiveDate: request.effectiveDate },
          headers: { 'Idempotency-Key': request.key },
        }),
      ),
    onSuccess: (answer, request) => {
      onDropped({ answer, date: request.effectiveDate });
      queryClient.setQueryData(['account', 'enrollment', enrollment.id_enrollment], answer.enrollment);
      return queryClient.invalidateQueries({ queryKey: ['account', 'enrollments'] });
    },
  });
  const submit = () => {
    const found: typeof problems = {};
    if (reason === null) found.reason = t('required');
    if (!date || date < today()) found.date = t('cancel.dateInvalid');
    if (!confirmed) found.confirm = t('cancel.mustConfirm');
    setProblems(found);
    if (reason === null || Object.keys(found).length > 0) return;
    drop.mutate({ reasonCodeId: reason, effectiveDate: date, key: newActionKey() });
  };
  const dateProblem = isApiFailure(drop.error) ? drop.error.aboutField('effectiveDate').join(' ') : '';
  return (
    <Stack gap="sm">
      <FeeNotice enrollment={enrollment} plan={plan} />
      <Radio.Group
        label={t('cancel.reason')}
        required
        value={reason === null ? null : String(reason)}
        error={problems.reason}
        onChange={(value) => setReason(Number(value) as ReasonId)}
      >
        <Stack gap={6} mt={4}>
          {DROP_REASONS.map((option) => (
            <Radio key={option.id} value={String(option.id)} label={t(`cancel.reasons.${option.id}`)} />
          ))}
        </Stack>
      </Radio.Group>
      <TextInput
        type="date"
        label={t('cancel.date')}
        required
        min={today()}
        value={date}
        error={problems.date ?? (dateProblem || undefined)}
        onChange={(event) => setDate(event.currentTarget.value)}
        maw={{ sm: 240 }}
      />
      <Checkbox
        label={t('cancel.confirm', { date: date ? calendarDate(date) : '' })}
        checked={confirmed}
        error={problems.confirm}
        onChange={(event) => setConfirmed(event.currentTarget.checked)}
      />
      {drop.isError && (
        <Alert color="red" role="alert">
          {problemOf(drop.error)}
        </Alert>
      )}
      <Group gap="sm">
        <Button color="red.9" onClick={submit} loading={drop.isPending}>
          {t('cancel.submit')}
        </Button>
        <Button variant="default" onClick={onKeep}>
          {t('cancel.keep')}
        </Button>
      </Group>
    </Stack>
  );
}

/** What the drop did: the service ends (or the enrollment is cancelled), and the fee it queued, if any. */
function DropOutcome({ result, date }: { result: DropResult; date: string }) {
  const { t } = useTranslation('enrollmentPage');
  return (
    <Alert color="blue" role="status">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {result.enrollment.status === 'CANCELLED'
            ? t('cancel.cancelled')
            : t('cancel.ending', { date: calendarDate(date) })}
        </Text>
        <Text size="sm">
          {result.etf_invoice
            ? t('cancel.feeBilled', { amount: money(result.etf_invoice.amount) })
            : t('cancel.noFeeBilled')}
        </Text>
      </Stack>
    </Alert>
  );
}
