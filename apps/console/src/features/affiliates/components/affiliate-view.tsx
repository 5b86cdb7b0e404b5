import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconFileUnknown, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ServerTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { isApiFailure } from '../../../lib/api';
import { useCan } from '../../../lib/auth';
import { formatCount, formatDateTime } from '../../../lib/format';
import { NothingYet, Section } from '../../enrollments/components/section';
import { useChangeAffiliate, useChangeRep } from '../api/affiliate-changes';
import { type AffiliateDetail, type AffiliateRep, useAffiliate } from '../api/get-affiliates';
import { AffiliateFormModal } from './affiliate-form-modal';
import { ActiveBadge } from './affiliates-view';
import { RepFormModal } from './rep-form-modal';

type Account = AffiliateDetail['accounts'][number];

function Loading() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the affiliate">
      <Skeleton height={30} width={320} />
      <Skeleton height={140} />
      <Skeleton height={140} />
    </Stack>
  );
}

function repColumns(
  canChange: boolean,
  onEdit: (rep: AffiliateRep) => void,
  onToggle: (rep: AffiliateRep) => void,
) {
  const columns: DataTableColumn<AffiliateRep>[] = [
    { accessor: 'name', title: 'Rep' },
    {
      accessor: 'reference',
      title: 'Reference',
      render: (rep) => (
        <Text ff="monospace" size="sm">
          {rep.reference}
        </Text>
      ),
    },
    {
      accessor: 'email',
      title: 'Email',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (rep) => rep.email ?? '—',
    },
    {
      accessor: 'phone',
      title: 'Phone',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (rep) => rep.phone ?? '—',
    },
    { accessor: 'active', title: 'State', width: 100, render: (rep) => <ActiveBadge active={rep.active} /> },
  ];
  if (canChange)
    columns.push({
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      render: (rep) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => onEdit(rep)}
            aria-label={`Edit ${rep.name}`}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color={rep.active ? 'red' : undefined}
            onClick={() => onToggle(rep)}
            aria-label={`${rep.active ? 'Deactivate' : 'Reactivate'} ${rep.name}`}
          >
            {rep.active ? 'Deactivate' : 'Reactivate'}
          </Button>
        </Group>
      ),
    });
  return columns;
}

const accountColumns: DataTableColumn<Account>[] = [
  { accessor: 'name', title: 'Account' },
  {
    accessor: 'apiKey',
    title: 'Key',
    render: (a) => (
      <Text ff="monospace" size="sm">
        {a.apiKey}
      </Text>
    ),
  },
  { accessor: 'active', title: 'State', width: 100, render: (a) => <ActiveBadge active={a.active} /> },
  {
    accessor: 'lastUsedAt',
    title: 'Last used',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (a) => (a.lastUsedAt ? formatDateTime(a.lastUsedAt) : 'Never'),
  },
];

