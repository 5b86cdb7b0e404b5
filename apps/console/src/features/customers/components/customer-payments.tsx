import { Badge, Button, type MantineColor, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useCan } from '../../../lib/auth';
import { formatDateTime, formatMoney, humanize } from '../../../lib/format';
import { isRefundable, type Payment, refundableOf } from '../actions';
import { RefundModal } from './actions/dialogs';
import classes from './customers.module.css';
import { NONE, Section, useFirst } from './section';
import { EnrollmentAnchor, SectionTable } from './section-table';

/** A charge's status, coloured: approved green, declined red, waiting on the gateway amber. */
function chargeColor(status: string): MantineColor {
  if (status === 'approved') return 'green';
  if (status === 'declined') return 'red';
  if (status === 'pending' || status === 'unknown') return 'yellow';
  return 'gray';
}

/** The refund dialog of one payment: kept open on the payment's newest data while the profile is read again. */
function useRefundDialog(payments: Payment[]) {
  const [refunding, setRefunding] = useState<{ payment: Payment; open: boolean } | null>(null);
  const payment = refunding && (payments.find((p) => p.id === refunding.payment.id) ?? refunding.payment);
  const dialog =
    refunding && payment ? (
      <Suspense fallback={null}>
        <RefundModal
          opened={refunding.open}
          payment={payment}
          onClose={() => setRefunding((current) => (current ? { ...current, open: false } : null))}
        />
      </Suspense>
    ) : null;
  return { open: (payment: Payment) => setRefunding({ payment, open: true }), dialog };
}

/**
 * What was charged through the gateway on any of the customer's enrollments, newest first, with what was refunded
 * of each; roles that may refund (payments.refund) refund a bill payment the gateway approved, while some is left.
 */
export function CustomerPayments({ payments }: { payments: Payment[] }) {
  const canRefund = useCan('payments.refund');
  const { shown, more } = useFirst(payments, 5);
  const refund = useRefundDialog(payments);
  return (
    <Section
      id="customer-payments"
      title="Payments"
      count={payments.length}
      description="Deposits, payments and refunds through the payment gateway, newest first."
    >
      {payments.length === 0 ? (
        <Text className={classes.empty}>No payment has been made through the gateway.</Text>
      ) : (
        <SectionTable
          minWidth={canRefund ? 640 : 560}
          head={
            <>
              <Table.Th>When</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Refunded</Table.Th>
              {canRefund && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </>
          }
        >
          {shown.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>
                <Text size="sm" component="time" dateTime={payment.at} className={classes.numeric}>
                  {formatDateTime(payment.at)}
                </Text>
                <Text size="xs" c="dimmed">
                  Payment {payment.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {humanize(payment.type)}
                </Text>
                <EnrollmentAnchor id={payment.enrollmentId} />
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={chargeColor(payment.status)}
                  radius="sm"
                  tt="none"
                  miw="max-content"
                >
                  {humanize(payment.status)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={500} className={classes.numeric}>
                  {formatMoney(payment.amount)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                {payment.refunded > 0 ? (
                  <>
                    <Text size="sm" className={classes.numeric}>
                      {formatMoney(payment.refunded)}
                    </Text>
                    <Text size="xs" c="dimmed" className={classes.numeric}>
                      {refundableOf(payment) > 0 ? `${formatMoney(refundableOf(payment))} left` : 'All of it'}
                    </Text>
                  </>
                ) : (
                  NONE
                )}
              </Table.Td>
              {canRefund && (
                <Table.Td ta="right">
                  {isRefundable(payment) && (
                    <Button
                      variant="default"
                      size="compact-sm"
                      leftSection={<IconReceiptRefund size={14} stroke={1.7} aria-hidden />}
                      onClick={() => refund.open(payment)}
                      aria-label={`Refund payment ${payment.id}`}
                    >
                      Refund
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </SectionTable>
      )}
      {more}
      {refund.dialog}
    </Section>
  );
}
