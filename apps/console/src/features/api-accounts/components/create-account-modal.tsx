import { Button, Group, Input, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { DialogFooter } from '../../../components/ui/action-dialog';
import { fieldErrorsOf } from '../../../lib/forms';
import { useAffiliates } from '../../affiliates/api/get-affiliates';
import { type NewApiAccount, useCreateAccount } from '../api/account-changes';
import { OperationsChecklist } from './operations-checklist';
import { SecretNotice } from './secret-notice';

type RoleGroup = NewApiAccount['roleGroups'][number];
/** The role groups the server takes (the compiler checks each against its schema). */
const ROLE_GROUPS = [
  'Integration',
  'CustomerPortal',
  'Affiliate',
  'Verification',
  'Agent',
] as const satisfies readonly RoleGroup[];

const FIELDS = ['name', 'roleGroups', 'affiliateId', 'operations'] as const;

interface Values {
  name: string;
  roleGroups: RoleGroup[];
  affiliateId: string | null;
  operations: string[];
}

/** Creates an account, then shows its API key and secret, the secret this once. */
export function CreateAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateAccount();
  const affiliates = useAffiliates();
  const form = useForm<Values>({
    initialValues: { name: '', roleGroups: ['Integration'], affiliateId: null, operations: [] },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter a name'),
      roleGroups: (value) => (value.length ? null : 'Choose a role group'),
      affiliateId: (value, values) =>
        values.roleGroups.includes('Affiliate') && !value ? 'Choose the affiliate' : null,
    },
  });
  const isAffiliate = form.values.roleGroups.includes('Affiliate');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens
  useEffect(() => {
    if (!opened) return;
    create.reset();
    form.reset();
  }, [opened]);

  // An Affiliate account is that and nothing else: choosing Affiliate drops the other groups.
  const chooseGroups = (groups: string[]) => {
    const added = groups.find((group) => !form.values.roleGroups.includes(group as RoleGroup));
    const next =
      added === 'Affiliate' ? ['Affiliate'] : added ? groups.filter((g) => g !== 'Affiliate') : groups;
    form.setFieldValue('roleGroups', next as RoleGroup[]);
    if (!next.includes('Affiliate')) form.setFieldValue('affiliateId', null);
  };

  const submit = form.onSubmit((values) =>
    create.mutate(
      {
        name: values.name.trim(),
        roleGroups: values.roleGroups,
        operations: values.operations,
        ...(isAffiliate && values.affiliateId ? { affiliateId: Number(values.affiliateId) } : {}),
      },
      { onError: (error) => form.setErrors(fieldErrorsOf(error, FIELDS)) },
    ),
  );

  if (create.data)
    return (
      <Modal opened={opened} onClose={onClose} title={`${create.data.account.name} was created`} size="lg">
        <Stack gap="md">
          <SecretNotice apiKey={create.data.account.apiKey} secret={create.data.secret} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <Modal opened={opened} onClose={onClose} title="New API account" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            description="Who calls with it: the integrator or system, for you to recognise."
            required
            maxLength={100}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('name')}
          />
          <MultiSelect
            label="Role groups"
            description="Which kinds of operations the account is for. An Affiliate account is bound to one affiliate."
            required
            data={[...ROLE_GROUPS]}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('roleGroups')}
            onChange={chooseGroups}
          />
          {isAffiliate && (
            <Select
              label="Affiliate"
              description="The account sees and creates only this affiliate’s prospects."
              required
              data={(affiliates.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
              disabled={affiliates.isPending}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('affiliateId')}
            />
          )}
          <Input.Wrapper
            label="Permitted operations"
            description="What the account may call; anything else is refused with 403."
            error={form.errors.operations}
          >
            <OperationsChecklist
              value={form.values.operations}
              onChange={(operations) => form.setFieldValue('operations', operations)}
            />
          </Input.Wrapper>
          <DialogFooter
            error={create.error}
            failureTitle="The account was not created"
            onCancel={onClose}
            submitLabel="Create account"
            pending={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
