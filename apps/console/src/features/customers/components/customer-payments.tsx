import { Anchor, Badge, type MantineColor, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDateTime, formatMoney, humanize } from '../../../lib/format';
import type { CustomerProfile } from '../api/get-customer';
import classes from './customers.module.css';
import { Section, useFirst } from './section';

type Payment = CustomerProfile['payments'][number];

/** A charge's status, coloured: approved green, declined red, waiting on the gateway amber. */
function chargeColor(status: string): MantineColor {
  if (status === 'approved') return 'green';
  if (status === 'declined') return 'red';
  if (status === 'pending' || status === 'unknown') return 'yellow';
  return 'gray';
}

/** What was charged through the gateway on any of the customer's enrollments, newest first. */
export function CustomerPayments({ payments }: { payments: Payment[] }) {
  const { shown, more } = useFirst(payments, 5);
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
        <Table.ScrollContainer minWidth={520} type="native">
          <Table verticalSpacing="xs" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td>
                    <Text size="sm" component="time" dateTime={payment.at} className={classes.numeric}>
                      {formatDateTime(payment.at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{humanize(payment.type)}</Text>
                    <Anchor
                      size="xs"
                      renderRoot={(props) => (
                        <Link {...props} to="/enrollments/$id" params={{ id: payment.enrollmentId }} />
                      )}
                    >
                      Enrollment {payment.enrollmentId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={chargeColor(payment.status)} radius="sm" tt="none">
                      {humanize(payment.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={500} className={classes.numeric}>
                      {formatMoney(payment.amount)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {more}
    </Section>
  );
}
