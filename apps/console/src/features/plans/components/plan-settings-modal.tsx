import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { DialogFooter } from '../../../components/ui/action-dialog';
import { changedFields } from '../../../lib/forms';
import { focusFirstError, splitFailure } from '../../customers/actions';
import type { PlanDetail } from '../api/get-plan';
import { type PlanSettings, useChangePlanSettings } from '../api/plan-changes';
import { PLAN_SETTING_FIELDS, PlanSettingsFields, settingsValidation } from './plan-settings-fields';

interface PlanSettingsModalProps {
  opened: boolean;
  plan: PlanDetail;
  onClose: () => void;
}

const FIELDS = PLAN_SETTING_FIELDS;

/** A plan's settings apart from its prices (a price change is a version): its sale, contract, credit and texts. */
export function PlanSettingsModal({ opened, plan, onClose }: PlanSettingsModalProps) {
  const save = useChangePlanSettings();
  const form = useForm<PlanSettings>({
    name: 'plan-settings',
    initialValues: plan.settings,
    validate: settingsValidation,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from the plan as it is
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(plan.settings);
    form.reset();
    save.reset();
  }, [opened, plan.id]);

  const submit = form.onSubmit(
    (values) => {
      const changes = changedFields(plan.settings, values, FIELDS);
      if (Object.keys(changes).length === 0) return onClose();
      save.mutate(
        { planId: plan.id, ...changes },
        {
          onSuccess: () => {
            notifications.show({
              color: 'teal',
              title: 'Plan saved',
              message: `${values.name}: settings changed.`,
            });
            onClose();
          },
          onError: (error) => form.setErrors(splitFailure(error, FIELDS).fields),
        },
      );
    },
    (errors) => focusFirstError('plan-settings', errors),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={`Settings of ${plan.name}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="xs" c="dimmed">
            Prices are not set here: a price change is a new version (Change price). Contract dates already
            made stay on their enrollments.
          </Text>
          <PlanSettingsFields form={form} />
          <DialogFooter
            error={splitFailure(save.error, FIELDS).rest}
            failureTitle="Not saved"
            onCancel={onClose}
            submitLabel="Save settings"
            pending={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
