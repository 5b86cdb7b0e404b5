import { Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { DialogFooter } from '../../../components/ui/action-dialog';
import { useSetOperations } from '../api/account-changes';
import type { ApiAccount } from '../api/get-accounts';
import { OperationsChecklist } from './operations-checklist';

/** Chooses what an account may call; the change applies to its next calls (within ten seconds). */
export function OperationsModal({ account, onClose }: { account: ApiAccount | null; onClose: () => void }) {
  const save = useSetOperations();
  const [operations, setOperations] = useState<string[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh choice for each account
  useEffect(() => {
    save.reset();
    setOperations(account?.operations ?? []);
  }, [account?.id]);

  return (
    <Modal opened={account !== null} onClose={onClose} title={`Operations of ${account?.name}`} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!account) return;
          save.mutate(
            { accountId: account.id, operations },
            {
              onSuccess: (saved) => {
                notifications.show({
                  color: 'teal',
                  title: 'Saved',
                  message: `${saved.name} may call ${saved.operations.includes('*') ? 'every operation' : `${saved.operations.length} operations`}.`,
                });
                onClose();
              },
            },
          );
        }}
        noValidate
      >
        <Stack gap="md">
          <OperationsChecklist value={operations} onChange={setOperations} />
          <DialogFooter
            error={save.error}
            failureTitle="The operations were not saved"
            onCancel={onClose}
            submitLabel="Save operations"
            pending={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
