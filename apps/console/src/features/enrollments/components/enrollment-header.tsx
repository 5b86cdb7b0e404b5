import {
  ActionIcon,
  Anchor,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconCopy } from '@tabler/icons-react';
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ageSince, formatAge, formatDate, formatDateTime, formatMoney, humanize } from '../../../lib/format';
import type { EnrollmentPage } from '../api/get-enrollment-page';
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

/** When the enrollment entered its current status: the newest history entry that moved it there (not a note). */
export const statusSince = (page: EnrollmentPage) =>
  page.timeline.find((entry) => entry.to === page.enrollment.status && entry.from !== entry.to)?.at ??
  page.enrollment.enrollment_statuses[0]?.changed_at ??
  null;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface EnrollmentHeaderProps {
  page: EnrollmentPage;
  /** The customer's name, once read (undefined while it loads or if it cannot be read). */
  customerName: string | undefined;
  customerPending: boolean;
}

/** The page's heading: id, status and how long it has been in it, customer and plan, the actions, the key facts. */
export function EnrollmentHeader({ page, customerName, customerPending }: EnrollmentHeaderProps) {
  const e = page.enrollment;
  const id = e.id_enrollment;
  const plan = e.plans[0];
  const since = statusSince(page);
  const created = page.timeline.at(-1)?.at ?? null;
  const customer = customerName ? (
    <CustomerLink customerId={e.id_customer} fw={500}>
      {customerName}
    </CustomerLink>
  ) : customerPending ? (
    <Skeleton
      height={12}
      width={120}
      display="inline-block"
      role="status"
      aria-label="Loading the customer's name"
    />
  ) : (
    <CustomerLink customerId={e.id_customer}>Customer {e.id_customer}</CustomerLink>
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
              <span>{plan?.name ?? `Plan ${e.id_plan}`}</span>
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
        <EnrollmentActions page={page} customerName={customerName ?? ''} />
      </Group>
      <Paper withBorder style={{ overflow: 'hidden' }}>
        <dl className={classes.facts} aria-label="Key facts">
          <Fact label="Customer">
            {customerName ?? `Customer ${e.id_customer}`}{' '}
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
          <Fact label="Created">{created ? formatDateTime(created) : '—'}</Fact>
        </dl>
      </Paper>
    </Stack>
  );
}
