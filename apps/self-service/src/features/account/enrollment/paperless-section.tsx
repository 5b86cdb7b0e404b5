import { Alert, Button, Radio, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, dataOf } from '../../../lib/api';
import { problemOf, Section } from './parts';
import { deliveryMethodCandidatesQuery, type Enrollment, hasEnded } from './queries';

/** The billing delivery methods (POST …/update-billing-delivery-method: 1 email, 2 letter, 3 both). */
const DELIVERY_METHODS = [1, 2, 3] as const;
type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/**
 * How bills are delivered: the customer changes it when the API lists this enrollment among those whose method may
 * change now; otherwise the page says why it cannot.
 */
export function PaperlessSection({ customerId, enrollment }: { customerId: number; enrollment: Enrollment }) {
  const { t } = useTranslation('enrollmentPage');
  const queryClient = useQueryClient();
  const candidates = useQuery(deliveryMethodCandidatesQuery(customerId));
  const current = enrollment.id_method_delivery as DeliveryMethod;
  const [chosen, setChosen] = useState<DeliveryMethod>(current);
  const save = useMutation({
    mutationFn: async (method: DeliveryMethod) =>
      dataOf(
        await api.POST('/api/v1/enrollments/{enrollmentId}/update-billing-delivery-method', {
          params: { path: { enrollmentId: enrollment.id_enrollment } },
          body: { id_method_delivery: method },
        }),
      ),
    onSuccess: (updated) => {
      queryClient.setQueryData(['account', 'enrollment', enrollment.id_enrollment], updated);
      return queryClient.invalidateQueries({ queryKey: deliveryMethodCandidatesQuery(customerId).queryKey });
    },
  });
  const changeable = candidates.data?.some((e) => e.id_enrollment === enrollment.id_enrollment);
  const whyNot = !enrollment.showPayments
    ? t('paperless.whyNot.utility')
    : hasEnded(enrollment)
      ? t('paperless.whyNot.ended')
      : t('paperless.whyNot.processing');
  return (
    <Section title={t('paperless.title')}>
      <Text size="sm" fw={600}>
        {t('paperless.now', { method: t(`paperless.methods.${current}`) })}
      </Text>
      {candidates.isSuccess && !changeable && <Text size="sm">{whyNot}</Text>}
      {changeable && (
        <Stack gap="sm">
          <Radio.Group
            label={t('paperless.choose')}
            value={String(chosen)}
            onChange={(value) => setChosen(Number(value) as DeliveryMethod)}
          >
            <Stack gap={6} mt={4}>
              {DELIVERY_METHODS.map((method) => (
                <Radio key={method} value={String(method)} label={t(`paperless.options.${method}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Button
            w="fit-content"
            disabled={chosen === current}
            loading={save.isPending}
            onClick={() => save.mutate(chosen)}
          >
            {t('paperless.save')}
          </Button>
        </Stack>
      )}
      {save.isSuccess && (
        <Alert color="green" role="status">
          {t('paperless.saved', { method: t(`paperless.methods.${save.data.id_method_delivery}`) })}
        </Alert>
      )}
      {save.isError && (
        <Alert color="red" role="alert">
          {problemOf(save.error)}
        </Alert>
      )}
    </Section>
  );
}
