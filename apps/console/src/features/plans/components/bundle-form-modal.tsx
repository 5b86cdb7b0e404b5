import { Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo } from 'react';
import { DialogFooter } from '../../../components/ui/action-dialog';
import { changedFields } from '../../../lib/forms';
import { focusFirstError, splitFailure } from '../../customers/actions';
import { useChangeBundle, useCreateBundle } from '../api/bundle-changes';
import type { PlanBundle } from '../api/get-bundles';
import { type PlanSummary, usePlans } from '../api/get-plans';
import { saleStateOf } from '../model';

interface BundleFormValues {
  name: string;
  description: string;
  electricPlanId: string | null;
  gasPlanId: string | null;
}

const FIELDS = ['name', 'description', 'electricPlanId', 'gasPlanId'] as const;

function valuesOf(bundle: PlanBundle | null): BundleFormValues {
  return {
    name: bundle?.name ?? '',
    description: bundle?.description ?? '',
    electricPlanId: bundle ? String(bundle.electricPlan.id) : null,
    gasPlanId: bundle ? String(bundle.gasPlan.id) : null,
  };
}

/** The fields as the API takes them. */
function bodyOf(values: BundleFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    electricPlanId: Number(values.electricPlanId),
    gasPlanId: Number(values.gasPlanId),
  };
}

/**
 * The plans of one commodity a bundle may take, grouped by utility: retired plans are sold no more and are left
 * out, except the one the bundle holds now. A plan that is not on sale says so (a draft may be bundled).
 */
function planChoices(plans: PlanSummary[], commodity: PlanSummary['commodity'], current: number | undefined) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const plan of plans) {
    if (plan.commodity !== commodity || (plan.retired && plan.id !== current)) continue;
    const state = plan.onSale ? '' : ` (${saleStateOf(plan).label.toLowerCase()})`;
    const items = groups.get(plan.utility.name) ?? [];
    items.push({
      value: String(plan.id),
      label: `${plan.name} · ${plan.customerType.name} · ${plan.billingSystemPlanCode}${state}`,
    });
    groups.set(plan.utility.name, items);
  }
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, items]) => ({ group, items: items.sort((a, b) => a.label.localeCompare(b.label)) }));
}

interface BundleFormModalProps {
  opened: boolean;
  /** The bundle edited; null: a new one. */
  bundle: PlanBundle | null;
  onClose: () => void;
}

/** A new bundle of an electricity and a gas plan, or a bundle's name, description and plans. */
export function BundleFormModal({ opened, bundle, onClose }: BundleFormModalProps) {
  const create = useCreateBundle();
  const change = useChangeBundle();
  const save = bundle ? change : create;
  const plans = usePlans({});
  const form = useForm<BundleFormValues>({
    name: 'bundle',
    initialValues: valuesOf(bundle),
    validate: {
      name: (value) => (value.trim() ? null : 'Name the bundle.'),
      electricPlanId: (value) => (value ? null : 'Choose the electricity plan.'),
      gasPlanId: (value) => (value ? null : 'Choose the gas plan.'),
    },
  });

  const electricPlans = useMemo(
    () => planChoices(plans.data ?? [], 'Electric', bundle?.electricPlan.id),
    [plans.data, bundle?.electricPlan.id],
  );
  const gasPlans = useMemo(
    () => planChoices(plans.data ?? [], 'Gas', bundle?.gasPlan.id),
    [plans.data, bundle?.gasPlan.id],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from the bundle as it is
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(valuesOf(bundle));
    form.reset();
    create.reset();
    change.reset();
  }, [opened, bundle?.id]);

  const failed = (error: unknown) => form.setErrors(splitFailure(error, FIELDS).fields);
  const saved = (title: string, message: string) => {
    notifications.show({ color: 'teal', title, message });
    onClose();
  };
  const submit = form.onSubmit(
    (values) => {
      const body = bodyOf(values);
      if (!bundle) {
        create.mutate(body, { onSuccess: (made) => saved('Bundle made', made.name), onError: failed });
        return;
      }
      const changes = changedFields(bodyOf(valuesOf(bundle)), body);
      if (Object.keys(changes).length === 0) return onClose();
      change.mutate(
        { bundleId: bundle.id, ...changes },
        { onSuccess: (after) => saved('Bundle saved', `${after.name} changed.`), onError: failed },
      );
    },
    (errors) => focusFirstError('bundle', errors),
  );

  const select = {
    required: true,
    searchable: true,
    nothingFoundMessage: 'No such plan',
    placeholder: plans.isPending ? 'Loading the plans…' : 'Choose a plan',
    maxDropdownHeight: 320,
  } as const;

  return (
    <Modal opened={opened} onClose={onClose} title={bundle ? `Edit ${bundle.name}` : 'New bundle'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            description="What customers see in the enrollment wizard; one bundle of a name."
            required
            maxLength={100}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('description')}
          />
          <Select
            label="Electricity plan"
            data={electricPlans}
            {...select}
            {...form.getInputProps('electricPlanId')}
          />
          <Select label="Gas plan" data={gasPlans} {...select} {...form.getInputProps('gasPlanId')} />
          <Text size="xs" c="dimmed">
            Both plans are for one customer type, their utilities in one market. A draft may be bundled: plan
            shopping offers the bundle once both plans are on sale.
          </Text>
          <DialogFooter
            error={splitFailure(save.error, FIELDS).rest}
            failureTitle="Not saved"
            onCancel={onClose}
            submitLabel={bundle ? 'Save bundle' : 'Make bundle'}
            pending={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
