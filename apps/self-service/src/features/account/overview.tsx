import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { QueryState } from '../../components/query-state';
import { calendarDate, money } from '../../lib/format';
import { AccountLayout } from './account-layout';
import {
  customerStatusOf,
  type Enrollment,
  enrollmentsQuery,
  notificationsQuery,
  profileQuery,
} from './queries';
import './messages';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );
}

/** The contract's dates, or the requested start while the contract has none yet. */
function useContractWords() {
  const { t } = useTranslation('account');
  return (enrollment: Enrollment): string => {
    const start = enrollment.contract_start_date;
    const end = enrollment.contract_end_date;
    if (start && end)
      return t('overview.contractDates', { start: calendarDate(start), end: calendarDate(end) });
    if (start) return t('overview.contractFrom', { start: calendarDate(start) });
    return t('overview.startsOn', { date: calendarDate(enrollment.requested_start_date) });
  };
}

/** One enrollment as the customer sees it: plan, address, status, contract and what needs doing. */
function EnrollmentCard({ enrollment }: { enrollment: Enrollment }) {
  const { t } = useTranslation('account');
  const contractOf = useContractWords();
  const titleId = `enrollment-${enrollment.id_enrollment}-plan`;
  const address = enrollment.service_address;
  const depositDue = enrollment.showPaymentDeposit && enrollment.pendingDepositAmount > 0;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} size="h4" id={titleId}>
            {enrollment.plans[0]?.name ?? ''}
          </Title>
          <Badge variant="dot" color={enrollment.isActive ? 'green' : 'gray'}>
            {customerStatusOf(enrollment)}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Fact
            label={t('overview.address')}
            value={[address.address_1, address.address_2, `${address.city}, ${address.state}`]
              .filter(Boolean)
              .join(', ')}
          />
          <Fact label={t('overview.account')} value={address.ldc_account} />
          <Fact label={t('overview.contract')} value={contractOf(enrollment)} />
        </SimpleGrid>
        {(depositDue || enrollment.showRenewable) && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('overview.todo')}
            </Text>
            {depositDue && (
              <Alert color="yellow" p="xs">
                {t('overview.depositDue', { amount: money(enrollment.pendingDepositAmount) })}
              </Alert>
            )}
            {enrollment.showRenewable && (
              <Alert color="blue" p="xs">
                {t('overview.renewalOffered')}
              </Alert>
            )}
          </Stack>
        )}
        <Group>
          <Button
            component={Link}
            href={`/enrollments/${enrollment.id_enrollment}`}
            variant="light"
            aria-describedby={titleId}
          >
            {t('overview.details')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function UnreadNotifications({ customerId }: { customerId: number }) {
  const { t } = useTranslation('account');
  const unread = useQuery(notificationsQuery(customerId, true));
  if (!unread.data) return null;
  return (
    <Anchor component={Link} href="/notifications" fw={600}>
      {t('overview.notificationsUnread', { count: unread.data.length })}
    </Anchor>
  );
}

/** My account's first page: a greeting, each enrollment with what needs doing, and unread notifications. */
export default function Overview({ customerId }: { customerId: number }) {
  const { t } = useTranslation('account');
  const profile = useQuery(profileQuery(customerId));
  const enrollments = useQuery(enrollmentsQuery(customerId));
  const name = profile.data?.customer_name ?? '';
  return (
    <AccountLayout title={profile.data ? t('overview.greeting', { name }) : t('nav.overview')}>
      <UnreadNotifications customerId={customerId} />
      <Stack gap="sm" component="section" aria-labelledby="enrollments-title">
        <Title order={2} id="enrollments-title">
          {t('overview.enrollments')}
        </Title>
        <QueryState query={enrollments}>
          {(list) =>
            list.length === 0 ? (
              <Stack gap="xs" align="flex-start">
                <Text>{t('overview.noEnrollments')}</Text>
                <Button component={Link} href="~/">
                  {t('overview.findPlan')}
                </Button>
              </Stack>
            ) : (
              list.map((enrollment) => (
                <EnrollmentCard key={enrollment.id_enrollment} enrollment={enrollment} />
              ))
            )
          }
        </QueryState>
      </Stack>
    </AccountLayout>
  );
}
