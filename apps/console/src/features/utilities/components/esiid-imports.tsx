import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState, FailureAlert } from '../../../components/ui/states';
import { formatCount, formatDateTime } from '../../../lib/format';
import {
  type EsiidImport,
  type EsiidImportDetail,
  isRunning,
  useEsiidImport,
  useEsiidImports,
  useUploadEsiidExtract,
} from '../api/esiid-imports';
import { importPercent } from '../model';

const STATUS_COLORS: Record<string, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
};

const COUNTS = [
  ['inserted', 'Added'],
  ['updated', 'Changed'],
  ['unchanged', 'Unchanged'],
  ['removed', 'Removed'],
  ['rejected', 'Rejected'],
] as const;

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" tt="none">
      {status === 'succeeded' ? 'Done' : status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}

/** The lines an import skipped, by line number, or why it refused the whole file. */
function ImportOutcome({ view }: { view: EsiidImportDetail }) {
  return (
    <Stack gap="sm">
      {view.failure && (
        <Alert color="red" variant="light" title={view.failure.message} role="alert">
          {view.failure.errors.map((line) => (
            <Text size="sm" key={line}>
              {line}
            </Text>
          ))}
        </Alert>
      )}
      {view.rejectedLines.length > 0 && (
        <Table.ScrollContainer minWidth={360} mah={320}>
          <Table withTableBorder fz="sm" verticalSpacing={4} aria-label="Rejected lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={90}>Line</Table.Th>
                <Table.Th>Why it was skipped</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.rejectedLines.map((rejected) => (
                <Table.Tr key={rejected.line}>
                  <Table.Td ff="monospace">{rejected.line}</Table.Td>
                  <Table.Td>{rejected.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {view.counts.rejected > view.rejectedLines.length && (
        <Text size="sm" c="dimmed">
          … and {formatCount(view.counts.rejected - view.rejectedLines.length)} more rejected lines.
        </Text>
      )}
    </Stack>
  );
}

function Counts({ counts }: { counts: EsiidImport['counts'] }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs" aria-label="Import counts">
      {COUNTS.map(([key, label]) => (
        <div key={key}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600} ff="monospace">
            {formatCount(counts[key])}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The upload's bar, then the import's: what is sent, then how many of the file's lines are read. */
function UploadProgress({ fraction, view }: { fraction: number; view: EsiidImportDetail | undefined }) {
  const phase = !view
    ? { value: Math.round(fraction * 100), label: `Uploading: ${Math.round(fraction * 100)} %` }
    : view.status === 'queued'
      ? { value: 0, label: 'Waiting for the import before it to end' }
      : {
          value: isRunning(view.status) ? importPercent(view.counts.rowsRead, view.dataLines) : 100,
          label:
            view.status === 'running'
              ? `Importing: ${formatCount(view.counts.rowsRead)} of ${formatCount(view.dataLines)} lines`
              : view.status === 'succeeded'
                ? `Imported: ${formatCount(view.counts.rowsRead)} lines read`
                : 'The file was refused',
        };
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" aria-live="polite">
          {phase.label}
        </Text>
        {view && <StatusBadge status={view.status} />}
      </Group>
      <Progress
        value={phase.value}
        aria-label="ESIID import progress"
        color={view?.status === 'failed' ? 'red' : view?.status === 'succeeded' ? 'green' : 'blue'}
        animated={!view || isRunning(view.status)}
        size="lg"
        transitionDuration={200}
      />
    </Stack>
  );
}

function ImportsTable({ imports, onOpen }: { imports: EsiidImport[]; onOpen: (id: number) => void }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder fz="sm" verticalSpacing={6} aria-label="Last imports">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Status</Table.Th>
            {COUNTS.map(([key, label]) => (
              <Table.Th key={key} ta="right">
                {label}
              </Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {imports.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Text size="sm">{row.fileName}</Text>
                <Text size="xs" c="dimmed">
                  {row.requestedBy} · {formatDateTime(row.requestedAt)}
                </Text>
              </Table.Td>
              <Table.Td miw={96}>
                <StatusBadge status={row.status} />
              </Table.Td>
              {COUNTS.map(([key]) => (
                <Table.Td key={key} ta="right" ff="monospace">
                  {formatCount(row.counts[key])}
                </Table.Td>
              ))}
              <Table.Td>
                {(row.counts.rejected > 0 || row.failure) && (
                  <Button size="compact-xs" variant="subtle" onClick={() => onOpen(row.id)}>
                    {row.failure ? 'Why' : 'Rejected lines'}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ImportModal({ importId, onClose }: { importId: number | null; onClose: () => void }) {
  const view = useEsiidImport(importId);
  return (
    <Modal opened={importId !== null} onClose={onClose} title={view.data?.fileName ?? 'Import'} size="lg">
      {view.error ? (
        <ErrorState error={view.error} what="the import" />
      ) : (
        view.data && <ImportOutcome view={view.data} />
      )}
    </Modal>
  );
}

/**
 * ERCOT's TDSP ESI ID extract, uploaded and imported in the background: a bar for the upload, then for the import,
 * its counts and the lines it skipped; and the last imports. Pricing and Administrators upload; other staff read.
 */
export function EsiidImports({ canUpload }: { canUpload: boolean }) {
  const imports = useEsiidImports();
  const upload = useUploadEsiidExtract();
  const [file, setFile] = useState<File | null>(null);
  const [fraction, setFraction] = useState(0);
  const [importId, setImportId] = useState<number | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const current = useEsiidImport(importId);

  const start = () => {
    if (!file) return;
    setImportId(null);
    setFraction(0);
    upload.mutate({ file, onProgress: setFraction }, { onSuccess: (queued) => setImportId(queued.id) });
  };
  const busy = upload.isPending || isRunning(current.data?.status);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="esiid-imports-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="esiid-imports-title">
          ESIID directory
        </Title>
        <Text size="sm" c="dimmed">
          ERCOT's TDSP ESI ID extract (CSV, unzipped). Each ESIID goes to the Texas TDSP whose prefix and
          length it has; lines that cannot be read are skipped and listed by line number.
        </Text>
        {canUpload && (
          <Group align="flex-end" wrap="wrap">
            <FileInput
              label="Extract file"
              placeholder="Choose a CSV file"
              accept=".csv,.txt,text/csv,text/plain"
              leftSection={<IconFileTypeCsv size={16} />}
              value={file}
              onChange={setFile}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
              w={{ base: '100%', sm: 320 }}
            />
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={start}
              disabled={!file || busy}
              loading={upload.isPending}
            >
              Upload and import
            </Button>
          </Group>
        )}
        {(upload.isPending || importId !== null) && (
          <Stack gap="sm" aria-label="This upload">
            <UploadProgress fraction={fraction} view={current.data} />
            {current.data && <Counts counts={current.data.counts} />}
            {current.data && !isRunning(current.data.status) && <ImportOutcome view={current.data} />}
          </Stack>
        )}
        <FailureAlert error={upload.error} title="Not uploaded" />
        <Title order={3} size="h5">
          Last imports
        </Title>
        {imports.error ? (
          <ErrorState error={imports.error} onRetry={() => void imports.refetch()} what="the imports" />
        ) : imports.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            No extract has been uploaded yet.
          </Text>
        ) : (
          <ImportsTable imports={imports.data ?? []} onOpen={setOpened} />
        )}
      </Stack>
      <ImportModal importId={opened} onClose={() => setOpened(null)} />
    </Paper>
  );
}
