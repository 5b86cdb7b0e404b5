import { Alert, Badge, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { DepositPayment, HostedPaymentOutcome } from '../../../components/payments/deposit-payment';
import { QueryState } from '../../../components/query-state';
import { calendarDate, money } from '../../../lib/format';
import { useLanguageId } from '../../../lib/i18n';
import { planQuery } from '../../shopping/queries';
import { AccountLayout } from '../account-layout';
import { configurationQuery } from '../queries';
import { AutopaySection } from './autopay-section';
import { BalanceSection } from './balance-section';
import { CancelSection } from './cancel-section';
import { CreditLetterSection, involvesCreditLetter } from './credit-letter-section';
import { MoveSection } from './move-section';
import { PaperlessSection } from './paperless-section';
import { statusWords } from './parts';
import { PaymentHistorySection } from './payment-history-section';
import {
  type AccountOptions,
  billingSummaryQuery,
  type Enrollment,
  enrollmentQuery,
  type PlanDetails,
} from './queries';
import { RenewalSection, usePendingRenewal } from './renewal-section';
import { StatementsSection } from './statements-section';
import { SummarySection } from './summary-section';
import { UsageSection } from './usage-section';
import './messages';

const TABS = ['details', 'billing', 'manage'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/** One enrollment in My account (/account/enrollments/:enrollmentId); another enrollment starts afresh. */
export default function EnrollmentPage({
  customerId,
  enrollmentId,
}: {
  customerId: number;
  enrollmentId: number;
}) {
  return <EnrollmentView key={enrollmentId} customerId={customerId} enrollmentId={enrollmentId} />;
}

/**
 * The enrollment page, in three tabs kept in the address (?tab=): its details (what it is, and what the customer has
 * to do: a deposit, a letter of credit), its bills and payments, and what the customer may change (autopay, paperless
 * billing, renewal, a move, cancelling) — each part only when the enrollment and the company's options offer it.
 */
function EnrollmentView({ customerId, enrollmentId }: { customerId: number; enrollmentId: number }) {
  const { t } = useTranslation('enrollmentPage');
  const enrollment = useQuery(enrollmentQuery(enrollmentId));
  const options = useQuery(configurationQuery);
  const plan = useQuery({
    ...planQuery(enrollment.data?.id_plan ?? 0, useLanguageId()),
    enabled: enrollment.isSuccess,
  });
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'details';
  const show = (next: Tab) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        changed.set('tab', next);
        return changed;
      },
      { replace: true },
    );

  const address = enrollment.data?.service_address.address_1;
  return (
    <AccountLayout title={address ? t('title', { address }) : t('titleLoading')}>
      <QueryState query={enrollment}>
        {(shown) => (
          <Stack gap="md" maw={960}>
            <Group gap="xs">
              <Badge variant="light" size="lg">
                {statusWords(shown.enrollment_statuses[0] ?? { name: shown.status })}
              </Badge>
              <Text size="sm" c="dimmed">
                {shown.plans[0]?.name}
              </Text>
            </Group>
            <HostedPaymentOutcome />
            <Tabs value={tab} onChange={(value) => isTab(value) && show(value)} keepMounted={false}>
              <Tabs.List grow aria-label={t('tabs.label')}>
                {TABS.map((name) => (
                  <Tabs.Tab key={name} value={name}>
                    {t(`tabs.${name}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <QueryState query={options}>
                {(accountOptions) => (
                  <>
                    <Tabs.Panel value="details" pt="md">
                      <Details customerId={customerId} enrollment={shown} plan={plan.data} onShow={show} />
                    </Tabs.Panel>
                    <Tabs.Panel value="billing" pt="md">
                      <Billing customerId={customerId} enrollment={shown} options={accountOptions} />
                    </Tabs.Panel>
                    <Tabs.Panel value="manage" pt="md">
                      {plan.data && (
                        <Manage
                          customerId={customerId}
                          enrollment={shown}
                          plan={plan.data}
                          options={accountOptions}
                        />
                      )}
                    </Tabs.Panel>
                  </>
                )}
              </QueryState>
            </Tabs>
          </Stack>
        )}
      </QueryState>
    </AccountLayout>
  );
}

function Details({
  customerId,
  enrollment,
  plan,
  onShow,
}: {
  customerId: number;
  enrollment: Enrollment;
  plan: PlanDetails | undefined;
  onShow: (tab: Tab) => void;
}) {
  const { t } = useTranslation('enrollmentPage');
  const depositDue = enrollment.showPaymentDeposit && enrollment.pendingDepositAmount > 0;
  const pendingRenewal = usePendingRenewal(customerId, enrollment);
  const summary = useQuery({
    ...billingSummaryQuery(enrollment.id_enrollment),
    enabled: enrollment.showPayments,
  }).data;
  return (
    <Stack gap="md">
      {depositDue && (
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-label={t('depositDue')}>
          <DepositPayment
            customerId={customerId}
            enrollmentId={enrollment.id_enrollment}
            ldcNumber={enrollment.service_address.ldc_account}
            amount={enrollment.pendingDepositAmount}
          />
        </Paper>
      )}
      {involvesCreditLetter(enrollment) && <CreditLetterSection enrollment={enrollment} />}
      {enrollment.statusDetails.autopaySubscriptionPending && (
        <ToDo text={t('autopay.required')} action={t('autopay.turnOn')} onClick={() => onShow('manage')} />
      )}
      {enrollment.showRenewable && enrollment.contract_end_date && pendingRenewal.data === null && (
        <ToDo
          text={t('summary.renewalOpen', { date: calendarDate(enrollment.contract_end_date) })}
          action={t('summary.seeRenewal')}
          onClick={() => onShow('manage')}
        />
      )}
      {enrollment.canMakePayments && summary && summary.amountDueAmt > 0 && (
        <ToDo
          text={t('summary.amountDue', { amount: money(summary.amountDueAmt) })}
          action={t('summary.payNow')}
          onClick={() => onShow('billing')}
        />
      )}
      <SummarySection enrollment={enrollment} plan={plan} />
    </Stack>
  );
}

/** Something the customer has to do, with the button that takes them there. */
function ToDo({ text, action, onClick }: { text: string; action: string; onClick: () => void }) {
  return (
    <Alert color="yellow">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{text}</Text>
        <Button size="compact-sm" variant="white" onClick={onClick}>
          {action}
        </Button>
      </Group>
    </Alert>
  );
}

function Billing({
  customerId,
  enrollment,
  options,
}: {
  customerId: number;
  enrollment: Enrollment;
  options: AccountOptions;
}) {
  const { t } = useTranslation('enrollmentPage');
  if (!enrollment.showPayments)
    return (
      <Stack gap="md">
        <Alert color="blue">{t('balance.utilityBills')}</Alert>
        <UsageSection enrollmentId={enrollment.id_enrollment} />
      </Stack>
    );
  return (
    <Stack gap="md">
      <BalanceSection customerId={customerId} enrollment={enrollment} options={options} />
      <StatementsSection enrollmentId={enrollment.id_enrollment} />
      <UsageSection enrollmentId={enrollment.id_enrollment} />
      <PaymentHistorySection enrollmentId={enrollment.id_enrollment} />
    </Stack>
  );
}

function Manage({
  customerId,
  enrollment,
  plan,
  options,
}: {
  customerId: number;
  enrollment: Enrollment;
  plan: PlanDetails;
  options: AccountOptions;
}) {
  return (
    <Stack gap="md">
      {enrollment.showPayments && (
        <AutopaySection customerId={customerId} enrollment={enrollment} options={options} />
      )}
      <PaperlessSection customerId={customerId} enrollment={enrollment} />
      <RenewalSection customerId={customerId} enrollment={enrollment} plan={plan} />
      {options.my_account_transfer_of_service && enrollment.service_address.state === 'TX' && (
        <MoveSection enrollment={enrollment} plan={plan} />
      )}
      {options.my_account_remove_drop_option && <CancelSection enrollment={enrollment} plan={plan} />}
    </Stack>
  );
}
