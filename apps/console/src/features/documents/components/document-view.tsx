import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconDownload,
  IconExternalLink,
  IconFileUnknown,
  IconLink,
  IconUpload,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ServerTable } from '../../../components/ui/data-table';
import { EmptyState, ErrorState, FailureAlert } from '../../../components/ui/states';
import { apiHref, isApiFailure } from '../../../lib/api';
import { useCan } from '../../../lib/auth';
import { formatDate, formatDateTime } from '../../../lib/format';
import { NothingYet, Section } from '../../enrollments/components/section';
import { useBundles } from '../../plans/api/get-bundles';
import { usePlans } from '../../plans/api/get-plans';
// The plans list's row link: dark enough to read on the row's hover colour.
import classes from '../../plans/components/plans.module.css';
import {
  type DocumentUse,
  type DocumentVersion,
  type LibraryDocument,
  useAttachDocument,
  useDetachDocument,
  useDocument,
  useRetireVersion,
  useUploadVersion,
} from '../api/documents';
import { formatBytes, KIND_LABELS, LANGUAGE_LABELS } from '../model';
import { PdfFileInput, pdfProblem } from './pdf-file-input';

function Loading() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the document">
      <Skeleton height={30} width={320} />
      <Skeleton height={16} width={420} />
      <Skeleton height={160} />
      <Skeleton height={120} />
    </Stack>
  );
}

const versionHref = (documentId: number, version: number) =>
  apiHref('/documents/{documentId}/versions/{version}/file', { documentId, version });

function VersionState({ version }: { version: DocumentVersion }) {
  if (version.live)
    return (
      <Badge color="green" variant="light">
        Served
      </Badge>
    );
  if (version.retiredAt)
    return (
      <Badge color="gray" variant="light">
        Retired
      </Badge>
    );
  return (
    <Badge color="blue" variant="light">
      From {formatDate(version.effectiveFrom)}
    </Badge>
  );
}