/** One affiliate: its reps (kept here) and the web service accounts bound to it (made on the API accounts screen). */
export function AffiliateView({ id }: { id: number }) {
  const affiliate = useAffiliate(id);
  const canChange = useCan('marketing.write');
  const canManageAccounts = useCan('accounts.manage');
  const [dialog, setDialog] = useState<'rename' | 'deactivate' | null>(null);
  const [editedRep, setEditedRep] = useState<AffiliateRep | null | 'new'>(null);
  const changeAffiliate = useChangeAffiliate();
  const changeRep = useChangeRep();

  if (affiliate.isPending) return <Loading />;
  if (affiliate.error) {
    if (isApiFailure(affiliate.error) && affiliate.error.status === 404)
      return (
        <EmptyState
          title={`Affiliate ${id} does not exist`}
          heading={1}
          icon={<IconFileUnknown size={24} stroke={1.6} />}
          action={
            <Button component={Link} to="/affiliates" variant="light" mt="xs">
              Go to the affiliates
            </Button>
          }
        >
          No affiliate of your company has this id.
        </EmptyState>
      );
    return (
      <Paper withBorder>
        <ErrorState error={affiliate.error} onRetry={() => void affiliate.refetch()} what="the affiliate" />
      </Paper>
    );
  }
  const a = affiliate.data;
  const toggleRep = (rep: AffiliateRep) =>
    changeRep.mutate({ affiliateId: a.id, repId: rep.id, active: !rep.active });
  return (
    <Stack gap="md">
      <Anchor renderRoot={(props) => <Link {...props} to="/affiliates" />} size="sm" c="dimmed">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Affiliates
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.2}>
              {a.name}
            </Title>
            <ActiveBadge active={a.active} />
          </Group>
          <Text size="sm" c="dimmed">
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/prospects" search={{ view: 'table', affiliateId: a.id }} />
              )}
              size="sm"
              underline="always"
            >
              {formatCount(a.prospects)} {a.prospects === 1 ? 'prospect' : 'prospects'}
            </Anchor>
            {' · added '}
            {formatDateTime(a.createdAt)}
          </Text>
        </Stack>
        {canChange && (
          <Group gap="xs">
            <Button leftSection={<IconEdit size={16} />} onClick={() => setDialog('rename')}>
              Rename
            </Button>
            {a.active ? (
              <Button variant="default" color="red" onClick={() => setDialog('deactivate')}>
                Deactivate
              </Button>
            ) : (
              <Button
                variant="default"
                loading={changeAffiliate.isPending}
                onClick={() => changeAffiliate.mutate({ affiliateId: a.id, active: true })}
              >
                Reactivate
              </Button>
            )}
          </Group>
        )}
      </Group>

      <Section
        title="Reps"
        count={a.repList.length}
        description="A prospect whose repReferenceId is a rep's reference shows that rep on its page."
        flush={a.repList.length > 0}
        actions={
          canChange && (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditedRep('new')}>
              Add rep
            </Button>
          )
        }
      >
        {a.repList.length === 0 ? (
          <NothingYet>No reps on file.</NothingYet>
        ) : (
          <ServerTable<AffiliateRep>
            records={a.repList}
            columns={repColumns(canChange, setEditedRep, toggleRep)}
            idAccessor="id"
            withTableBorder={false}
          />
        )}
      </Section>

      <Section
        title="Web service accounts"
        count={a.accounts.length}
        description="The affiliate's sales system logs in with these; each sees only this affiliate's prospects."
        flush={a.accounts.length > 0}
        actions={
          canManageAccounts && (
            <Button size="xs" variant="default" component={Link} to="/api-accounts">
              Manage on API accounts
            </Button>
          )
        }
      >
        {a.accounts.length === 0 ? (
          <NothingYet>
            No account is bound to this affiliate. An administrator makes one on API accounts.
          </NothingYet>
        ) : (
          <ServerTable<Account>
            records={a.accounts}
            columns={accountColumns}
            idAccessor="id"
            withTableBorder={false}
          />
        )}
      </Section>

      {canChange && (
        <>
          <AffiliateFormModal opened={dialog === 'rename'} affiliate={a} onClose={() => setDialog(null)} />
          <ConfirmDialog
            opened={dialog === 'deactivate'}
            onClose={() => setDialog(null)}
            title={`Deactivate ${a.name}?`}
            confirmLabel="Deactivate"
            danger
            loading={changeAffiliate.isPending}
            error={changeAffiliate.error}
            onConfirm={() =>
              changeAffiliate.mutate(
                { affiliateId: a.id, active: false },
                { onSuccess: () => setDialog(null) },
              )
            }
          >
            The affiliate is marked inactive. Its prospects stay, and its accounts keep working until an
            administrator revokes them.
          </ConfirmDialog>
          <RepFormModal
            opened={editedRep !== null}
            affiliateId={a.id}
            rep={editedRep === 'new' ? null : editedRep}
            onClose={() => setEditedRep(null)}
          />
        </>
      )}
    </Stack>
  );
}
