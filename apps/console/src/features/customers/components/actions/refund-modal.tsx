import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowBackUp } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { FailureAlert } from '../../../../components/ui/states';
import { isApiFailure } from '../../../../lib/api';
import { formatDateTime, formatMoney, humanize } from '../../../../lib/format';
import { focusFirstError, type Payment, refundableOf, reworded, splitFailure } from '../../actions';
import { useRefundPayment } from '../../api/refund-payment';

interface RefundModalProps {
  opened: boolean;
  payment: Payment;
  onClose: () => void;
}

const FIELDS = ['amount', 'reason'] as const;
const REASON_MAX = 500;

/** What the gateway's silence means: the money may have moved, so the refund is kept until it is known. */
export const GATEWAY_SILENT =
  'The gateway did not answer; the refund stays pending and is checked shortly — do not refund again.';

const cents = (value: number | string) => Math.round(Number(value) * 100);

/**
 * Gives back all or part of a bill payment through the gateway, in two steps: the amount (what is left, unless
 * changed) and the reason, then a summary to confirm. What is left counts refunds still waiting for the gateway.
 */
export function RefundModal({ opened, payment, onClose }: RefundModalProps) {
  const refund = useRefundPayment();
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const amountRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const left = refundableOf(payment);
  const form = useForm({
    name: 'refund',
    initialValues: { amount: left as number | string, reason: '' },
    validate: {
      amount: (value) => {
        if (value === '' || !Number.isFinite(Number(value))) return 'Enter the amount to refund.';
        if (cents(value) <= 0) return 'More than $0.00.';
        if (cents(value) > cents(left)) return `At most ${formatMoney(left)}, what is left of the payment.`;
        return null;
      },
      reason: (value) => {
        const reason = value.trim();
        if (reason.length < 3) return 'Say why, in a few words: it is kept in the audit log.';
        if (reason.length > REASON_MAX) return `At most ${REASON_MAX} characters.`;
        return null;
      },
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from what is left
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues({ amount: refundableOf(payment), reason: '' });
    form.reset();
    refund.reset();
    setStep('edit');
  }, [opened, payment.id]);

  // The step shown takes the focus: the confirmation's button, or back to the amount.
  const stepShown = useRef(step);
  useEffect(() => {
    if (stepShown.current === step) return;
    stepShown.current = step;
    (step === 'confirm' ? confirmRef.current : amountRef.current)?.focus();
  }, [step]);

  const amount = cents(form.values.amount) / 100;
  const summary = `Refund ${formatMoney(amount)} of payment ${payment.id} to the card on file`;

  const review = form.onSubmit(
    () => {
      refund.reset();
      setStep('confirm');
    },
    (errors) => focusFirstError('refund', errors),
  );

  // Everything left is asked as "the rest" (no amount): the server reserves what is left when it refunds, never more.
  const whole = cents(amount) === cents(left);
  const confirm = () =>
    refund.mutate(
      { id: payment.id, ...(whole ? {} : { amount }), reason: form.values.reason.trim() },
      {
        onSuccess: (outcome) => {
          notifications.show({
            color: 'teal',
            title: `${formatMoney(outcome.refund.amount)} refunded`,
            message: `Payment ${outcome.payment.id}: ${formatMoney(outcome.payment.refunded)} refunded of ${formatMoney(outcome.payment.amount)}, ${formatMoney(outcome.payment.refundable)} left.`,
          });
          onClose();
        },
        onError: (error) => {
          const { fields } = splitFailure(error, FIELDS);
          // The API's check of cents refuses some amounts it should take ($19.99, $1.13…): said plainly.
          if (fields.amount && /multiple of 0\.01/i.test(fields.amount))
            fields.amount = `The server cannot take ${formatMoney(amount)} yet (a known fault in its check of cents). Refunding everything left works.`;
          if (Object.keys(fields).length > 0) {
            form.setErrors(fields);
            setStep('edit');
          }
        },
      },
    );

  const silent = isApiFailure(refund.error) && refund.error.code === 'UPSTREAM_UNAVAILABLE';
  useEffect(() => {
    if (silent) confirmRef.current?.focus();
  }, [silent]);
  const failure = reworded(splitFailure(refund.error, FIELDS).rest, {
    UPSTREAM_UNAVAILABLE: GATEWAY_SILENT,
    REFUND_EXCEEDS_PAYMENT:
      'The refund would give back more than is left of the payment (refunds waiting for the gateway count). The payment was read again: check the amount.',
  });
  const failureTitle = isApiFailure(refund.error)
    ? refund.error.code === 'PAYMENT_DECLINED'
      ? 'Declined by the gateway'
      : silent
        ? 'Refund pending'
        : 'Not refunded'
    : undefined;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={step === 'edit' ? 'Refund payment' : 'Confirm the refund'}
      size="md"
    >
      {step === 'edit' ? (
        <form onSubmit={review} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Payment <strong>{payment.id}</strong> · {humanize(payment.type)} of{' '}
              <strong>{formatMoney(payment.amount)}</strong> on {formatDateTime(payment.at)} · enrollment{' '}
              {payment.enrollmentId}
            </Text>
            <NumberInput
              label="Amount to refund"
              description={
                payment.refunded > 0
                  ? `${formatMoney(left)} left: ${formatMoney(payment.refunded)} already refunded.`
                  : `Up to ${formatMoney(left)}, the whole payment.`
              }
              prefix="$"
              decimalScale={2}
              fixedDecimalScale
              thousandSeparator=","
              allowNegative={false}
              min={0.01}
              max={left}
              clampBehavior="none"
              hideControls
              required
              ref={amountRef}
              data-autofocus
              {...form.getInputProps('amount')}
            />
            <Textarea
              label="Reason"
              description="Kept in the audit log with the refund."
              placeholder="e.g. Paid twice by mistake"
              autosize
              minRows={2}
              maxLength={REASON_MAX}
              required
              {...form.getInputProps('reason')}
            />
            {refund.error ? <FailureAlert error={failure} title={failureTitle} /> : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Review refund</Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={summary}>
            <Text size="sm">
              The gateway gives the money back to the card or account the payment was made with. A refund
              cannot be undone.
            </Text>
            <Text size="sm" mt={6}>
              Reason: {form.values.reason.trim()}
            </Text>
          </Alert>
          <FailureAlert error={failure} title={failureTitle} />
          <Group justify="flex-end" gap="sm">
            {silent ? (
              <Button ref={confirmRef} onClick={onClose}>
                Close
              </Button>
            ) : (
              <>
                <Button
                  variant="default"
                  leftSection={<IconArrowBackUp size={16} />}
                  onClick={() => setStep('edit')}
                  disabled={refund.isPending}
                >
                  Back
                </Button>
                <Button ref={confirmRef} color="red.9" loading={refund.isPending} onClick={confirm}>
                  Refund {formatMoney(amount)}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
