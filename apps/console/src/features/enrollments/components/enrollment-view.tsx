import { Button, Paper, Skeleton, Stack } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { isApiFailure } from '../../../lib/api';
import { useEnrollmentPage } from '../api/get-enrollment-page';
import { AuditSection } from './audit-section';
import { BackToQueues, EnrollmentHeader } from './enrollment-header';
import classes from './enrollments.module.css';
import { MailSection } from './mail-section';
import { BillingSection, MoneySection } from './money-sections';
import { NotificationsSection } from './notifications-section';
import {
  AddressesSection,
  ContactSection,
  ContractSection,
  CreditSection,
  VerificationSection,
} from './record-sections';
import { EtfSection, LettersSection } from './review-sections';
import { TimelineSection } from './timeline-section';

function NotFound({ id }: { id: number }) {
  return (
    <EmptyState
      title={`Enrollment ${id} does not exist`}
      heading={1}
      icon={<IconFileUnknown size={24} stroke={1.6} />}
      action={
        <Button component={Link} to="/queues" variant="light" mt="xs">
          Go to the queues
        </Button>
      }
    >
      No enrollment of your company has this id. Check the number, or find it from its queue.
    </EmptyState>
  );
}

function Loading() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the enrollment">
      <Skeleton height={14} width={80} />
      <Skeleton height={30} width={320} />
      <Skeleton height={16} width={420} />
      <Skeleton height={72} />
      <div className={classes.layout}>
        <Skeleton height={380} />
        <Skeleton height={380} />
      </div>
    </Stack>
  );
}

/** Everything about one enrollment on one screen, and the actions its status and the agent's roles allow. */
export function EnrollmentView({ id }: { id: number }) {
  const page = useEnrollmentPage(id);

  useEffect(() => {
    document.title = `Enrollment ${id} · Voltin Operations`;
  }, [id]);

  if (page.isPending) return <Loading />;
  if (page.error && !page.data) {
    if (isApiFailure(page.error) && page.error.status === 404) return <NotFound id={id} />;
    return (
      <Stack gap="md">
        <BackToQueues />
        <Paper withBorder>
          <ErrorState error={page.error} onRetry={() => void page.refetch()} what={`enrollment ${id}`} />
        </Paper>
      </Stack>
    );
  }
  const data = page.data;
  const e = data.enrollment;
  const customerName = data.summary.customerName;
  const showLetters = data.creditLetters.length > 0 || e.status === 'ON_HOLD_LETTER_OF_CREDIT_PENDING_UPLOAD';

  return (
    <>
      <EnrollmentHeader page={data} />
      <div className={classes.layout}>
        <div className={classes.column}>
          <TimelineSection timeline={data.timeline} />
          <BillingSection page={data} />
          <MoneySection page={data} />
          {showLetters && (
            <LettersSection letters={data.creditLetters} enrollmentId={id} customerName={customerName} />
          )}
          {data.etfInvoices.length > 0 && <EtfSection invoices={data.etfInvoices} enrollmentId={id} />}
          <NotificationsSection notifications={data.notifications} />
          <MailSection mail={data.mail} />
          <AuditSection entries={data.audit} enrollmentId={id} />
        </div>
        <div className={`${classes.column} ${classes.details}`}>
          <ContractSection page={data} />
          <ContactSection page={data} />
          <AddressesSection page={data} />
          <CreditSection credit={data.credit} />
          <VerificationSection page={data} />
        </div>
      </div>
    </>
  );
}
