import { Anchor, Button, DataList, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconEdit,
  IconFileUnknown,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ServerTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { isApiFailure } from '../../../lib/api';
import { useCan } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import { NothingYet, Section } from '../../enrollments/components/section';
import { useSetCampaignActive } from '../api/campaign-changes';
import { useCampaign } from '../api/get-campaign';
import type { Campaign } from '../api/get-campaigns';
import { CampaignFormModal } from './campaign-form-modal';
import { CampaignStatusBadge, CampaignUsage, CampaignWindow } from './campaign-parts';

type CarriedPlan = Campaign['plans'][number];

const planColumns: DataTableColumn<CarriedPlan>[] = [
  {
    accessor: 'name',
    title: 'Plan',
    render: (plan) => (
      <Anchor renderRoot={(props) => <Link {...props} to="/plans/$id" params={{ id: plan.id }} />} size="sm">
        {plan.name}
      </Anchor>
    ),
  },
  {
    accessor: 'utility',
    title: 'Utility',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
  },
  {
    accessor: 'billingSystemPlanCode',
    title: 'Billing code',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
  },
  {
    accessor: 'published',
    title: 'State',
    render: (plan) => (plan.retired ? 'Retired' : plan.published ? 'Published' : 'Draft'),
  },
];

function Loading() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the campaign">
      <Skeleton height={30} width={320} />
      <Skeleton height={16} width={420} />
      <Skeleton height={140} />
      <Skeleton height={160} />
    </Stack>
  );
}

/** Why the status is what it is, in a sentence. */
function statusSentence(c: Campaign): string {
  switch (c.status) {
    case 'scheduled':
      return `The code starts working on ${formatDateTime(c.validFrom)}.`;
    case 'running':
      return `The code works until ${formatDateTime(c.validUntil)}.`;
    case 'used-up':
      return 'Every use the limit allows is taken: the code is refused. Raise the limit to sell more.';
    case 'paused':
      return 'Paused by staff: the code is refused until the campaign is resumed.';
    case 'ended':
      return `The code stopped working on ${formatDateTime(c.validUntil)}. Customers enrolled keep their plan.`;
  }
}

/** One campaign: its usage against its limit, its window, affiliate and the plans carrying its code. */
export function CampaignView({ id }: { id: number }) {
  const campaign = useCampaign(id);
  const canChange = useCan('plans.write');
  const [dialog, setDialog] = useState<'edit' | 'pause' | null>(null);
  const setActive = useSetCampaignActive();
  const close = () => {
    setActive.reset();
    setDialog(null);
  };

  if (campaign.isPending) return <Loading />;
  if (campaign.error) {
    if (isApiFailure(campaign.error) && campaign.error.status === 404)
      return (
        <EmptyState
          title={`Campaign ${id} does not exist`}
          heading={1}
          icon={<IconFileUnknown size={24} stroke={1.6} />}
          action={
            <Button component={Link} to="/campaigns" variant="light" mt="xs">
              Go to the campaigns
            </Button>
          }
        >
          No campaign of your company has this id.
        </EmptyState>
      );
    return (
      <Paper withBorder>
        <ErrorState error={campaign.error} onRetry={() => void campaign.refetch()} what="the campaign" />
      </Paper>
    );
  }
  const c = campaign.data;
  return (
    <Stack gap="md">
      <Anchor renderRoot={(props) => <Link {...props} to="/campaigns" />} size="sm" c="dimmed">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Campaigns
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.2} ff="monospace">
              {c.promoCode}
            </Title>
            <CampaignStatusBadge status={c.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {c.name}
            {c.affiliate ? ` · ${c.affiliate.name}` : ''}
          </Text>
        </Stack>
        {canChange && (
          <Group gap="xs">
            <Button leftSection={<IconEdit size={16} />} onClick={() => setDialog('edit')}>
              Edit
            </Button>
            {c.active ? (
              <Button
                variant="default"
                leftSection={<IconPlayerPause size={16} />}
                onClick={() => setDialog('pause')}
              >
                Pause
              </Button>
            ) : (
              <Button
                variant="default"
                leftSection={<IconPlayerPlay size={16} />}
                loading={setActive.isPending}
                onClick={() => setActive.mutate({ campaignId: c.id, active: true })}
              >
                Resume
              </Button>
            )}
          </Group>
        )}
      </Group>
      {c.description && <Text size="sm">{c.description}</Text>}

      <Section title="Usage" description={statusSentence(c)}>
        <Stack gap="md">
          <CampaignUsage campaign={c} size="lg" />
          <DataList size="sm" orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>Window</DataList.ItemLabel>
              <DataList.ItemValue>
                <CampaignWindow campaign={c} />
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Affiliate</DataList.ItemLabel>
              <DataList.ItemValue>{c.affiliate?.name ?? 'None'}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Made</DataList.ItemLabel>
              <DataList.ItemValue>
                {c.createdBy}, {formatDateTime(c.createdAt)}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Last changed</DataList.ItemLabel>
              <DataList.ItemValue>
                {c.updatedBy}, {formatDateTime(c.updatedAt)}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList>
        </Stack>
      </Section>

      <Section
        title="Plans carrying the code"
        count={c.plans.length}
        description="Sold only to customers who give the code while the campaign runs. A plan gets the code in its settings."
        flush={c.plans.length > 0}
      >
        {c.plans.length === 0 ? (
          <NothingYet>No plan carries {c.promoCode} yet.</NothingYet>
        ) : (
          <ServerTable<CarriedPlan> records={c.plans} columns={planColumns} idAccessor="id" />
        )}
      </Section>

      {canChange && (
        <>
          <CampaignFormModal opened={dialog === 'edit'} campaign={c} onClose={close} />
          <ConfirmDialog
            opened={dialog === 'pause'}
            title={`Pause ${c.promoCode}?`}
            confirmLabel="Pause"
            danger
            loading={setActive.isPending}
            error={setActive.error}
            onConfirm={() => setActive.mutate({ campaignId: c.id, active: false }, { onSuccess: close })}
            onClose={close}
          >
            <Text size="sm">
              The code is refused at once, in plan shopping and at enrollment, until you resume the campaign.
              Enrollments already made keep their plan.
            </Text>
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
}
