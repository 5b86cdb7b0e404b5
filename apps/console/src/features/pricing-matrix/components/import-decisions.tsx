import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatCount } from '../../../lib/format';
import {
  isInForceChanged,
  useActivatePricingMatrix,
  useDiscardPricingMatrix,
} from '../api/decide-pricing-matrix';
import type { MatrixDifferences } from '../api/get-differences';
import { contentsOf } from '../model';

/** "1 added, 1 removed, 1 changed and 957 unchanged". */
const countsText = ({ counts }: MatrixDifferences) =>
  `${formatCount(counts.added)} added, ${formatCount(counts.removed)} removed, ${formatCount(counts.changed)} changed and ${formatCount(counts.unchanged)} unchanged`;

interface ImportDecisionsProps {
  /** The differences read: the import, and the matrix in force they were read against. */
  differences: MatrixDifferences;
  /** The decision is made: the review closes. */
  onDone: () => void;
  /** Another matrix was put in force meanwhile: nothing changed, the differences are read again. */
  onInForceChanged: () => void;
}

/** Put a pending import in force or discard it; restore a past one. Each asks first, naming what it does. */
export function ImportDecisions({ differences, onDone, onInForceChanged }: ImportDecisionsProps) {
  const [dialog, setDialog] = useState<'activate' | 'discard' | null>(null);
  const activate = useActivatePricingMatrix();
  const discard = useDiscardPricingMatrix();
  const { import: matrix, inForce } = differences;
  const restoring = matrix.status === 'replaced';

  const open = (which: 'activate' | 'discard') => {
    activate.reset();
    discard.reset();
    setDialog(which);
  };
  // mutateAsync: the answer is handled even when the review has moved on (the import is no longer pending once the
  // lists are read again, and these buttons are gone).
  const putInForce = () =>
    activate.mutateAsync({ importId: matrix.id, inForceId: inForce?.id ?? null }).then(
      () => {
        notifications.show({
          color: 'teal',
          title: `${matrix.fileName} is in force`,
          message: `${restoring ? 'Restored: p' : 'P'}rospects are priced from its ${contentsOf(matrix)}.`,
        });
        onDone();
      },
      (error: unknown) => {
        if (!isInForceChanged(error)) return;
        setDialog(null);
        onInForceChanged();
      },
    );
  const throwAway = () =>
    discard.mutateAsync(matrix.id).then(
      () => {
        notifications.show({
          color: 'teal',
          title: `${matrix.fileName} discarded`,
          message: 'Nothing changed in force.',
        });
        onDone();
      },
      // Shown in the dialog, which stays open.
      () => undefined,
    );

  return (
    <>
      <Group gap="xs">
        <Button
          leftSection={restoring ? <IconArrowBackUp size={16} /> : <IconCircleCheck size={16} />}
          onClick={() => open('activate')}
        >
          {restoring ? 'Restore' : 'Put in force'}
        </Button>
        {!restoring && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => open('discard')}
          >
            Discard
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={dialog === 'activate'}
        title={restoring ? `Restore ${matrix.fileName}?` : `Put ${matrix.fileName} in force?`}
        confirmLabel={restoring ? 'Restore' : 'Put in force'}
        loading={activate.isPending}
        error={isInForceChanged(activate.error) ? null : activate.error}
        onConfirm={putInForce}
        onClose={() => setDialog(null)}
      >
        <Text size="sm">
          Prospects are priced from its {contentsOf(matrix)} at once: {countsText(differences)} against the
          matrix in force.
        </Text>
        <Text size="sm">
          {inForce
            ? `${inForce.fileName} (${contentsOf(inForce)}), in force now, becomes history; it can be restored.`
            : 'No matrix is in force now.'}
        </Text>
        {differences.counts.removed > 0 && (
          <Text size="sm" fw={500}>
            A prospect asking for{' '}
            {differences.counts.removed === 1
              ? 'the removed price'
              : `one of the ${formatCount(differences.counts.removed)} removed prices`}{' '}
            is refused (PRICE_NOT_FOUND) from then on.
          </Text>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'discard'}
        title={`Discard ${matrix.fileName}?`}
        confirmLabel="Discard"
        danger
        loading={discard.isPending}
        error={discard.error}
        onConfirm={throwAway}
        onClose={() => setDialog(null)}
      >
        <Text size="sm">
          Its {contentsOf(matrix)} are let go: it can never be put in force. The matrix in force does not
          change.
        </Text>
      </ConfirmDialog>
    </>
  );
}
