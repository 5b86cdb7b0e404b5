import { Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { DialogFooter } from '../../../../components/ui/action-dialog';
import { FailureAlert } from '../../../../components/ui/states';
import { useEnrollmentPage } from '../../../enrollments/api/get-enrollment-page';
import { DELIVERY_METHODS, deliveryLabel, reworded } from '../../actions';
import { useChangeDeliveryMethod } from '../../api/enrollment-changes';

interface DeliveryMethodModalProps {
  opened: boolean;
  enrollmentId: number;
  onClose: () => void;
}

/**
 * How the enrollment's bills reach the customer: email, letter or both, as the customer may change it. The current
 * method comes from the enrollment's page (already read on that page; read here from the profile).
 */
export function DeliveryMethodModal({ opened, enrollmentId, onClose }: DeliveryMethodModalProps) {
  const page = useEnrollmentPage(enrollmentId);
  const current = page.data?.enrollment.id_method_delivery;
  const change = useChangeDeliveryMethod();
  const form = useForm({ initialValues: { method: '' } });

  // Each opening starts afresh, from the method on file once it is known. (Not again when it changes: the
  // answer's own refetch must not reset the dialog before it says how the change went.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (opened) change.reset();
  }, [opened, enrollmentId]);
  const known = current !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the method on file, when the dialog opens or is first known
  useEffect(() => {
    if (!opened) return;
    form.setValues({ method: current === undefined ? '' : String(current) });
    form.resetDirty();
  }, [opened, enrollmentId, known]);

  const submit = form.onSubmit(({ method }) => {
    const chosen = Number(method);
    change.mutate(
      { id: enrollmentId, body: { id_method_delivery: chosen } },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Bill delivery changed',
            message: `Enrollment ${enrollmentId} is billed by ${deliveryLabel(chosen).toLowerCase()} from now on.`,
          });
          onClose();
        },
      },
    );
  });

  const unchanged = form.values.method === '' || Number(form.values.method) === current;

  return (
    <Modal opened={opened} onClose={onClose} title="Bill delivery" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            How the bills of enrollment <strong>{enrollmentId}</strong> reach the customer. It can change
            while the supplier sends the bill (not when the utility bills).
          </Text>
          {page.isPending ? (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Reading the enrollment…
              </Text>
            </Group>
          ) : page.error && !page.data ? (
            <FailureAlert error={page.error} title="Could not read the enrollment" />
          ) : (
            <Radio.Group
              label="Send bills by"
              description={current !== undefined ? `Now: ${deliveryLabel(current)}` : undefined}
              {...form.getInputProps('method')}
            >
              <Stack gap="xs" mt="xs">
                {DELIVERY_METHODS.map((method) => (
                  <Radio
                    key={method.value}
                    value={String(method.value)}
                    label={method.label}
                    data-autofocus={method.value === current ? true : undefined}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <DialogFooter
            error={reworded(change.error, {
              DELIVERY_METHOD_CHANGE_NOT_ALLOWED:
                'The delivery method of this enrollment cannot change now: the utility bills in its market, or the billing system is still waiting for information.',
            })}
            failureTitle="Not changed"
            onCancel={onClose}
            submitLabel="Save"
            submitDisabled={unchanged}
            pending={change.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
