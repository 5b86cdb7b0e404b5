import { DataList, Skeleton, Stack, Text } from '@mantine/core';
import { IconTableOff } from '@tabler/icons-react';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatCount, formatDate, formatDateTime } from '../../../lib/format';
import { Section } from '../../enrollments/components/section';
import { type MatrixImport, usePricingMatrices } from '../api/get-pricing-matrices';
import type { PricingMatrixSearch } from '../search';
import { PricesTable } from './prices-table';

function InForceFacts({ matrix }: { matrix: MatrixImport }) {
  return (
    <DataList size="sm" orientation="horizontal">
      <DataList.Item>
        <DataList.ItemLabel>File</DataList.ItemLabel>
        <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{matrix.fileName}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Price file date</DataList.ItemLabel>
        <DataList.ItemValue>{formatDate(matrix.priceFileDate)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Prices</DataList.ItemLabel>
        <DataList.ItemValue>{formatCount(matrix.rows)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Put in force</DataList.ItemLabel>
        <DataList.ItemValue>
          {formatDateTime(matrix.decidedAt)}{' '}
          <Text span size="sm" c="dimmed">
            by {matrix.decidedBy ?? matrix.uploadedBy}
          </Text>
        </DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}

interface InForceSectionProps {
  search: PricingMatrixSearch;
  onSearchChange: (next: PricingMatrixSearch) => void;
}

/** The matrix prospects are priced from now, and its prices. */
export function InForceSection({ search, onSearchChange }: InForceSectionProps) {
  const matrices = usePricingMatrices();
  const inForce = matrices.data?.find((matrix) => matrix.status === 'active');

  const body = () => {
    if (matrices.error && !matrices.data)
      return (
        <ErrorState
          error={matrices.error}
          onRetry={() => void matrices.refetch()}
          what="the matrix in force"
        />
      );
    if (matrices.isPending)
      return (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the matrix in force">
          <Skeleton height={16} width="60%" />
          <Skeleton height={16} width="40%" />
        </Stack>
      );
    if (!inForce)
      return (
        <EmptyState title="No matrix in force" icon={<IconTableOff size={24} />}>
          Prospects cannot be priced until a matrix is put in force.
        </EmptyState>
      );
    return (
      <Stack gap="md">
        <InForceFacts matrix={inForce} />
        <PricesTable
          key={inForce.id}
          importId={inForce.id}
          search={search}
          onSearchChange={onSearchChange}
          what="the prices in force"
        />
      </Stack>
    );
  };

  return (
    <Section title="In force" description="The matrix prospects are priced from now.">
      {body()}
    </Section>
  );
}
