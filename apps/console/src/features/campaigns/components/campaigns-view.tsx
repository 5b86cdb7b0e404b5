import { Anchor, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDiscountOff } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable } from '../../../components/ui/data-table';
import { SearchField, useSearchedWords } from '../../../components/ui/search-field';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
// The plans list's row link: dark enough to read on the row's hover colour.
import classes from '../../plans/components/plans.module.css';
import { type Campaign, useCampaigns } from '../api/get-campaigns';
import { CAMPAIGN_STATUS_LABELS } from '../model';
import { CAMPAIGN_FILTERS, type CampaignFilter, type CampaignsSearch } from '../search';
import { CampaignStatusBadge, CampaignUsage, CampaignWindow } from './campaign-parts';

const FILTER_LABELS: Record<CampaignFilter, string> = {
  all: 'All',
  ...Object.fromEntries(Object.entries(CAMPAIGN_STATUS_LABELS).map(([status, { label }]) => [status, label])),
} as Record<CampaignFilter, string>;

const columns: DataTableColumn<Campaign>[] = [
  {
    accessor: 'promoCode',
    title: 'Campaign',
    render: (campaign) => (
      <div>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/campaigns/$id" params={{ id: campaign.id }} />}
          size="sm"
          fw={600}
          ff="monospace"
          className={classes.rowLink}
          onClick={(event) => event.stopPropagation()}
        >
          {campaign.promoCode}
        </Anchor>
        <Text size="xs" c="dimmed">
          {campaign.name}
        </Text>
      </div>
    ),
  },
  {
    accessor: 'status',
    title: 'Status',
    width: 120,
    noWrap: true,
    render: (campaign) => <CampaignStatusBadge status={campaign.status} />,
  },
  {
    accessor: 'uses',
    title: 'Uses',
    width: 200,
    render: (campaign) => <CampaignUsage campaign={campaign} />,
  },
  {
    accessor: 'validFrom',
    title: 'Window',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
    render: (campaign) => <CampaignWindow campaign={campaign} />,
  },
  {
    accessor: 'affiliate',
    title: 'Affiliate',
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (campaign) =>
      campaign.affiliate?.name ?? (
        <Text span size="sm" c="dimmed">
          None
        </Text>
      ),
  },
  {
    accessor: 'plans',
    title: 'Plans',
    textAlign: 'right',
    width: 80,
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (campaign) => formatCount(campaign.plans.length),
  },
];

interface CampaignsViewProps {
  search: CampaignsSearch;
  onSearchChange: (next: CampaignsSearch) => void;
}

/** The campaigns with their status now, uses against their limit, window, affiliate and plans. */
export function CampaignsView({ search, onSearchChange }: CampaignsViewProps) {
  const status = search.status ?? 'all';
  const q = useSearchedWords(search.q);
  const navigate = useNavigate();
  const campaigns = useCampaigns({ status, q });

  if (campaigns.error && !campaigns.data)
    return (
      <Paper withBorder>
        <ErrorState error={campaigns.error} onRetry={() => void campaigns.refetch()} what="the campaigns" />
      </Paper>
    );

  const rows = campaigns.data ?? [];
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SearchField
          label="Search"
          placeholder="Code, name or affiliate"
          q={search.q}
          onSearch={(words) => onSearchChange({ ...search, q: words })}
          w={{ base: '100%', sm: 260 }}
        />
        <SegmentedControl
          aria-label="Status"
          data={CAMPAIGN_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
          value={status}
          onChange={(value) =>
            onSearchChange({ ...search, status: value === 'all' ? undefined : (value as CampaignFilter) })
          }
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {campaigns.data ? `${formatCount(rows.length)} ${rows.length === 1 ? 'campaign' : 'campaigns'}` : ' '}
      </Text>
      <ServerTable<Campaign>
        records={rows}
        columns={columns}
        idAccessor="id"
        fetching={campaigns.isFetching}
        onRowClick={({ record }) => void navigate({ to: '/campaigns/$id', params: { id: record.id } })}
        emptyState={
          campaigns.isPending ? undefined : (
            <EmptyState title="No campaigns" icon={<IconDiscountOff size={24} />}>
              No campaign matches these filters.
            </EmptyState>
          )
        }
      />
    </Stack>
  );
}
