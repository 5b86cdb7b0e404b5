import { Badge, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable, TABLE_PAGE_SIZES } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatDateTime, humanize } from '../../../lib/format';
import { type MailBounce, type OutboxMail, useBounces, useOutbox } from '../api/autoresponders';
import { MAIL_STATUS_COLORS, MAIL_STATUSES } from '../model';
import type { OutboxSearch } from '../search';

function Delivery({ mail }: { mail: OutboxMail }) {
  return (
    <div>
      <Badge color={MAIL_STATUS_COLORS[mail.status]} variant="light" radius="sm" tt="none">
        {humanize(mail.status)}
      </Badge>
      <Text size="xs" c="dimmed">
        {mail.sent_at
          ? `Sent ${formatDateTime(mail.sent_at)}`
          : mail.next_attempt_at
            ? `Next try ${formatDateTime(mail.next_attempt_at)}`
            : mail.status === 'failed'
              ? 'No attempts left'
              : ''}
      </Text>
    </div>
  );
}

const columns: DataTableColumn<OutboxMail>[] = [
  {
    accessor: 'created_at',
    title: 'Queued',
    width: 170,
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (mail) => formatDateTime(mail.created_at),
  },
  {
    accessor: 'subject',
    title: 'Message',
    render: (mail) => (
      <div>
        <Text size="sm">{mail.subject}</Text>
        <Text size="xs" c="dimmed">
          To {mail.recipient} · {mail.template}
        </Text>
      </div>
    ),
  },
  { accessor: 'status', title: 'Delivery', width: 130, render: (mail) => <Delivery mail={mail} /> },
  {
    accessor: 'attempts',
    title: 'Attempts',
    width: 100,
    textAlign: 'right',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (mail) => `${mail.attempts} of ${mail.max_attempts}`,
  },
  {
    accessor: 'last_error',
    title: 'Last error',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
    render: (mail) => (
      <Text size="xs" lineClamp={3}>
        {mail.last_error ?? '—'}
      </Text>
    ),
  },
];

const bounceColumns: DataTableColumn<MailBounce>[] = [
  { accessor: 'address', title: 'Address' },
  {
    accessor: 'bounced_at',
    title: 'Bounced',
    width: 180,
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (b) => formatDateTime(b.bounced_at),
  },
  { accessor: 'reply', title: 'Server reply', render: (b) => <Text size="xs">{b.reply}</Text> },
];

function Bounces() {
  const bounces = useBounces();
  return (
    <Stack gap="xs" component="section" aria-labelledby="bounces-heading">
      <Title order={2} size="h5" id="bounces-heading">
        Bounced addresses
      </Title>
      <Text size="sm" c="dimmed">
        Mail to these addresses is suppressed until an operator clears the bounce (npm run mail:bounces).
      </Text>
      {bounces.error && !bounces.data ? (
        <ErrorState error={bounces.error} onRetry={() => void bounces.refetch()} what="the bounces" />
      ) : (
        <ServerTable<MailBounce>
          records={bounces.data ?? []}
          columns={bounceColumns}
          idAccessor="address"
          fetching={bounces.isFetching}
          noRecordsText="No address bounced"
          minHeight={bounces.data?.length ? undefined : 120}
        />
      )}
    </Stack>
  );
}

/** The company's outgoing mail, newest first, by delivery status; then the bounced addresses. */
export function OutboxView({
  search,
  onSearchChange,
}: {
  search: OutboxSearch;
  onSearchChange: (next: OutboxSearch) => void;
}) {
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? 20;
  const outbox = useOutbox({ status: search.status, pageNumber: page, pageSize });
  return (
    <Stack gap="lg">
      <SegmentedControl
        aria-label="Delivery status"
        value={search.status ?? 'all'}
        onChange={(value) =>
          onSearchChange(value === 'all' ? {} : { status: value as OutboxSearch['status'] })
        }
        data={[
          { value: 'all', label: 'All' },
          ...MAIL_STATUSES.map((s) => ({ value: s, label: humanize(s) })),
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      {outbox.error && !outbox.data ? (
        <Paper withBorder>
          <ErrorState error={outbox.error} onRetry={() => void outbox.refetch()} what="the outbox" />
        </Paper>
      ) : (
        <ServerTable<OutboxMail>
          records={outbox.data?.data ?? []}
          columns={columns}
          idAccessor="id_outbox"
          fetching={outbox.isFetching}
          page={page}
          totalRecords={outbox.data?.totalRecords ?? 0}
          recordsPerPage={pageSize}
          recordsPerPageOptions={TABLE_PAGE_SIZES}
          onPageChange={(next) => onSearchChange({ ...search, page: next })}
          onRecordsPerPageChange={(size) => onSearchChange({ ...search, page: 1, pageSize: size })}
          emptyState={
            outbox.isPending ? undefined : (
              <EmptyState title="No messages" icon={<IconMailCheck size={24} />}>
                No mail {search.status ? `is ${search.status}` : 'in the outbox'}.
              </EmptyState>
            )
          }
        />
      )}
      <Bounces />
    </Stack>
  );
}
