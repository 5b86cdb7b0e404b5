import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { DialogFooter, useResetOnOpen } from '../../../components/ui/action-dialog';
import { splitFailure } from '../../customers/actions';
import { useChangeAffiliate, useCreateAffiliate } from '../api/affiliate-changes';
import type { AffiliateSummary } from '../api/get-affiliates';

interface AffiliateFormModalProps {
  opened: boolean;
  /** The affiliate renamed; null: a new one. */
  affiliate: Pick<AffiliateSummary, 'id' | 'name'> | null;
  onClose: () => void;
}

/** A new affiliate, or an affiliate's new name (unique in the company). */
export function AffiliateFormModal({ opened, affiliate, onClose }: AffiliateFormModalProps) {
  const create = useCreateAffiliate();
  const change = useChangeAffiliate();
  const save = affiliate ? change : create;
  const navigate = useNavigate();
  const form = useForm({
    name: 'affiliate',
    initialValues: { name: affiliate?.name ?? '' },
    validate: { name: (value) => (value.trim() ? null : 'Name the affiliate.') },
  });
  useResetOnOpen(
    opened,
    affiliate?.id,
    () => {
      form.setInitialValues({ name: affiliate?.name ?? '' });
      form.reset();
    },
    create.reset,
    change.reset,
  );
  const failed = (error: unknown) => form.setErrors(splitFailure(error, ['name'] as const).fields);
  const submit = form.onSubmit(({ name }) => {
    if (affiliate) {
      change.mutate(
        { affiliateId: affiliate.id, name: name.trim() },
        { onSuccess: onClose, onError: failed },
      );
      return;
    }
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (created) => {
          notifications.show({ color: 'teal', title: 'Affiliate added', message: created.name });
          onClose();
          void navigate({ to: '/affiliates/$id', params: { id: created.id } });
        },
        onError: failed,
      },
    );
  });
  return (
    <Modal opened={opened} onClose={onClose} title={affiliate ? 'Rename the affiliate' : 'New affiliate'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" required maxLength={100} data-autofocus {...form.getInputProps('name')} />
          <DialogFooter
            error={splitFailure(save.error, ['name'] as const).rest}
            failureTitle={affiliate ? 'The affiliate was not renamed' : 'The affiliate was not added'}
            onCancel={onClose}
            submitLabel={affiliate ? 'Rename' : 'Add affiliate'}
            pending={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
