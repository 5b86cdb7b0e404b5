import { Alert, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconFileUnknown, IconTableOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId, useState } from 'react';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useCan } from '../../../lib/auth';
import { formatCount, formatDateTime } from '../../../lib/format';
import { Section } from '../../enrollments/components/section';
import { type MatrixDifferences, useMatrixDifferences } from '../api/get-differences';
import { type MatrixImport, usePricingMatrices } from '../api/get-pricing-matrices';
import { canBePutInForce, contentsOf, formatPercentChange, hasKeptPrices } from '../model';
import type { ImportTab, PricingMatrixSearch } from '../search';
import { AddedPrices, ChangedPrices, RemovedPrices } from './difference-tables';
import { ImportDecisions } from './import-decisions';
import { PricesTable } from './prices-table';
import classes from './pricing-matrix.module.css';
import { MatrixStatusBadge } from './status-badge';

function BackLink() {
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/pricing-matrix" />} size="sm" c="dimmed">
      <Group gap={4}>
        <IconArrowLeft size={14} /> Pricing matrix
      </Group>
    </Anchor>
  );
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: 'increase' | 'decrease' }) {
  const id = useId();
  return (
    <Paper withBorder p="sm" className={classes.stat} component="section" aria-labelledby={id}>
      <Text size="xs" c="dimmed" id={id} component="div">
        {label}
      </Text>
      <p className={`${classes.statValue} ${tone ? classes[tone] : ''}`}>{value}</p>
    </Paper>
  );
}

/** The counts of the differences, and the largest moves either way. */
function DifferenceCounts({ differences }: { differences: MatrixDifferences }) {
  const { counts, largestIncreasePercent: up, largestDecreasePercent: down } = differences;
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, lg: 6 }} spacing="sm">
      <Stat label="Added" value={formatCount(counts.added)} />
      <Stat label="Removed" value={formatCount(counts.removed)} />
      <Stat label="Changed" value={formatCount(counts.changed)} />
      <Stat label="Unchanged" value={formatCount(counts.unchanged)} />
      <Stat
        label="Largest increase"
        value={up > 0 ? formatPercentChange(up) : '—'}
        tone={up > 0 ? 'increase' : undefined}
      />
      <Stat
        label="Largest decrease"
        value={down < 0 ? formatPercentChange(down) : '—'}
        tone={down < 0 ? 'decrease' : undefined}
      />
    </SimpleGrid>
  );
}

function ImportHeading({ matrix, actions }: { matrix: MatrixImport; actions: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
            {matrix.fileName}
          </Title>
          <MatrixStatusBadge matrix={matrix} />
        </Group>
        <Text size="sm" c="dimmed">
          {contentsOf(matrix)} · uploaded by {matrix.uploadedBy} on {formatDateTime(matrix.uploadedAt)}
          {matrix.decidedBy &&
            ` · ${matrix.status === 'discarded' ? 'discarded' : 'put in force'} by ${matrix.decidedBy} on ${formatDateTime(matrix.decidedAt)}`}
        </Text>
      </Stack>
      {actions}
    </Group>
  );
}

interface ImportReviewProps {
  importId: number;
  search: PricingMatrixSearch;
  onSearchChange: (next: PricingMatrixSearch) => void;
  /** Back to the pricing matrix page, after a decision. */
  onDone: () => void;
}

