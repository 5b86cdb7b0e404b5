import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { DialogFooter } from '../../../components/ui/action-dialog';
import { formatDateTime } from '../../../lib/format';
import { focusFirstError, splitFailure } from '../../customers/actions';
import { useChangePrice } from '../api/change-price';
import type { PlanDetail } from '../api/get-plan';
import { centsOf, pricesLine } from '../model';
import { ChargeFields, type ChargeValues, chargesOf, chargeValidation } from './charge-fields';
import { EffectiveMoment, effectiveAtOf, momentProblem, type When } from './effective-moment';

interface PriceChangeModalProps {
  opened: boolean;
  plan: PlanDetail;
  onClose: () => void;
}

const FIELDS = ['rate', 'monthlyFee', 'cancellationFee', 'effectiveAt', 'timeOfUse', 'note'] as const;
const NOTE_MAX = 500;

interface Values extends ChargeValues {
  when: When;
  effectiveAt: string | null;
  note: string;
}

/**
 * A new version of the plan's prices, effective now or from a moment chosen: plan shopping sells it from then on,
 * and every enrollment made before keeps the version it accepted. Starts from the prices in effect.
 */
export function PriceChangeModal({ opened, plan, onClose }: PriceChangeModalProps) {
  const change = useChangePrice();
  const current = plan.current;
  const timeOfUsePlan = plan.rateType === 'Time of Use';
  const form = useForm<Values>({
    name: 'price-change',
    initialValues: {
      rate: current?.rate ?? '',
      monthlyFee: current?.monthlyFee ?? '',
      cancellationFee: current?.cancellationFee ?? '',
      when: 'now',
      effectiveAt: null,
      timeOfUse: current?.timeOfUse ?? [],
      note: '',
    },
    validate: {
      ...chargeValidation(() => timeOfUsePlan),
      effectiveAt: (value, values) => momentProblem(values.when, value),
      note: (value) =>
        value.trim().length < 3 ? 'Say why, in a few words: it stays with the version.' : null,
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from the prices in effect
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues({
      rate: current?.rate ?? '',
      monthlyFee: current?.monthlyFee ?? '',
      cancellationFee: current?.cancellationFee ?? '',
      when: 'now',
      effectiveAt: null,
      timeOfUse: current?.timeOfUse ?? [],
      note: '',
    });
    form.reset();
    change.reset();
  }, [opened, plan.id, current?.version]);

  const submit = form.onSubmit(
    (values) =>
      change.mutate(
        {
          planId: plan.id,
          ...chargesOf(values),
          note: values.note.trim(),
          ...effectiveAtOf(values.when, values.effectiveAt),
        },
        {
          onSuccess: (saved) => {
            notifications.show({
              color: 'teal',
              title: `Version ${saved.version} saved`,
              message:
                saved.state === 'scheduled'
                  ? `${plan.name}: ${centsOf(saved.rate)}/${plan.rateUnit} from ${formatDateTime(saved.effectiveAt)}.`
                  : `${plan.name} now sells at ${centsOf(saved.rate)}/${plan.rateUnit}.`,
            });
            onClose();
          },
          onError: (error) => form.setErrors(splitFailure(error, FIELDS).fields),
        },
      ),
    (errors) => focusFirstError('price-change', errors),
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Change the price of ${plan.name}`}
      size={timeOfUsePlan ? 'xl' : 'md'}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {current && (
            <Text size="sm" c="dimmed">
              In effect now (version {current.version}): {pricesLine(current, plan.rateUnit)}
            </Text>
          )}
          <ChargeFields form={form} rateUnit={plan.rateUnit} timeOfUsePlan={timeOfUsePlan} />
          <EffectiveMoment
            when={form.values.when}
            whenProps={form.getInputProps('when')}
            momentProps={form.getInputProps('effectiveAt')}
          />
          <Textarea
            label="Why"
            description="Kept with the version and in the audit log."
            placeholder="e.g. Weekly review: wholesale forward curve up 4%"
            autosize
            minRows={2}
            maxLength={NOTE_MAX}
            required
            {...form.getInputProps('note')}
          />
          <Text size="xs" c="dimmed">
            Enrollments made before the new prices take effect keep the version they accepted.
          </Text>
          <DialogFooter
            error={splitFailure(change.error, FIELDS).rest}
            failureTitle="Price not changed"
            onCancel={onClose}
            submitLabel="Save new version"
            pending={change.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
