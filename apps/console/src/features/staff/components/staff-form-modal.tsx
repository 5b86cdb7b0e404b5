import { Badge, Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { FailureAlert } from '../../../components/ui/states';
import { isApiFailure } from '../../../lib/api';
import { fieldErrorsOf, looksLikeEmail } from '../../../lib/forms';
import { type CreatedStaffUser, useCreateStaff } from '../api/create-staff';
import { type StaffRole, useRoles } from '../api/get-roles';
import type { StaffUser } from '../api/get-staff';
import { useUpdateStaff } from '../api/update-staff';
import { SetupLinkNotice } from './setup-link-notice';

const FIELDS = ['email', 'name', 'roles'] as const;

interface StaffFormModalProps {
  opened: boolean;
  /** The user to edit; none to add one. */
  user: StaffUser | null;
  onClose: () => void;
}

interface Values {
  email: string;
  name: string;
  roles: string[];
}

/** Adds a staff user (then shows their set-up link once) or changes a user's name and roles. */
export function StaffFormModal({ opened, user, onClose }: StaffFormModalProps) {
  const roles = useRoles();
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const [created, setCreated] = useState<CreatedStaffUser | null>(null);
  const editing = user !== null;
  const mutation = editing ? update : create;

  const form = useForm<Values>({
    initialValues: { email: '', name: '', roles: [] },
    validate: {
      email: (value) => (editing || looksLikeEmail(value) ? null : 'Enter an email address'),
      name: (value) =>
        value.trim() ? (value.trim().length > 120 ? 'At most 120 characters' : null) : 'Enter a name',
      roles: (value) => (value.length > 0 ? null : 'Choose at least one role'),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens
  useEffect(() => {
    if (!opened) return;
    setCreated(null);
    create.reset();
    update.reset();
    form.setValues(
      user ? { email: user.email, name: user.name, roles: user.roles } : { email: '', name: '', roles: [] },
    );
    form.resetDirty();
    form.clearErrors();
  }, [opened, user?.id]);

  const onFailure = (error: unknown) => {
    form.setErrors(fieldErrorsOf(error, FIELDS));
    if (isApiFailure(error) && error.code === 'STAFF_EMAIL_TAKEN') form.setFieldError('email', error.message);
  };

  const submit = form.onSubmit((values) => {
    // The role names come from GET /roles; the server refuses any it does not know.
    const chosen = values.roles as StaffRole[];
    if (user) {
      update.mutate(
        { id: user.id, name: values.name.trim(), roles: chosen },
        {
          onSuccess: (saved) => {
            notifications.show({
              color: 'teal',
              title: 'Saved',
              message: `${saved.name} (${saved.email}) was updated.`,
            });
            onClose();
          },
          onError: onFailure,
        },
      );
    } else {
      create.mutate(
        { email: values.email.trim().toLowerCase(), name: values.name.trim(), roles: chosen },
        { onSuccess: setCreated, onError: onFailure },
      );
    }
  });

  const granted = new Set(
    (roles.data ?? [])
      .filter((role) => form.values.roles.includes(role.role))
      .flatMap((role) => role.permissions),
  );

  if (created)
    return (
      <Modal opened={opened} onClose={onClose} title={`${created.user.name} was added`} size="lg">
        <Stack gap="md">
          <SetupLinkNotice email={created.user.email} link={created.setupLink} />
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? `Edit ${user.name}` : 'Add staff'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            placeholder="name@bluebonnet.example"
            required={!editing}
            readOnly={editing}
            variant={editing ? 'filled' : 'default'}
            description={editing ? 'The email cannot change: add a new user instead.' : undefined}
            data-autofocus={!editing || undefined}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Name"
            autoComplete="off"
            required
            maxLength={120}
            data-autofocus={editing || undefined}
            {...form.getInputProps('name')}
          />
          <MultiSelect
            label="Roles"
            placeholder={form.values.roles.length ? undefined : 'Choose roles'}
            required
            data={(roles.data ?? []).map((role) => role.role)}
            disabled={roles.isPending}
            error={roles.error ? 'The roles could not be loaded' : undefined}
            comboboxProps={{ withinPortal: true }}
            hidePickedOptions
            {...form.getInputProps('roles')}
          />
          {granted.size > 0 && (
            <div>
              <Text size="xs" c="dimmed" mb={4}>
                These roles permit
              </Text>
              <Group gap={4}>
                {[...granted].map((permission) => (
                  <Badge key={permission} variant="light" color="gray" radius="sm" tt="none" fw={500}>
                    {permission}
                  </Badge>
                ))}
              </Group>
            </div>
          )}
          {/* A taken email is said at the field itself. */}
          {!(isApiFailure(mutation.error) && mutation.error.code === 'STAFF_EMAIL_TAKEN') && (
            <FailureAlert error={mutation.error} title={editing ? 'Not saved' : 'Not added'} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {editing ? 'Save' : 'Add staff user'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
