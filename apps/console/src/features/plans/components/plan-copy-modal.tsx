import { Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ActionDialog, ReasonField } from '../../../components/ui/action-dialog';
import { focusFirstError, splitFailure } from '../../customers/actions';
import type { PlanDetail } from '../api/get-plan';
import { useClonePlan } from '../api/plan-changes';

interface PlanCopyModalProps {
  opened: boolean;
  plan: PlanDetail;
  onClose: () => void;
}

const FIELDS = ['name', 'billingSystemPlanCode', 'reason'] as const;

/** A new plan from this one: a draft with its settings, options, documents and prices in effect, opened at once. */
export function PlanCopyModal({ opened, plan, onClose }: PlanCopyModalProps) {
  const copy = useClonePlan();
  const navigate = useNavigate();
  const form = useForm({
    name: 'plan-copy',
    initialValues: {
      name: `${plan.name} (copy)`,
      billingSystemPlanCode: `${plan.billingSystemPlanCode}-COPY`,
      reason: '',
    },
    validate: {
      name: (value) => (value.trim().length < 3 ? 'At least three characters.' : null),
      billingSystemPlanCode: (value) =>
        /^[A-Za-z0-9_.-]+$/.test(value) ? null : 'Letters, digits, dots, dashes and underscores only.',
      reason: (value) =>
        value.trim().length < 3 ? 'Say why, in a few words: it stays with the new plan.' : null,
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from this plan
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues({
      name: `${plan.name} (copy)`,
      billingSystemPlanCode: `${plan.billingSystemPlanCode}-COPY`,
      reason: '',
    });
    form.reset();
    copy.reset();
  }, [opened, plan.id]);

  const submit = form.onSubmit(
    (values) =>
      copy.mutate(
        {
          planId: plan.id,
          name: values.name.trim(),
          billingSystemPlanCode: values.billingSystemPlanCode,
          note: values.reason.trim(),
        },
        {
          onSuccess: (created) => {
            notifications.show({
              color: 'teal',
              title: 'Plan copied',
              message: `${created.name} is a draft: publish it when it is ready.`,
            });
            onClose();
            void navigate({ to: '/plans/$id', params: { id: created.id } });
          },
          onError: (error) => form.setErrors(splitFailure(error, FIELDS).fields),
        },
      ),
    (errors) => focusFirstError('plan-copy', errors),
  );

  return (
    <ActionDialog
      opened={opened}
      onClose={onClose}
      title={`Copy ${plan.name}`}
      onSubmit={submit}
      error={splitFailure(copy.error, FIELDS).rest}
      failureTitle="Not copied"
      submitLabel="Copy as a draft"
      pending={copy.isPending}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The copy has this plan’s settings, acceptance options, documents and prices in effect, as its
          version 1. It is a draft: not sold until you publish it.
        </Text>
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Billing system plan code"
          required
          {...form.getInputProps('billingSystemPlanCode')}
        />
        <ReasonField
          label="Why"
          description="Kept on the new plan's first version and in the audit log."
          placeholder="e.g. Winter offer for Dallas"
          maxLength={500}
          inputProps={form.getInputProps('reason')}
        />
      </Stack>
    </ActionDialog>
  );
}
