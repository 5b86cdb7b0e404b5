import { Button, Group, type MantineColor, Modal, Stack, Textarea } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useEffect } from 'react';
import { FailureAlert } from './states';

interface DialogFooterProps {
  /** Why the last attempt failed, if it did; nothing is shown otherwise. */
  error: unknown;
  failureTitle: string;
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel: ReactNode;
  submitColor?: MantineColor;
  submitDisabled?: boolean;
  pending: boolean;
}

/** The foot of an action's form: why it failed, then Cancel and the submit button. */
export function DialogFooter(props: DialogFooterProps) {
  return (
    <>
      <FailureAlert error={props.error} title={props.failureTitle} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onCancel}>
          {props.cancelLabel ?? 'Cancel'}
        </Button>
        <Button
          type="submit"
          color={props.submitColor}
          loading={props.pending}
          disabled={props.submitDisabled}
        >
          {props.submitLabel}
        </Button>
      </Group>
    </>
  );
}

interface ActionDialogProps extends Omit<DialogFooterProps, 'onCancel'> {
  opened: boolean;
  onClose: () => void;
  title: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A dialog holding one action's form: what it acts on and asks for, why it failed, Cancel and submit. */
export function ActionDialog({ opened, onClose, title, onSubmit, children, ...footer }: ActionDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <DialogFooter {...footer} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

interface ReasonFieldProps {
  label?: string;
  description: string;
  placeholder: string;
  maxLength: number;
  /** From the form's `getInputProps('reason')`. */
  inputProps: object;
}

/** The reason an agent gives for an action, kept in the history and the audit log; focused when the dialog opens. */
export function ReasonField({
  label = 'Reason',
  description,
  placeholder,
  maxLength,
  inputProps,
}: ReasonFieldProps) {
  return (
    <Textarea
      label={label}
      description={description}
      placeholder={placeholder}
      autosize
      minRows={3}
      maxLength={maxLength}
      required
      data-autofocus
      {...inputProps}
    />
  );
}

/** Each opening of a dialog (for a given subject) starts clean: its form and the last attempt are forgotten. */
export function useResetOnOpen(opened: boolean, subject: unknown, ...resets: (() => void)[]) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (!opened) return;
    for (const reset of resets) reset();
  }, [opened, subject]);
}
