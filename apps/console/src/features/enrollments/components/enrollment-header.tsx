import {
  ActionIcon,
  Alert,
  Anchor,
  CopyButton,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCheck, IconCopy, IconHandStop } from '@tabler/icons-react';
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ageSince, formatAge, formatDate, formatDateTime, formatMoney, humanize } from '../../../lib/format';
import type { EnrollmentPage } from '../api/get-enrollment-page';
import { isDepositHeld, isHold } from '../model';
import { CustomerLink } from './customer-link';
import { EnrollmentActions } from './enrollment-actions';
import classes from './enrollments.module.css';

/** Back to where the agent came from (the queue, its page and order), or to the queues from a shared link. */
export function BackToQueues() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!canGoBack || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    router.history.back();
  };
  return (
    <Anchor component={Link} to="/queues" onClick={back} size="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={15} aria-hidden />
        {canGoBack ? 'Back' : 'Queues'}
      </Group>
    </Anchor>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Why the enrollment waits for an agent, where the agent looks first: a hold's review reasons (a fraud alert, a
 * deposit waiver asked for…), else the hold itself and the deposit it may wait for; what the billing system refuses.
 */
function WhyItWaits({ page }: { page: EnrollmentPage }) {
  const { summary } = page;
  if (summary.status === 'SUBMITTED_WITH_ERRORS' && summary.billingErrors.length > 0)
    return (
      <Alert
        color="red"
        variant="light"
        role="note"
        title="Why it waits"
        icon={<IconAlertTriangle size={18} />}
      >
        <Text size="sm">The billing system refuses it:</Text>
        <List size="sm" spacing={2} mt={2}>
          {summary.billingErrors.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Alert>
    );
  if (!isHold(summary.status)) return null;
  const reasons = summary.reviewReasons;
  const deposit = isDepositHeld(summary.depositStatus)
    ? `The ${formatMoney(summary.deposit)} deposit is ${humanize(summary.depositStatus).toLowerCase()}.`
    : null;
  return (
    <Alert color="yellow" variant="light" role="note" title="Why it waits" icon={<IconHandStop size={18} />}>
      {reasons.length > 0 ? (
        <List size="sm" spacing={2}>
          {reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">{humanize(summary.status)}: no review reason recorded.</Text>
      )}
      {deposit && (
        <Text size="sm" mt={reasons.length > 0 ? 6 : 2}>
          {deposit}
        </Text>
      )}
    </Alert>
  );
}

/** The page's heading: id, status and how long it has been in it, customer and plan, the actions, the key facts. */
export function EnrollmentHeader({ page }: { page: EnrollmentPage }) {
  const { summary, enrollment: e } = page;
  const id = e.id_enrollment;
  const plan = e.plans[0];
  const since = summary.since;
  const customerName = summary.customerName || `Customer ${e.id_customer}`;
  const customer = (
    <CustomerLink customerId={e.id_customer} fw={500}>
      {customerName}
    </CustomerLink>
  );

  return (
    <Stack gap="md" mb="md">
      <BackToQueues />
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 420px' }}>
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.2}>
              Enrollment {id}
            </Title>
            <StatusBadge status={e.status} />
            <CopyButton value={String(id)} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy the id'}>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={copied ? 'Enrollment id copied' : 'Copy the enrollment id'}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed" component="div">
            <Group gap={6} wrap="wrap" component="span">
              <span>{customer}</span>
              <span aria-hidden>·</span>
              <span>{summary.planName || plan?.name || `Plan ${e.id_plan}`}</span>
              {summary.utilityName && (
                <>
                  <span aria-hidden>·</span>
                  <span>{summary.utilityName}</span>
                </>
              )}
              {since && (
                <>
                  <span aria-hidden>·</span>
                  <span>
                    {humanize(e.status)} for{' '}
                    <Text span size="sm" fw={600} c="var(--mantine-color-text)" title={formatDateTime(since)}>
                      {formatAge(ageSince(since))}
                    </Text>
                  </span>
                </>
              )}
            </Group>
          </Text>
        </Stack>
        <EnrollmentActions page={page} />
      </Group>
      <WhyItWaits page={page} />
      <Paper withBorder style={{ overflow: 'hidden' }}>
        <dl className={classes.facts} aria-label="Key facts">
          <Fact label="Customer">
            {customerName}{' '}
            <Text span size="xs" c="dimmed" ff="monospace">
              #{e.id_customer}
            </Text>
          </Fact>
          <Fact label="Plan">
            {plan ? `${plan.term === 0 ? 'Month to month' : `${plan.term} months`} · ${plan.rate}¢` : '—'}
          </Fact>
          <Fact label="ESIID">
            <span className={classes.mono}>{e.service_address.ldc_account}</span>
          </Fact>
          <Fact label={e.contract_start_date ? 'Contract start' : 'Requested start'}>
            {formatDate(e.contract_start_date ?? e.requested_start_date)}
          </Fact>
          <Fact label="Deposit">
            {page.depositStatus === 'not_required'
              ? 'Not required'
              : `${formatMoney(page.deposit)} · ${humanize(page.depositStatus).toLowerCase()}`}
          </Fact>
          <Fact label="Created">{formatDateTime(summary.createdAt)}</Fact>
        </dl>
      </Paper>
    </Stack>
  );
}
