import {
  Anchor,
  Badge,
  Button,
  DataList,
  Group,
  List,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowLeft,
  IconChecklist,
  IconChevronDown,
  IconClockCancel,
  IconCopy,
  IconFileUnknown,
  IconMathFunction,
  IconSettings,
  IconTag,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ServerTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { isApiFailure } from '../../../lib/api';
import { useCan } from '../../../lib/auth';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { Section } from '../../enrollments/components/section';
import { useCancelPriceChange } from '../api/change-price';
import { type PlanDetail, type PlanVersion, type TimeOfUseWindow, usePlan } from '../api/get-plan';
import { useSetPlanRetired } from '../api/plan-changes';
import { averageAt1000, centsOf, termOf } from '../model';
import { AcceptanceOptionsModal } from './acceptance-options-modal';
import { EflDerivationModal } from './efl-derivation-modal';
import { PlanCopyModal } from './plan-copy-modal';
import { PlanDocuments } from './plan-documents';
import { PlanSettingsModal } from './plan-settings-modal';
import { SaleStateBadge } from './plans-view';
import { PriceChangeModal } from './price-change-modal';
import { PriceComparison } from './price-comparison';

const VERSION_STATES: Record<PlanVersion['state'], { label: string; color: string }> = {
  scheduled: { label: 'Scheduled', color: 'blue' },
  'in effect': { label: 'In effect', color: 'green' },
  superseded: { label: 'Superseded', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'red' },
};

const hours = (w: TimeOfUseWindow) =>
  `${String(w.start_hour).padStart(2, '0')}:00–${String(w.end_hour).padStart(2, '0')}:00`;

function TimeOfUseTable({ windows }: { windows: TimeOfUseWindow[] }) {
  return (
    <Table withTableBorder verticalSpacing={4} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Window</Table.Th>
          <Table.Th>Season</Table.Th>
          <Table.Th>Days</Table.Th>
          <Table.Th>Hours</Table.Th>
          <Table.Th ta="right">Rate</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {windows.map((w) => (
          <Table.Tr key={`${w.name}-${w.season}-${w.days}-${w.start_hour}`}>
            <Table.Td>{w.name}</Table.Td>
            <Table.Td>{w.season === 'NonSummer' ? 'Rest of the year' : w.season}</Table.Td>
            <Table.Td>{w.days}</Table.Td>
            <Table.Td>{hours(w)}</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {centsOf(w.rate)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function PricesInEffect({ plan }: { plan: PlanDetail }) {
  const prices = plan.current;
  if (!prices) return <Text size="sm">No version is in effect yet.</Text>;
  const averages = prices.averagePrices;
  return (
    <Stack gap="sm">
      <DataList size="sm" orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>Energy charge</DataList.ItemLabel>
          <DataList.ItemValue>
            {centsOf(prices.rate)}/{plan.rateUnit}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Base charge</DataList.ItemLabel>
          <DataList.ItemValue>{formatMoney(prices.monthlyFee)} a month</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Early exit fee</DataList.ItemLabel>
          <DataList.ItemValue>
            {prices.cancellationFee > 0 ? formatMoney(prices.cancellationFee) : 'None'}
          </DataList.ItemValue>
        </DataList.Item>
        {averages && (
          <DataList.Item>
            <DataList.ItemLabel>EFL averages</DataList.ItemLabel>
            <DataList.ItemValue>
              {[averages.at500, averages.at1000, averages.at2000]
                .map((p) => (p === null ? '—' : centsOf(p)))
                .join(' · ')}{' '}
              <Text span size="xs" c="dimmed">
                at 500 · 1,000 · 2,000 kWh, delivery included
              </Text>
            </DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel>Since</DataList.ItemLabel>
          <DataList.ItemValue>
            version {prices.version}, {formatDateTime(prices.effectiveAt)}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
      {prices.timeOfUse.length > 0 && <TimeOfUseTable windows={prices.timeOfUse} />}
    </Stack>
  );
}

function VersionsTable({
  plan,
  onCancel,
  onLabel,
}: {
  plan: PlanDetail;
  onCancel: ((version: PlanVersion) => void) | null;
  onLabel: ((version: PlanVersion) => void) | null;
}) {
  const columns: DataTableColumn<PlanVersion>[] = [
    { accessor: 'version', title: 'Version', width: 80 },
    {
      accessor: 'state',
      title: 'State',
      width: 120,
      noWrap: true,
      render: (v) => (
        <Badge color={VERSION_STATES[v.state].color} variant="light" radius="sm" tt="none">
          {VERSION_STATES[v.state].label}
        </Badge>
      ),
    },
    {
      accessor: 'effectiveAt',
      title: 'Effective from',
      render: (v) => (
        <Text size="sm" component="time" dateTime={v.effectiveAt}>
          {formatDateTime(v.effectiveAt)}
        </Text>
      ),
    },
    {
      accessor: 'rate',
      title: 'Energy',
      textAlign: 'right',
      render: (v) => (
        <Text size="sm" ff="monospace">
          {centsOf(v.rate)}
        </Text>
      ),
    },
    {
      accessor: 'monthlyFee',
      title: 'Base',
      textAlign: 'right',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (v) => formatMoney(v.monthlyFee),
    },
    {
      accessor: 'cancellationFee',
      title: 'Exit fee',
      textAlign: 'right',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (v) => formatMoney(v.cancellationFee),
    },
    {
      accessor: 'averagePrices',
      title: 'At 1,000 kWh',
      textAlign: 'right',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (v) => (
        <Text size="sm" ff="monospace">
          {averageAt1000(v)}
        </Text>
      ),
    },
    {
      accessor: 'note',
      title: 'Why, and who',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (v) => (
        <div>
          <Text size="sm" lineClamp={2}>
            {v.note || '—'}
          </Text>
          <Text size="xs" c="dimmed">
            {v.createdBy} · {formatDateTime(v.createdAt)}
            {v.cancelledAt ? ` · cancelled by ${v.cancelledBy} ${formatDateTime(v.cancelledAt)}` : ''}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      width: 170,
      render: (v) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {onLabel && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconMathFunction size={14} />}
              aria-label={`EFL of version ${v.version}`}
              onClick={() => onLabel(v)}
            >
              EFL
            </Button>
          )}
          {onCancel && v.state === 'scheduled' && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconClockCancel size={14} />}
              onClick={() => onCancel(v)}
            >
              Call off
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return <ServerTable<PlanVersion> records={plan.versions} columns={columns} idAccessor="version" />;
}

function AcceptanceOptionsList({ options }: { options: PlanDetail['acceptanceOptions'] }) {
  return (
    <List type="ordered" spacing={6} size="sm">
      {options.map((option) => (
        <List.Item key={option.id}>
          {option.text}{' '}
          <Badge size="xs" variant="light" color={option.required ? 'blue' : 'gray'} radius="sm" tt="none">
            {option.required ? 'Required' : 'Optional'}
          </Badge>
        </List.Item>
      ))}
    </List>
  );
}

function Loading() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the plan">
      <Skeleton height={30} width={360} />
      <Skeleton height={16} width={420} />
      <Skeleton height={160} />
      <Skeleton height={220} />
    </Stack>
  );
}

/** One plan: its prices in effect, what is scheduled, every version with why it changed, and a price change. */
export function PlanView({ id }: { id: number }) {
  const plan = usePlan(id);
  const canChange = useCan('plans.write');
  const [dialog, setDialog] = useState<'price' | 'settings' | 'copy' | 'retire' | 'options' | null>(null);
  const retire = useSetPlanRetired();
  const close = () => {
    retire.reset();
    setDialog(null);
  };
  const [cancelling, setCancelling] = useState<PlanVersion | null>(null);
  const [labelOf, setLabelOf] = useState<number | null>(null);
  const cancel = useCancelPriceChange();

  if (plan.isPending) return <Loading />;
  if (plan.error) {
    if (isApiFailure(plan.error) && plan.error.status === 404)
      return (
        <EmptyState
          title={`Plan ${id} does not exist`}
          heading={1}
          icon={<IconFileUnknown size={24} stroke={1.6} />}
          action={
            <Button component={Link} to="/plans" variant="light" mt="xs">
              Go to the plans
            </Button>
          }
        >
          No plan of your company has this id.
        </EmptyState>
      );
    return (
      <Paper withBorder>
        <ErrorState error={plan.error} onRetry={() => void plan.refetch()} what="the plan" />
      </Paper>
    );
  }
  const p = plan.data;
  return (
    <Stack gap="md">
      <Anchor renderRoot={(props) => <Link {...props} to="/plans" />} size="sm" c="dimmed">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Plans
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.2}>
              {p.name}
            </Title>
            <SaleStateBadge plan={p} />
          </Group>
          <Text size="sm" c="dimmed">
            {p.utility.name} · {p.customerType.name} · {termOf(p.term)} · {p.rateType} ·{' '}
            {p.billingSystemPlanCode}
            {p.promoCode ? ` · promo ${p.promoCode}` : ''}
          </Text>
        </Stack>
        {canChange && (
          <Group gap="xs">
            <Button leftSection={<IconTag size={16} />} onClick={() => setDialog('price')}>
              Change price
            </Button>
            <Menu position="bottom-end" withinPortal width={220}>
              <Menu.Target>
                <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                  More
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => setDialog('settings')}>
                  Settings…
                </Menu.Item>
                <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => setDialog('copy')}>
                  Copy as a new plan…
                </Menu.Item>
                <Menu.Divider />
                {p.retired ? (
                  <Menu.Item leftSection={<IconArchiveOff size={16} />} onClick={() => setDialog('retire')}>
                    Put back in the catalogue…
                  </Menu.Item>
                ) : (
                  <Menu.Item
                    color="red"
                    leftSection={<IconArchive size={16} />}
                    onClick={() => setDialog('retire')}
                  >
                    Retire…
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      </Group>
      {p.description && <Text size="sm">{p.description}</Text>}

      <Section
        title="Prices in effect"
        description={
          p.next
            ? `Version ${p.next.version} takes over on ${formatDateTime(p.next.effectiveAt)} at ${centsOf(p.next.rate)}/${p.rateUnit}.`
            : 'No price change is scheduled.'
        }
      >
        <PricesInEffect plan={p} />
      </Section>

      <Section
        title="Versions"
        count={p.versions.length}
        description="A price change never edits a version: enrollments keep the one they accepted."
        flush
      >
        <VersionsTable
          plan={p}
          onCancel={canChange ? setCancelling : null}
          onLabel={p.commodity === 'Electric' ? (v) => setLabelOf(v.version) : null}
        />
      </Section>

      <Section
        title="What customers agree to"
        count={p.acceptanceOptions.length}
        description="Ticked at the end of the enrollment, in this order."
        actions={
          canChange && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconChecklist size={14} />}
              onClick={() => setDialog('options')}
            >
              Edit options
            </Button>
          )
        }
      >
        <AcceptanceOptionsList options={p.acceptanceOptions} />
      </Section>

      <Section
        title="Documents"
        count={p.documents.length}
        description={
          <>
            Generated from the version in effect, in English and Spanish; tick where customers see each.
            Uploaded contracts and letters served with the plan are in the{' '}
            <Anchor
              renderRoot={(props) => <Link {...props} to="/documents" search={{ planId: p.id }} />}
              size="xs"
              underline="always"
            >
              document library
            </Anchor>
            .
          </>
        }
        flush
      >
        <PlanDocuments plan={p} canChange={canChange} />
      </Section>

      {p.commodity === 'Electric' && <PriceComparison plan={p} />}

      <EflDerivationModal
        planId={p.id}
        planName={p.name}
        version={labelOf}
        onClose={() => setLabelOf(null)}
      />
      {canChange && (
        <>
          <PriceChangeModal opened={dialog === 'price'} plan={p} onClose={close} />
          <PlanSettingsModal opened={dialog === 'settings'} plan={p} onClose={close} />
          <AcceptanceOptionsModal opened={dialog === 'options'} plan={p} onClose={close} />
          <PlanCopyModal opened={dialog === 'copy'} plan={p} onClose={close} />
          <ConfirmDialog
            opened={dialog === 'retire'}
            title={p.retired ? `Put ${p.name} back in the catalogue?` : `Retire ${p.name}?`}
            confirmLabel={p.retired ? 'Put back' : 'Retire'}
            danger={!p.retired}
            loading={retire.isPending}
            error={retire.error}
            onConfirm={() => retire.mutate({ planId: p.id, retired: !p.retired }, { onSuccess: close })}
            onClose={close}
          >
            <Text size="sm">
              {p.retired
                ? 'The plan is sold again when it is published and inside its sale window.'
                : 'The plan leaves plan shopping for good. Its customers keep it, its versions and its documents.'}
            </Text>
          </ConfirmDialog>
        </>
      )}
      <ConfirmDialog
        opened={cancelling !== null}
        title={`Call off version ${cancelling?.version}?`}
        confirmLabel="Call off the change"
        danger
        loading={cancel.isPending}
        error={cancel.error}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(
            { planId: p.id, version: cancelling.version },
            { onSuccess: () => setCancelling(null) },
          )
        }
        onClose={() => {
          cancel.reset();
          setCancelling(null);
        }}
      >
        <Text size="sm">
          The change to {cancelling ? centsOf(cancelling.rate) : ''}/{p.rateUnit} planned for{' '}
          {formatDateTime(cancelling?.effectiveAt)} will not take effect. It stays in the list, marked
          cancelled.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
