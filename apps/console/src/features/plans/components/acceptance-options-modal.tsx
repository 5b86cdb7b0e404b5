import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { DialogFooter } from '../../../components/ui/action-dialog';
import { focusFirstError } from '../../customers/actions';
import type { PlanDetail } from '../api/get-plan';
import { useReviseAcceptanceOptions } from '../api/plan-changes';
import {
  AcceptanceOptionsFields,
  type AcceptanceOptionsValues,
  acceptanceOptionRules,
} from './acceptance-options-fields';

interface AcceptanceOptionsModalProps {
  opened: boolean;
  plan: PlanDetail;
  onClose: () => void;
}

const valuesOf = (plan: PlanDetail): AcceptanceOptionsValues => ({
  acceptanceOptions: plan.acceptanceOptions.map((option) => ({ ...option })),
});

/**
 * What customers agree to when enrolling in the plan. Saved from the options read: if someone changed them
 * meanwhile, nothing is saved and the dialog says so.
 */
export function AcceptanceOptionsModal({ opened, plan, onClose }: AcceptanceOptionsModalProps) {
  const save = useReviseAcceptanceOptions();
  const form = useForm<AcceptanceOptionsValues>({
    name: 'acceptance-options',
    initialValues: valuesOf(plan),
    validate: { acceptanceOptions: acceptanceOptionRules },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from the plan as it is
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(valuesOf(plan));
    form.reset();
    save.reset();
  }, [opened, plan.id]);

  const submit = form.onSubmit(
    ({ acceptanceOptions }) => {
      if (!form.isDirty()) return onClose();
      save.mutate(
        {
          planId: plan.id,
          offeredIds: plan.acceptanceOptions.map((option) => option.id),
          options: acceptanceOptions.map(({ id, text, required }) => ({ id, text: text.trim(), required })),
        },
        {
          onSuccess: () => {
            notifications.show({
              color: 'teal',
              title: 'Acceptance options saved',
              message: `${plan.name}: new enrollments agree to the new options.`,
            });
            onClose();
          },
        },
      );
    },
    (errors) => focusFirstError('acceptance-options', errors),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={`What customers agree to: ${plan.name}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="xs" c="dimmed">
            Customers who already enrolled keep what they agreed to: an option reworded or removed is kept for
            them, and a reworded one is offered as a new option.
          </Text>
          <AcceptanceOptionsFields form={form} />
          <DialogFooter
            error={save.error}
            failureTitle="Not saved"
            onCancel={onClose}
            submitLabel="Save options"
            pending={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