/** The differences of one import with the matrix in force, its prices, and the decision (pricing staff). */
export function ImportReview({ importId, search, onSearchChange, onDone }: ImportReviewProps) {
  const matrices = usePricingMatrices();
  const canChange = useCan('plans.write');
  const [inForceChanged, setInForceChanged] = useState(false);
  const matrix = matrices.data?.find((entry) => entry.id === importId);
  const decidable = matrix !== undefined && canBePutInForce(matrix);
  const differences = useMatrixDifferences(importId, decidable);

  if (matrices.error && !matrices.data)
    return <ErrorState error={matrices.error} onRetry={() => void matrices.refetch()} what="this matrix" />;
  if (matrices.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the matrix">
        <Skeleton height={28} width="40%" />
        <Skeleton height={80} />
      </Stack>
    );
  if (!matrix)
    return (
      <Stack gap="md">
        <BackLink />
        <EmptyState title="No such upload" icon={<IconFileUnknown size={24} />} heading={1}>
          Pricing matrix import {importId} does not exist.
        </EmptyState>
      </Stack>
    );

  const tab: ImportTab = decidable ? (search.tab ?? 'changed') : 'prices';
  const prices = hasKeptPrices(matrix) ? (
    <PricesTable
      importId={matrix.id}
      search={search}
      onSearchChange={onSearchChange}
      what={`the prices of ${matrix.fileName}`}
    />
  ) : (
    <EmptyState title="Its prices were let go" icon={<IconTableOff size={24} />}>
      {matrix.status === 'discarded'
        ? 'A discarded upload keeps its record, not its prices.'
        : 'It was replaced before matrices were kept: its prices cannot be read or restored.'}
    </EmptyState>
  );

  return (
    <Stack gap="md">
      <BackLink />
      <ImportHeading
        matrix={matrix}
        actions={
          canChange &&
          decidable &&
          differences.data && (
            <ImportDecisions
              differences={differences.data}
              onDone={onDone}
              onInForceChanged={() => setInForceChanged(true)}
            />
          )
        }
      />
      {inForceChanged && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="The matrix in force changed"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setInForceChanged(false)}
        >
          Another matrix was put in force while you reviewed this one; nothing changed. The differences below
          were read again against it: check them, then decide again.
        </Alert>
      )}
      {decidable ? (
        <Differences
          differences={differences}
          tab={tab}
          onTab={(next) => onSearchChange({ import: importId, ...(next === 'changed' ? {} : { tab: next }) })}
          prices={prices}
          rows={matrix.rows}
        />
      ) : (
        <Section title="Prices" count={matrix.rows}>
          {prices}
        </Section>
      )}
    </Stack>
  );
}

interface DifferencesProps {
  differences: ReturnType<typeof useMatrixDifferences>;
  tab: ImportTab;
  onTab: (tab: ImportTab) => void;
  prices: ReactNode;
  rows: number;
}

/** What putting the import in force would change, against the matrix in force now; then its lists, one per tab. */
function Differences({ differences, tab, onTab, prices, rows }: DifferencesProps) {
  const { data } = differences;
  if (differences.error && !data)
    return (
      <Paper withBorder>
        <ErrorState
          error={differences.error}
          onRetry={() => void differences.refetch()}
          what="the differences"
        />
      </Paper>
    );
  if (!data)
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the differences">
        <Skeleton height={72} />
        <Skeleton height={240} />
      </Stack>
    );
  const { counts, inForce } = data;
  return (
    <Section
      title="Differences with the matrix in force"
      description={
        inForce
          ? `Against ${inForce.fileName}, ${contentsOf(inForce)}, in force since ${formatDateTime(inForce.decidedAt)}.`
          : 'No matrix is in force: every price would be new.'
      }
    >
      <Stack gap="md">
        <DifferenceCounts differences={data} />
        <Tabs value={tab} onChange={(value) => value && onTab(value as ImportTab)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="changed">Changed ({formatCount(counts.changed)})</Tabs.Tab>
            <Tabs.Tab value="added">Added ({formatCount(counts.added)})</Tabs.Tab>
            <Tabs.Tab value="removed">Removed ({formatCount(counts.removed)})</Tabs.Tab>
            <Tabs.Tab value="prices">All prices ({formatCount(rows)})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="changed" pt="md">
            <ChangedPrices differences={data} />
          </Tabs.Panel>
          <Tabs.Panel value="added" pt="md">
            <AddedPrices differences={data} />
          </Tabs.Panel>
          <Tabs.Panel value="removed" pt="md">
            <RemovedPrices differences={data} />
          </Tabs.Panel>
          <Tabs.Panel value="prices" pt="md">
            {prices}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Section>
  );
}
