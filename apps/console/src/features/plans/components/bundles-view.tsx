import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPackageOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ServerTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useCan } from '../../../lib/auth';
import { formatCount } from '../../../lib/format';
import { useDeleteBundle } from '../api/bundle-changes';
import { type BundledPlan, type PlanBundle, useBundles } from '../api/get-bundles';
import { BundleFormModal } from './bundle-form-modal';
import classes from './plans.module.css';
import { SaleStateBadge } from './plans-view';

/** One plan of a bundle: its name (to its page), its utility, and its state when it is not on sale. */
function PlanCell({ plan }: { plan: BundledPlan }) {
  return (
    <div>
      <Anchor
        renderRoot={(props) => <Link {...props} to="/plans/$id" params={{ id: plan.id }} />}
        size="sm"
        fw={500}
        className={classes.rowLink}
      >
        {plan.name}
      </Anchor>
      <Group gap={6} wrap="wrap">
        <Text size="xs" c="dimmed">
          {plan.utility.name}
          {plan.promoCode ? ` · promo ${plan.promoCode}` : ''}
        </Text>
        {!plan.onSale && <SaleStateBadge plan={plan} />}
      </Group>
    </div>
  );
}

/** Whether plan shopping offers the bundle today, and if not, which plan stops it. */
function SellableBadge({ bundle }: { bundle: PlanBundle }) {
  if (bundle.sellableToday)
    return (
      <Badge color="green" variant="light" radius="sm" tt="none">
        Sellable
      </Badge>
    );
  const stopping = [bundle.electricPlan, bundle.gasPlan].filter((p) => !p.onSale).map((p) => p.name);
  return (
    <Badge color="orange" variant="light" radius="sm" tt="none" title={`Not on sale: ${stopping.join(', ')}`}>
      Not sellable
    </Badge>
  );
}

/** The bundles of an electricity and a gas plan, with whether each sells today; pricing staff edit and delete them. */
export function BundlesView() {
  const bundles = useBundles();
  const canChange = useCan('plans.write');
  const remove = useDeleteBundle();
  const [editing, setEditing] = useState<PlanBundle | null>(null);
  const [deleting, setDeleting] = useState<PlanBundle | null>(null);

  if (bundles.error && !bundles.data)
    return (
      <Paper withBorder>
        <ErrorState error={bundles.error} onRetry={() => void bundles.refetch()} what="the bundles" />
      </Paper>
    );

  const columns: DataTableColumn<PlanBundle>[] = [
    {
      accessor: 'name',
      title: 'Bundle',
      render: (bundle) => (
        <div>
          <Text size="sm" fw={600}>
            {bundle.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {bundle.description}
          </Text>
          {/* A phone has no room for the plans' and today's columns: the bundle's cell shows them. */}
          <Stack gap={6} mt={6} hiddenFrom="sm" align="flex-start">
            <SellableBadge bundle={bundle} />
            <PlanCell plan={bundle.electricPlan} />
            <PlanCell plan={bundle.gasPlan} />
          </Stack>
        </div>
      ),
    },
    {
      accessor: 'electricPlan',
      title: 'Electricity plan',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (bundle) => <PlanCell plan={bundle.electricPlan} />,
    },
    {
      accessor: 'gasPlan',
      title: 'Gas plan',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (bundle) => <PlanCell plan={bundle.gasPlan} />,
    },
    {
      accessor: 'customerType',
      title: 'Customer type',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (bundle) => (
        <div>
          <Text size="sm">{bundle.customerType.name}</Text>
          <Text size="xs" c="dimmed">
            {bundle.market.name}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'sellableToday',
      title: 'Today',
      width: 130,
      noWrap: true,
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (bundle) => <SellableBadge bundle={bundle} />,
    },
    ...(canChange
      ? [
          {
            accessor: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            textAlign: 'right' as const,
            width: 96,
            render: (bundle: PlanBundle) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Edit ${bundle.name}`}
                    onClick={() => setEditing(bundle)}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${bundle.name}`}
                    onClick={() => setDeleting(bundle)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]
      : []),
  ];

  const rows = bundles.data ?? [];
  const closeDelete = () => {
    remove.reset();
    setDeleting(null);
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {bundles.data ? `${formatCount(rows.length)} ${rows.length === 1 ? 'bundle' : 'bundles'}` : ' '}
      </Text>
      <ServerTable<PlanBundle>
        records={rows}
        columns={columns}
        idAccessor="id"
        fetching={bundles.isFetching}
        emptyState={
          bundles.isPending ? undefined : (
            <EmptyState title="No bundles" icon={<IconPackageOff size={24} />}>
              No electricity and gas plans are sold together yet.
            </EmptyState>
          )
        }
      />
      {canChange && (
        <>
          <BundleFormModal opened={editing !== null} bundle={editing} onClose={() => setEditing(null)} />
          <ConfirmDialog
            opened={deleting !== null}
            title={`Delete ${deleting?.name}?`}
            confirmLabel="Delete bundle"
            danger
            loading={remove.isPending}
            error={remove.error}
            onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
            onClose={closeDelete}
          >
            <Text size="sm">
              Plan shopping offers the bundle no more from now on. Its two plans stay as they are, on sale or
              not.
            </Text>
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
}
