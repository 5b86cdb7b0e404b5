import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { DepositPayment, HostedPaymentOutcome } from '../../components/payments/deposit-payment';
import { QueryState } from '../../components/query-state';
import { api, dataOf } from '../../lib/api';
import { money } from '../../lib/format';
import { useLanguageId } from '../../lib/i18n';
import { thankYouQuery } from './queries';
import './messages';

const enrollmentQuery = (enrollmentId: number) => ({
  queryKey: ['account', 'enrollment', enrollmentId],
  queryFn: async () =>
    dataOf(await api.GET('/api/v1/enrollments/{enrollmentId}', { params: { path: { enrollmentId } } })),
});

/** Statuses in which the enrollment waits on us, not on the customer (the billing system will be tried again). */
const WAITING_ON_US = new Set(['SUBMITION_NOT_SENT_CONNECTION_ERROR', 'SUBMITTED_WITH_ERRORS']);

/**
 * After enrolling: the plan's thank-you page (its text and documents), where the enrollment stands as customers see
 * it, and what is left to do — the deposit to pay now or later, a letter of credit, autopay.
 */
export default function ThankYou({ enrollmentId }: { enrollmentId: number }) {
  const { t } = useTranslation('enrollment');
  const [params] = useSearchParams();
  const planId = Number(params.get('plan'));
  const depositChoice = params.get('deposit');
  const enrollment = useQuery(enrollmentQuery(enrollmentId));
  const page = useQuery({ ...thankYouQuery(planId, useLanguageId()), enabled: planId > 0 });
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('done.title')}</Title>
      {page.data && <Text>{page.data.thank_you_text}</Text>}
      <QueryState query={enrollment}>
        {(shown) => {
          // The API lists the history newest first.
          const latest = shown.enrollment_statuses[0];
          const depositDue = shown.showPaymentDeposit && shown.pendingDepositAmount > 0;
          return (
            <Stack gap="md">
              <Paper withBorder p="md">
                <Text>{t('done.number', { id: shown.id_enrollment })}</Text>
                <Text fw={600}>
                  {t('done.status', { status: latest?.status_for_customers ?? shown.status })}
                </Text>
              </Paper>
              <HostedPaymentOutcome />
              {WAITING_ON_US.has(shown.status) && <Alert color="blue">{t('done.offline')}</Alert>}
              {shown.statusDetails.manualApprovalPending && <Alert color="blue">{t('done.review')}</Alert>}
              {depositDue && depositChoice === 'PayNow' && (
                <DepositPayment
                  customerId={shown.id_customer}
                  enrollmentId={shown.id_enrollment}
                  ldcNumber={shown.service_address.ldc_account}
                  amount={shown.pendingDepositAmount}
                />
              )}
              {depositDue && depositChoice !== 'PayNow' && depositChoice !== 'LetterOfCredit' && (
                <Alert color="yellow">
                  {t('done.payLater', { amount: money(shown.pendingDepositAmount) })}
                </Alert>
              )}
              {depositChoice === 'LetterOfCredit' && <Alert color="yellow">{t('done.letterOfCredit')}</Alert>}
              {shown.statusDetails.autopaySubscriptionPending && (
                <Alert color="yellow">{t('done.autopay')}</Alert>
              )}
              <Button component={Link} href="/account" variant="light" w={{ base: '100%', xs: 'auto' }}>
                {t('done.account')}
              </Button>
            </Stack>
          );
        }}
      </QueryState>
      {page.data && page.data.documents.length > 0 && (
        <Stack gap={4}>
          <Text fw={600}>{t('done.documents')}</Text>
          {page.data.documents
            .filter((document) => document.display_in_thank_you_page)
            .map((document) => (
              <Anchor key={document.id_plan_document} href={document.url} target="_blank">
                {document.name}
              </Anchor>
            ))}
          {page.data.rescission_period > 0 && (
            <Text size="sm" c="dimmed">
              {t('done.rescission', { days: page.data.rescission_period })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
