import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconListSearch, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ErrorState, FailureAlert } from '../../../components/ui/states';
import { useCan } from '../../../lib/auth';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { focusFirstError, splitFailure } from '../../customers/actions';
import {
  type DeliveryCharge,
  type DeliveryChargeImpact,
  useChangeDeliveryCharges,
  useDeliveryCharges,
  usePreviewDeliveryCharges,
} from '../api/delivery-charges';
import { usePlans } from '../api/get-plans';
import { centsOf } from '../model';
import { EffectiveMoment, effectiveAtOf, momentProblem, type When } from './effective-moment';
import { ListEditor } from './list-editor';

const STATES: Record<string, string> = { scheduled: 'blue', 'in effect': 'green', past: 'gray' };
const FIELDS = ['charges', 'effectiveFrom', 'note'] as const;

/** "$4.23 a month", "5.1893¢ per kWh, from 1,001 kWh". */
function chargeText(c: DeliveryCharge) {
  if (c.type === 'monthly') return `${formatMoney(c.charge)} a month`;
  const tier = c.uomFrom !== null || c.uomTo !== null ? `, kWh ${c.uomFrom ?? 0}–${c.uomTo ?? '∞'}` : '';
  return `${Number((c.charge * 100).toFixed(4))}¢ per kWh${tier}`;
}

interface Values {
  charges: DeliveryCharge[];
  when: When;
  effectiveAt: string | null;
  note: string;
}