/** The versions, newest first: open or download each; Marketing retires one. */
function Versions({
  document,
  onRetire,
}: {
  document: LibraryDocument;
  onRetire?: (v: DocumentVersion) => void;
}) {
  const columns: DataTableColumn<DocumentVersion>[] = [
    { accessor: 'version', title: 'Version', width: 90, render: (v) => `v${v.version}` },
    { accessor: 'live', title: 'State', width: 140, render: (v) => <VersionState version={v} /> },
    {
      accessor: 'fileName',
      title: 'File',
      render: (v) => (
        <div>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {v.fileName}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(v.sizeBytes)} · effective {formatDate(v.effectiveFrom)}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'uploadedAt',
      title: 'Uploaded',
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
      render: (v) => (
        <div>
          <Text size="sm">{formatDateTime(v.uploadedAt)}</Text>
          <Text size="xs" c="dimmed">
            {v.uploadedBy}
          </Text>
        </div>
      ),
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      render: (v) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            component="a"
            href={versionHref(document.id, v.version)}
            target="_blank"
            rel="noopener"
            size="compact-sm"
            variant="subtle"
            leftSection={<IconExternalLink size={14} />}
            aria-label={`Open version ${v.version}`}
          >
            Open
          </Button>
          <Button
            component="a"
            href={versionHref(document.id, v.version)}
            download={v.fileName}
            size="compact-sm"
            variant="subtle"
            leftSection={<IconDownload size={14} />}
            aria-label={`Download version ${v.version}`}
          >
            Download
          </Button>
          {onRetire && !v.retiredAt && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => onRetire(v)}>
              Retire
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <ServerTable<DocumentVersion>
      records={document.versions}
      columns={columns}
      idAccessor="version"
      borderRadius={0}
      withTableBorder={false}
      emptyState={
        <EmptyState title="No version yet">Upload the document's PDF: it is served once uploaded.</EmptyState>
      }
    />
  );
}

/** Marketing's upload of the next version, served from its effective day (today when left empty). */
function UploadVersionForm({ documentId }: { documentId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [checked, setChecked] = useState(false);
  const upload = useUploadVersion();
  const problem = pdfProblem(file);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (problem || !file) return;
    upload.mutate(
      { documentId, file, effectiveFrom: effectiveFrom || undefined },
      {
        onSuccess: (document) => {
          notifications.show({
            color: 'green',
            message: `Version ${document.versions[0]?.version} uploaded.`,
          });
          setFile(null);
          setEffectiveFrom('');
          setChecked(false);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Upload a new version">
      <Stack gap="sm">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <div style={{ flex: '1 1 260px' }}>
            <PdfFileInput
              value={file}
              onChange={(next) => {
                setFile(next);
                upload.reset();
              }}
              error={checked ? problem : null}
            />
          </div>
          <TextInput
            type="date"
            label="Effective from"
            description="Today when empty."
            value={effectiveFrom}
            onChange={(event) => setEffectiveFrom(event.currentTarget.value)}
            w={{ base: '100%', sm: 180 }}
          />
        </Group>
        <FailureAlert error={upload.error} title="The file was not kept" />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUpload size={16} />} loading={upload.isPending}>
            Upload new version
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Where the document is served: plans and bundles; Marketing attaches and detaches them. */
function Uses({ document, canChange }: { document: LibraryDocument; canChange: boolean }) {
  const [targetType, setTargetType] = useState<'plan' | 'bundle'>('plan');
  const [targetId, setTargetId] = useState<string | null>(null);
  const plans = usePlans({});
  const bundles = useBundles();
  const attach = useAttachDocument();
  const detach = useDetachDocument();
  const options =
    targetType === 'plan'
      ? (plans.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.utility.code}` }))
      : (bundles.data ?? []).map((b) => ({ value: String(b.id), label: b.name }));
  const columns: DataTableColumn<DocumentUse>[] = [
    {
      accessor: 'name',
      title: 'Served with',
      render: (use) =>
        use.targetType === 'plan' ? (
          <Anchor
            renderRoot={(props) => <Link {...props} to="/plans/$id" params={{ id: use.targetId }} />}
            size="sm"
            className={classes.rowLink}
          >
            {use.name}
          </Anchor>
        ) : (
          <Text size="sm">{use.name}</Text>
        ),
    },
    {
      accessor: 'targetType',
      title: 'What',
      width: 110,
      render: (use) => (use.targetType === 'plan' ? 'Plan' : 'Bundle'),
    },
    {
      accessor: 'published',
      title: 'State',
      width: 110,
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (use) => (use.published ? 'Published' : 'Not published'),
    },
    ...(canChange
      ? [
          {
            accessor: 'detach',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            textAlign: 'right' as const,
            render: (use: DocumentUse) => (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`Detach ${use.name}`}
                loading={detach.isPending && detach.variables?.targetId === use.targetId}
                onClick={() =>
                  detach.mutate({
                    documentId: document.id,
                    targetType: use.targetType,
                    targetId: use.targetId,
                  })
                }
              >
                Detach
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack gap="sm">
      {document.uses.length === 0 ? (
        <NothingYet>No plan or bundle is served this document yet.</NothingYet>
      ) : (
        <ServerTable<DocumentUse>
          records={document.uses}
          columns={columns}
          idAccessor={(use) => `${use.targetType}-${use.targetId}`}
        />
      )}
      <FailureAlert error={detach.error} title="Not detached" />
      {canChange && (
        <form
          aria-label="Attach to a plan or bundle"
          onSubmit={(event) => {
            event.preventDefault();
            if (targetId)
              attach.mutate(
                { documentId: document.id, targetType, targetId: Number(targetId) },
                { onSuccess: () => setTargetId(null) },
              );
          }}
        >
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label="Attach to"
              data={[
                { value: 'plan', label: 'Plan' },
                { value: 'bundle', label: 'Bundle' },
              ]}
              value={targetType}
              onChange={(value) => {
                setTargetType(value as 'plan' | 'bundle');
                setTargetId(null);
              }}
            />
            <Select
              label={targetType === 'plan' ? 'Plan' : 'Plan bundle'}
              placeholder={targetType === 'plan' ? 'Choose a plan' : 'Choose a bundle'}
              searchable
              data={options}
              value={targetId}
              onChange={setTargetId}
              w={{ base: '100%', sm: 340 }}
            />
            <Button
              type="submit"
              leftSection={<IconLink size={16} />}
              disabled={!targetId}
              loading={attach.isPending}
            >
              Attach
            </Button>
          </Group>
          <FailureAlert error={attach.error} title="Not attached" />
        </form>
      )}
    </Stack>
  );
}

/** One library document: its versions, its upload, and the plans and bundles it is served with. */
export function DocumentView({ id }: { id: number }) {
  const document = useDocument(id);
  const canChange = useCan('marketing.write');
  const [retiring, setRetiring] = useState<DocumentVersion | null>(null);
  const retire = useRetireVersion();
  const closeRetire = () => {
    retire.reset();
    setRetiring(null);
  };

  if (document.isPending) return <Loading />;
  if (document.error) {
    if (isApiFailure(document.error) && document.error.status === 404)
      return (
        <EmptyState
          title={`Document ${id} does not exist`}
          heading={1}
          icon={<IconFileUnknown size={24} stroke={1.6} />}
          action={
            <Button component={Link} to="/documents" variant="light" mt="xs">
              Go to the documents
            </Button>
          }
        >
          No document of your company's library has this id.
        </EmptyState>
      );
    return (
      <Paper withBorder>
        <ErrorState error={document.error} onRetry={() => void document.refetch()} what="the document" />
      </Paper>
    );
  }
  const d = document.data;
  return (
    <Stack gap="md">
      <Anchor renderRoot={(props) => <Link {...props} to="/documents" />} size="sm" c="dimmed">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Documents
        </Group>
      </Anchor>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
          {d.name}
        </Title>
        <Group gap="xs">
          <Badge variant="light">{KIND_LABELS[d.kind]}</Badge>
          <Badge variant="light" color="gray">
            {LANGUAGE_LABELS[d.language]}
          </Badge>
          <Text size="sm" c="dimmed">
            {d.liveVersion === null ? 'Not served: no version in effect' : `Serving version ${d.liveVersion}`}
          </Text>
        </Group>
      </Stack>
      <Section
        title="Versions"
        count={d.versions.length}
        description="The newest version in effect and not retired is the one customers receive."
        flush
      >
        <Versions document={d} onRetire={canChange ? setRetiring : undefined} />
      </Section>
      {canChange && (
        <Section
          title="Upload a new version"
          description="PDF only, checked by its content and scanned for viruses."
        >
          <UploadVersionForm documentId={d.id} />
        </Section>
      )}
      <Section
        title="Plans and bundles"
        count={d.uses.length}
        description="The document is served with these plans (a bundle: both of its plans) in its language, beside their generated documents."
      >
        <Uses document={d} canChange={canChange} />
      </Section>
      <ConfirmDialog
        opened={retiring !== null}
        title={`Retire version ${retiring?.version ?? ''}?`}
        confirmLabel="Retire version"
        danger
        loading={retire.isPending}
        error={retire.error}
        onClose={closeRetire}
        onConfirm={() =>
          retiring &&
          retire.mutate({ documentId: d.id, version: retiring.version }, { onSuccess: closeRetire })
        }
      >
        <Text size="sm">
          A retired version is no longer served; the newest other version in effect is. The only served
          version of a document a published plan relies on cannot be retired: upload its successor first.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
