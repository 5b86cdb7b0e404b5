import { Alert, Anchor, List, Stack } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCan } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import type { MatrixDifferences } from '../api/get-differences';
import { usePricingMatrices } from '../api/get-pricing-matrices';
import type { PricingMatrixSearch } from '../search';
import { HistoryTable } from './history-table';
import { InForceSection } from './in-force-section';
import { UploadForm } from './upload-form';

/** Uploads waiting for a decision, said above everything else so that none is forgotten. */
function PendingNotice() {
  const pending = usePricingMatrices().data?.filter((matrix) => matrix.status === 'pending') ?? [];
  if (pending.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      // Told on arriving at the page, not announced as an error would be.
      role="status"
      icon={<IconHourglass size={18} />}
      title={
        pending.length === 1
          ? 'An upload waits for a decision'
          : `${pending.length} uploads wait for a decision`
      }
    >
      <List size="sm">
        {pending.map((matrix) => (
          <List.Item key={matrix.id}>
            <Anchor
              renderRoot={(props) => <Link {...props} to="/pricing-matrix" search={{ import: matrix.id }} />}
              size="sm"
              c="inherit"
              fw={600}
              underline="always"
            >
              {matrix.fileName}
            </Anchor>
            , uploaded by {matrix.uploadedBy} on {formatDateTime(matrix.uploadedAt)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

interface PricingMatrixViewProps {
  search: PricingMatrixSearch;
  onSearchChange: (next: PricingMatrixSearch) => void;
  /** A good file was checked: its review opens. */
  onChecked: (differences: MatrixDifferences) => void;
}

/** The prospect pricing matrix: uploads waiting, a new upload (pricing staff), the matrix in force, the history. */
export function PricingMatrixView({ search, onSearchChange, onChecked }: PricingMatrixViewProps) {
  const canChange = useCan('plans.write');
  return (
    <Stack gap="md">
      <PendingNotice />
      {canChange && <UploadForm onChecked={onChecked} />}
      <InForceSection search={search} onSearchChange={onSearchChange} />
      <HistoryTable />
    </Stack>
  );
}