/** A new set of charges from a moment, starting from the set in effect, previewed on every plan before saving. */
function NewChargesModal({
  utilityId,
  utilityName,
  current,
  opened,
  onClose,
}: {
  utilityId: number;
  utilityName: string;
  current: DeliveryCharge[];
  opened: boolean;
  onClose: () => void;
}) {
  const preview = usePreviewDeliveryCharges();
  const save = useChangeDeliveryCharges();
  const form = useForm<Values>({
    name: 'delivery-charges',
    initialValues: { charges: current, when: 'later', effectiveAt: null, note: '' },
    validate: {
      effectiveAt: (value, values) => momentProblem(values.when, value),
      charges: (charges) => (charges.length === 0 ? 'At least one charge.' : null),
    },
  });
  const request = (values: Values) => ({
    utilityId,
    charges: values.charges.map((c) => ({ ...c, charge: Number(c.charge) })),
    ...(values.when === 'later' && values.effectiveAt
      ? { effectiveFrom: effectiveAtOf('later', values.effectiveAt).effectiveAt }
      : {}),
  });
  const asked = JSON.stringify(request(form.values));
  const shown: DeliveryChargeImpact | null =
    preview.data && JSON.stringify(preview.variables) === asked ? preview.data : null;

  const runPreview = form.onSubmit(
    (values) =>
      preview.mutate(request(values), {
        onError: (error) => form.setErrors(splitFailure(error, FIELDS).fields),
      }),
    (errors) => focusFirstError('delivery-charges', errors),
  );
  const apply = () => {
    if (form.values.note.trim().length < 3) {
      form.setFieldError('note', 'Say why, in a few words (the tariff filing): it is kept in the audit log.');
      return;
    }
    save.mutate(
      { ...request(form.values), note: form.values.note.trim() },
      {
        onSuccess: (impact) => {
          notifications.show({
            color: 'teal',
            title: 'Delivery charges saved',
            message: `${utilityName}: from ${formatDateTime(impact.effectiveFrom)}, ${impact.plans.length} plans' averages follow.`,
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`New delivery charges of ${utilityName}`} size="xl">
      <form onSubmit={runPreview} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The whole new set, as the utility's tariff lists it, starting from the charges in effect. Charges
            per kWh are in dollars (0.051893 is 5.1893¢).
          </Text>
          <ListEditor
            columns={['Name', 'Name in Spanish', 'Type', 'Dollars', 'From kWh', 'To kWh']}
            items={form.values.charges}
            minWidth={720}
            cells={(charge, i) => (
              <>
                <Table.Td>
                  <TextInput
                    aria-label={`Charge ${i + 1} name`}
                    size="xs"
                    {...form.getInputProps(`charges.${i}.name`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Charge ${i + 1} name in Spanish`}
                    size="xs"
                    {...form.getInputProps(`charges.${i}.nameEs`)}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Charge ${i + 1} type`}
                    size="xs"
                    w={130}
                    allowDeselect={false}
                    data={[
                      { value: 'monthly', label: 'A month' },
                      { value: 'per_kwh', label: 'Per kWh' },
                    ]}
                    {...form.getInputProps(`charges.${i}.type`)}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Charge ${i + 1} dollars`}
                    size="xs"
                    w={110}
                    min={0}
                    decimalScale={6}
                    hideControls
                    {...form.getInputProps(`charges.${i}.charge`)}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Charge ${i + 1} from kWh`}
                    size="xs"
                    w={90}
                    min={0}
                    allowDecimal={false}
                    hideControls
                    disabled={charge.type === 'monthly'}
                    value={charge.uomFrom ?? ''}
                    onChange={(value) =>
                      form.setFieldValue(`charges.${i}.uomFrom`, value === '' ? null : Number(value))
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Charge ${i + 1} to kWh`}
                    size="xs"
                    w={90}
                    min={1}
                    allowDecimal={false}
                    hideControls
                    disabled={charge.type === 'monthly'}
                    value={charge.uomTo ?? ''}
                    onChange={(value) =>
                      form.setFieldValue(`charges.${i}.uomTo`, value === '' ? null : Number(value))
                    }
                  />
                </Table.Td>
              </>
            )}
            removeLabel={(_charge, i) => `Remove charge ${i + 1}`}
            onRemove={(i) => form.removeListItem('charges', i)}
            addLabel="Add a charge"
            onAdd={() =>
              form.insertListItem('charges', {
                name: '',
                nameEs: '',
                type: 'per_kwh',
                charge: 0,
                uomFrom: null,
                uomTo: null,
              })
            }
            error={form.errors.charges}
          />
          <EffectiveMoment
            when={form.values.when}
            whenProps={form.getInputProps('when')}
            momentProps={form.getInputProps('effectiveAt')}
          />
          <FailureAlert error={splitFailure(preview.error, FIELDS).rest} title="No preview" />
          <Group>
            <Button type="submit" leftSection={<IconListSearch size={16} />} loading={preview.isPending}>
              Preview the plans affected
            </Button>
          </Group>
          {shown && (
            <Stack gap="sm">
              <Text size="sm">
                {shown.plans.length} plans, from {formatDateTime(shown.effectiveFrom)} (EFL averages today →
                with the new charges):
              </Text>
              <Table.ScrollContainer minWidth={560}>
                <Table withTableBorder fz="sm" verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Plan</Table.Th>
                      <Table.Th ta="right">500 kWh</Table.Th>
                      <Table.Th ta="right">1,000 kWh</Table.Th>
                      <Table.Th ta="right">2,000 kWh</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.plans.map((plan) => (
                      <Table.Tr key={plan.id}>
                        <Table.Td>
                          {plan.name}{' '}
                          <Text span size="xs" c="dimmed">
                            {plan.billingSystemPlanCode}
                          </Text>
                        </Table.Td>
                        {(['at500', 'at1000', 'at2000'] as const).map((at) => (
                          <Table.Td key={at} ta="right" ff="monospace">
                            {plan.before && plan.after
                              ? `${centsOf(plan.before[at] ?? 0)} → ${centsOf(plan.after[at] ?? 0)}`
                              : '—'}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Textarea
                label="Why"
                description="Kept in the audit log: the tariff filing, for instance."
                autosize
                minRows={2}
                maxLength={500}
                required
                {...form.getInputProps('note')}
              />
              <FailureAlert error={splitFailure(save.error, FIELDS).rest} title="Not saved" />
              <Group justify="flex-end">
                <Button onClick={apply} loading={save.isPending}>
                  Save the new charges
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      </form>
    </Modal>
  );
}

/** A utility's delivery charges: the set in effect, those scheduled and those past, and a new set for Pricing. */
export function DeliveryChargesView({
  utility,
  onUtility,
}: {
  utility?: number;
  onUtility: (id?: number) => void;
}) {
  const catalogue = usePlans({});
  const charges = useDeliveryCharges(utility);
  const canChange = useCan('plans.write');
  const [adding, setAdding] = useState(false);
  const utilities = useMemo(() => {
    const seen = new Map<number, string>();
    for (const plan of catalogue.data ?? [])
      if (plan.commodity === 'Electric') seen.set(plan.utility.id, plan.utility.name);
    return [...seen].map(([id, name]) => ({ value: String(id), label: name }));
  }, [catalogue.data]);
  const data = charges.data;
  const inEffect = data?.sets.find((set) => set.state === 'in effect');

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" wrap="wrap">
        <Select
          label="Utility"
          placeholder="Choose a utility"
          data={utilities}
          value={utility ? String(utility) : null}
          onChange={(value) => onUtility(value ? Number(value) : undefined)}
          searchable
          w={{ base: '100%', sm: 280 }}
        />
        {canChange && data && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            New charges
          </Button>
        )}
      </Group>
      {charges.error ? (
        <Paper withBorder>
          <ErrorState
            error={charges.error}
            onRetry={() => void charges.refetch()}
            what="the delivery charges"
          />
        </Paper>
      ) : (
        data?.sets.map((set) => (
          <Paper
            withBorder
            p="md"
            key={set.effectiveFrom}
            component="section"
            aria-label={`Charges from ${formatDateTime(set.effectiveFrom)}`}
          >
            <Group gap="xs" mb="xs">
              <Badge color={STATES[set.state]} variant="light" radius="sm" tt="none">
                {set.state === 'in effect' ? 'In effect' : set.state === 'scheduled' ? 'Scheduled' : 'Past'}
              </Badge>
              <Text size="sm" fw={500}>
                From {formatDateTime(set.effectiveFrom)}
              </Text>
            </Group>
            <Table fz="sm" verticalSpacing={4}>
              <Table.Tbody>
                {set.charges.map((c) => (
                  <Table.Tr key={`${c.name}-${c.uomFrom}`}>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {chargeText(c)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ))
      )}
      {canChange && data && inEffect && (
        <NewChargesModal
          key={`${data.utility.id}-${inEffect.effectiveFrom}`}
          utilityId={data.utility.id}
          utilityName={data.utility.name}
          current={inEffect.charges}
          opened={adding}
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}
