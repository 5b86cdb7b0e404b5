import { Alert, Anchor, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PremiseFinder } from '../../../components/premises/premise-finder';
import { api, type BodyOf, dataOf, isApiFailure } from '../../../lib/api';
import { calendarDate } from '../../../lib/format';
import { utilityInformationQuery } from '../../enrollment/queries';
import { startDatesQuery } from '../../enrollment/start-date-field';
import { newActionKey, problemOf, Section, today } from './parts';
import type { Enrollment, PlanDetails } from './queries';

type Transfer = BodyOf<'/api/v1/enrollments/{enrollmentId}/transfer-service', 'post'>;
type NewAddress = { address: string; address2: string; city: string; zipcode: string; ldcAccount: string };

const EMPTY: NewAddress = { address: '', address2: '', city: '', zipcode: '', ldcAccount: '' };

/**
 * A move (transfer of service, Texas): the new address with its ESIID (found by address, as in the wizard), the last
 * day at the old address and the first at the new one (a date a move-in of the plan may start on). When the plan is
 * not sold at the new address the API changes nothing and says so (`open_wizard`): the customer shops for a plan there.
 */
export function MoveSection({ enrollment, plan }: { enrollment: Enrollment; plan: PlanDetails }) {
  const { t } = useTranslation('enrollmentPage');
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<{ id: number; address: string; date: string } | null>(null);
  if (!result && enrollment.status !== 'ACTIVE') return null;
  return (
    <Section title={t('move.title')}>
      {result ? (
        <Alert color="green" role="status">
          <Stack gap={4} align="flex-start">
            {t('move.done', { address: result.address, date: calendarDate(result.date) })}
            <Anchor component={Link} href={`/enrollments/${result.id}`} size="sm">
              {t('move.viewNew')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <>
          <Text size="sm">{t('move.intro')}</Text>
          {open ? (
            <MoveForm
              enrollment={enrollment}
              plan={plan}
              onCancel={() => setOpen(false)}
              onMoved={setResult}
            />
          ) : (
            <Button variant="light" w="fit-content" onClick={() => setOpen(true)}>
              {t('move.start')}
            </Button>
          )}
        </>
      )}
    </Section>
  );
}

function MoveForm({
  enrollment,
  plan,
  onCancel,
  onMoved,
}: {
  enrollment: Enrollment;
  plan: PlanDetails;
  onCancel: () => void;
  onMoved: (moved: { id: number; address: string; date: string }) => void;
}) {
  const { t } = useTranslation('enrollmentPage');
  const queryClient = useQueryClient();
  const utility = useQuery(utilityInformationQuery(enrollment.id_utility)).data;
  // The new address starts as a move-in of the same plan (a standard one: no priority fee).
  const dates = useQuery(startDatesQuery(enrollment.id_plan, 'Move-In', 'Standard'));
  const [address, setAddress] = useState<NewAddress>(EMPTY);
  const [newStart, setNewStart] = useState('');
  const [currentEnd, setCurrentEnd] = useState('');
  const [problems, setProblems] = useState<
    Partial<Record<keyof NewAddress | 'newStart' | 'currentEnd', string>>
  >({});
  const set = (changes: Partial<NewAddress>) => setAddress((shown) => ({ ...shown, ...changes }));
  const ldcLabel = utility?.ldc_Label ?? t('summary.ldcAccount');
  const move = useMutation({
    mutationFn: async (transfer: { body: Transfer; key: string }) =>
      dataOf(
        await api.POST('/api/v1/enrollments/{enrollmentId}/transfer-service', {
          params: { path: { enrollmentId: enrollment.id_enrollment } },
          body: transfer.body,
          headers: { 'Idempotency-Key': transfer.key },
        }),
      ),
    onSuccess: (answer, transfer) => {
      if (answer.id_new_enrollment === null) return;
      onMoved({
        id: answer.id_new_enrollment,
        address: transfer.body.serviceAddress.address,
        date: transfer.body.newServiceStartDate,
      });
      return Promise.all(
        [
          ['account', 'enrollment', enrollment.id_enrollment],
          ['account', 'enrollments'],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });

  const submit = () => {
    const found: typeof problems = {};
    for (const field of ['address', 'city', 'ldcAccount'] as const)
      if (!address[field].trim()) found[field] = t('required');
    if (!/^\d{5}$/.test(address.zipcode)) found.zipcode = t('move.zipInvalid');
    if (!newStart) found.newStart = t('required');
    if (!currentEnd) found.currentEnd = t('required');
    else if (currentEnd < today()) found.currentEnd = t('cancel.dateInvalid');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    move.mutate({
      key: newActionKey(),
      body: {
        currentServiceEffectiveDate: currentEnd,
        newServiceStartDate: newStart,
        serviceAddress: {
          address: address.address.trim(),
          address2: address.address2.trim() || null,
          city: address.city.trim(),
          state: 'TX',
          zipcode: address.zipcode,
          ldcAccount: address.ldcAccount.replace(/\D/g, ''),
        },
      },
    });
  };
  const fieldProblem = (field: string) =>
    isApiFailure(move.error) ? move.error.aboutField(field).join(' ') || undefined : undefined;
  const answer = move.data;

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('move.newAddress')}
      </Title>
      <TextInput
        label={t('move.address')}
        required
        autoComplete="address-line1"
        value={address.address}
        error={problems.address ?? fieldProblem('address')}
        onChange={(event) => set({ address: event.currentTarget.value })}
      />
      <TextInput
        label={t('move.address2')}
        autoComplete="address-line2"
        value={address.address2}
        onChange={(event) => set({ address2: event.currentTarget.value })}
      />
      <Group grow align="flex-start" gap="sm" preventGrowOverflow={false} wrap="wrap">
        <TextInput
          label={t('move.city')}
          required
          autoComplete="address-level2"
          value={address.city}
          error={problems.city ?? fieldProblem('city')}
          onChange={(event) => set({ city: event.currentTarget.value })}
          miw={160}
        />
        <TextInput
          label={t('move.zipcode')}
          required
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={address.zipcode}
          error={problems.zipcode ?? fieldProblem('zipcode')}
          onChange={(event) => set({ zipcode: event.currentTarget.value.replace(/\D/g, '') })}
          miw={120}
        />
      </Group>
      <PremiseFinder
        address={address}
        customerTypeCode={plan.customer_type}
        label={ldcLabel}
        onChoose={(esiid, premise) =>
          set({
            ldcAccount: esiid,
            address: premise.address.address_1,
            address2: premise.address.address_2 ?? '',
            city: premise.address.city,
            zipcode: premise.address.zipcode,
          })
        }
      />
      <TextInput
        label={ldcLabel}
        description={t('move.esiidHint')}
        required
        inputMode="numeric"
        translate="no"
        value={address.ldcAccount}
        error={problems.ldcAccount ?? fieldProblem('ldcAccount')}
        onChange={(event) => set({ ldcAccount: event.currentTarget.value })}
      />
      <NativeSelect
        label={t('move.newStart')}
        required
        value={newStart}
        error={problems.newStart ?? fieldProblem('newServiceStartDate')}
        onChange={(event) => {
          const date = event.currentTarget.value;
          setNewStart(date);
          if (!currentEnd && date) setCurrentEnd(date);
        }}
        data={[
          { value: '', label: t('move.chooseDate') },
          ...(dates.data?.available_dates ?? []).map((date) => ({ value: date, label: calendarDate(date) })),
        ]}
      />
      <TextInput
        type="date"
        label={t('move.currentEnd', { address: enrollment.service_address.address_1 })}
        required
        min={today()}
        value={currentEnd}
        error={problems.currentEnd ?? fieldProblem('currentServiceEffectiveDate')}
        onChange={(event) => setCurrentEnd(event.currentTarget.value)}
      />
      {answer?.open_wizard && (
        <Alert color="yellow" role="alert">
          <Stack gap={4} align="flex-start">
            {t('move.openWizard', { zip: address.zipcode })}
            <Anchor
              component={Link}
              href={`~/plans?${new URLSearchParams({ zip: address.zipcode, type: String(plan.id_customer_type) })}`}
            >
              {t('move.shopPlans', { zip: address.zipcode })}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {answer?.is_near_to_renew && <Text size="sm">{t('move.nearRenewal')}</Text>}
      {move.isError && (
        <Alert color="red" role="alert">
          {problemOf(move.error)}
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={submit} loading={move.isPending}>
          {t('move.submit')}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('move.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
