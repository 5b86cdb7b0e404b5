import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DialogFooter } from '../../../components/ui/action-dialog';
import { useRotateSecret } from '../api/account-changes';
import type { ApiAccount } from '../api/get-accounts';
import { SecretNotice } from './secret-notice';

/** The grace periods offered; the server takes any whole number of hours from 0 to 168 and defaults to 24. */
const GRACE_CHOICES = [
  { value: '0', label: 'None: the current secret stops at once' },
  { value: '1', label: '1 hour' },
  { value: '24', label: '24 hours (recommended)' },
  { value: '72', label: '3 days' },
  { value: '168', label: '7 days (the longest)' },
];

/** Gives the account a new secret, shown once; the current one keeps working for the grace period chosen. */
export function RotateDialog({ account, onClose }: { account: ApiAccount | null; onClose: () => void }) {
  const rotate = useRotateSecret();
  const [grace, setGrace] = useState('24');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh dialog for each account
  useEffect(() => {
    rotate.reset();
    setGrace('24');
  }, [account?.id]);

  if (account && rotate.data)
    return (
      <Modal opened onClose={onClose} title={`New secret for ${account.name}`} size="lg">
        <Stack gap="md">
          <SecretNotice apiKey={rotate.data.account.apiKey} secret={rotate.data.secret} />
          <Text size="sm">
            {rotate.data.account.previousSecretValidUntil
              ? `The previous secret keeps working until ${new Date(rotate.data.account.previousSecretValidUntil).toLocaleString()}; after that only this one logs in.`
              : 'The previous secret no longer logs in.'}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <Modal
      opened={account !== null}
      onClose={onClose}
      title={`Rotate the secret of ${account?.name}?`}
      size="md"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (account) rotate.mutate({ accountId: account.id, graceHours: Number(grace) });
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">
            A new secret is made and shown once. Until the grace period ends both secrets log in, so the
            integrator can switch without stopping; tokens already issued keep working until they expire.
          </Text>
          <Select
            label="The current secret keeps working for"
            data={GRACE_CHOICES}
            value={grace}
            onChange={(value) => setGrace(value ?? '24')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <DialogFooter
            error={rotate.error}
            failureTitle="The secret was not rotated"
            onCancel={onClose}
            submitLabel="Rotate secret"
            pending={rotate.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
