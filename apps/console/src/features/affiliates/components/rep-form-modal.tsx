import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DialogFooter, useResetOnOpen } from '../../../components/ui/action-dialog';
import { changedFields, looksLikeEmail } from '../../../lib/forms';
import { splitFailure } from '../../customers/actions';
import { useAddRep, useChangeRep } from '../api/affiliate-changes';
import type { AffiliateRep } from '../api/get-affiliates';

const FIELDS = ['reference', 'name', 'email', 'phone'] as const;
type RepValues = Record<(typeof FIELDS)[number], string>;

const valuesOf = (rep: AffiliateRep | null): RepValues => ({
  reference: rep?.reference ?? '',
  name: rep?.name ?? '',
  email: rep?.email ?? '',
  phone: rep?.phone ?? '',
});

const bodyOf = (values: RepValues) => ({
  reference: values.reference.trim(),
  name: values.name.trim(),
  email: values.email.trim() || null,
  phone: values.phone.trim() || null,
});

interface RepFormModalProps {
  opened: boolean;
  affiliateId: number;
  /** The rep edited; null: a new one. */
  rep: AffiliateRep | null;
  onClose: () => void;
}

/** A rep of the affiliate: the reference its sales system sends as repReferenceId, name, email and phone. */
export function RepFormModal({ opened, affiliateId, rep, onClose }: RepFormModalProps) {
  const add = useAddRep();
  const change = useChangeRep();
  const save = rep ? change : add;
  const form = useForm<RepValues>({
    name: 'rep',
    initialValues: valuesOf(rep),
    validate: {
      reference: (value) => (value.trim() ? null : 'The reference the affiliate’s system sends.'),
      name: (value) => (value.trim() ? null : 'Name the rep.'),
      email: (value) => (!value.trim() || looksLikeEmail(value) ? null : 'Not an email address.'),
    },
  });
  const startOver = () => {
    form.setInitialValues(valuesOf(rep));
    form.reset();
  };
  useResetOnOpen(opened, rep?.id, startOver, add.reset, change.reset);
  const failed = (error: unknown) => form.setErrors(splitFailure(error, FIELDS).fields);
  const submit = form.onSubmit((values) => {
    const body = bodyOf(values);
    if (rep)
      change.mutate(
        { affiliateId, repId: rep.id, ...changedFields(bodyOf(valuesOf(rep)), body) },
        { onSuccess: onClose, onError: failed },
      );
    else add.mutate({ affiliateId, ...body }, { onSuccess: onClose, onError: failed });
  });
  return (
    <Modal opened={opened} onClose={onClose} title={rep ? `Edit ${rep.name}` : 'New rep'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required maxLength={200} data-autofocus {...form.getInputProps('name')} />
            <TextInput
              label="Reference"
              description="The repReferenceId the affiliate’s system sends"
              required
              maxLength={100}
              {...form.getInputProps('reference')}
            />
            <TextInput label="Email" type="email" maxLength={200} {...form.getInputProps('email')} />
            <TextInput label="Phone" type="tel" maxLength={30} {...form.getInputProps('phone')} />
          </SimpleGrid>
          <DialogFooter
            error={splitFailure(save.error, FIELDS).rest}
            failureTitle={rep ? 'The rep was not changed' : 'The rep was not added'}
            onCancel={onClose}
            submitLabel={rep ? 'Save' : 'Add rep'}
            pending={save.isPending}
            submitDisabled={rep !== null && !form.isDirty()}
          />
        </Stack>
      </form>
    </Modal>
  );
}
