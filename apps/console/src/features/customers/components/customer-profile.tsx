import { Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { isApiFailure } from '../../../lib/api';
import { useCan } from '../../../lib/auth';
import { useCustomer } from '../api/get-customer';
import { preloadCustomerDialogs } from './actions/dialogs';
import { CustomerAuditTrail } from './customer-audit-trail';
import { CustomerDetails } from './customer-details';
import { CustomerEnrollments } from './customer-enrollments';
import { CustomerHeader } from './customer-header';
import { CustomerIdentity } from './customer-identity';
import { CustomerNotes } from './customer-notes';
import { CustomerNotifications } from './customer-notifications';
import { CustomerPayments } from './customer-payments';
import { CustomerStatements } from './customer-statements';
import classes from './customers.module.css';

function NoSuchCustomer({ id }: { id: string }) {
  return (
    <EmptyState
      title={`No customer ${id}`}
      heading={1}
      icon={<IconUserQuestion size={24} stroke={1.6} />}
      action={
        <Button renderRoot={(props) => <Link {...props} to="/customers" />} variant="light" mt="xs">
          Search customers
        </Button>
      }
    >
      There is no customer with this id in your company. It may be mistyped.
    </EmptyState>
  );
}

function ProfileSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the customer">
      <Group gap="md">
        <Skeleton height={52} circle />
        <Stack gap={8}>
          <Skeleton height={22} width={240} />
          <Skeleton height={12} width={180} />
        </Stack>
      </Group>
      <div className={classes.layout}>
        <Skeleton height={360} radius="md" />
        <Skeleton height={280} radius="md" />
      </div>
    </Stack>
  );
}

function Profile({ id }: { id: number }) {
  const { data: customer, error, isPending, refetch } = useCustomer(id);
  const canReadAudit = useCan('audit.read');
  const canAct = useCan('customers.act');
  const canRefund = useCan('payments.refund');

  // The action dialogs the roles may open are fetched while the browser is idle.
  useEffect(() => {
    const names = [
      ...(canAct ? (['passwordReset', 'delivery', 'drop', 'transfer', 'renewal'] as const) : []),
      ...(canRefund ? (['refund'] as const) : []),
    ];
    return names.length > 0 ? preloadCustomerDialogs(names) : undefined;
  }, [canAct, canRefund]);

  // The tab names the customer once known.
  useEffect(() => {
    if (customer) document.title = `${customer.name} · Customers · Voltin Operations`;
  }, [customer]);

  if (isPending) return <ProfileSkeleton />;
  if (error && !customer) {
    if (isApiFailure(error) && error.status === 404) return <NoSuchCustomer id={String(id)} />;
    return (
      <Paper withBorder>
        <ErrorState error={error} onRetry={() => void refetch()} what="this customer" />
      </Paper>
    );
  }

  return (
    <Stack gap="lg">
      <CustomerHeader customer={customer} />
      <div className={classes.layout}>
        <div className={classes.details}>
          <CustomerDetails customer={customer} />
          <div className={classes.stack}>
            {/* Keyed by customer: a revealed value never carries over to another customer. */}
            <CustomerIdentity key={customer.id} customer={customer} />
            <CustomerNotes customerId={customer.id} notes={customer.notes} />
          </div>
        </div>
        <div className={classes.activity}>
          <CustomerEnrollments enrollments={customer.enrollments} />
          <CustomerPayments payments={customer.payments} />
          <CustomerStatements statements={customer.statements} />
          <CustomerNotifications notifications={customer.notifications} />
          {canReadAudit && <CustomerAuditTrail customerId={customer.id} />}
        </div>
      </div>
    </Stack>
  );
}

/**
 * A customer's profile, laid out like a payments dashboard's customer page: the header with the name, key facts and
 * the Actions menu; details, identity and staff notes on the left; the activity on the right (enrollments, payments,
 * statements, notifications, console activity). On a tablet, details sit beside identity and notes, above the rest.
 */
export function CustomerProfileView({ id }: { id: string }) {
  const customerId = Number(id);
  if (!/^\d{1,15}$/.test(id) || !Number.isSafeInteger(customerId) || customerId < 1)
    return <NoSuchCustomer id={id} />;
  return <Profile key={customerId} id={customerId} />;
}
