import { Anchor, Badge, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { ServerTable, TABLE_PAGE_SIZES } from '../../../components/ui/data-table';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import { DEFAULT_PAGE_SIZE } from '../../../lib/search';
import { usePlans } from '../../plans/api/get-plans';
// The plans list's row link: dark enough to read on the row's hover colour.
import classes from '../../plans/components/plans.module.css';
import { type LibraryDocumentSummary, useDocuments } from '../api/documents';
import { DOCUMENT_KINDS, DOCUMENT_LANGUAGES, KIND_LABELS, LANGUAGE_LABELS } from '../model';
import type { DocumentsSearch } from '../search';

const columns: DataTableColumn<LibraryDocumentSummary>[] = [
  {
    accessor: 'name',
    title: 'Document',
    render: (document) => (
      <div>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/documents/$id" params={{ id: document.id }} />}
          size="sm"
          fw={600}
          className={classes.rowLink}
          onClick={(event) => event.stopPropagation()}
        >
          {document.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {KIND_LABELS[document.kind]}
        </Text>
      </div>
    ),
  },
  {
    accessor: 'language',
    title: 'Language',
    width: 100,
    render: (document) => LANGUAGE_LABELS[document.language],
  },
  {
    accessor: 'liveVersion',
    title: 'Served',
    width: 130,
    render: (document) =>
      document.liveVersion === null ? (
        <Badge color="gray" variant="light">
          Not served
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          Version {document.liveVersion}
        </Badge>
      ),
  },
  {
    accessor: 'useCount',
    title: 'Plans and bundles',
    textAlign: 'right',
    width: 150,
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
    render: (document) => formatCount(document.useCount),
  },
  {
    accessor: 'versionCount',
    title: 'Versions',
    textAlign: 'right',
    width: 100,
    visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
    render: (document) => formatCount(document.versionCount),
  },
];

interface DocumentsViewProps {
  search: DocumentsSearch;
  onSearchChange: (next: DocumentsSearch) => void;
}

/** The company's document library, a page at a time, filtered by kind, language and the plan served with. */
export function DocumentsView({ search, onSearchChange }: DocumentsViewProps) {
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const documents = useDocuments({
    kind: search.kind,
    language: search.language,
    planId: search.planId,
    pageNumber: page,
    pageSize,
  });
  const plans = usePlans({});
  const navigate = useNavigate();
  const filter = (next: Partial<DocumentsSearch>) => onSearchChange({ ...search, ...next, page: undefined });

  if (documents.error && !documents.data)
    return (
      <Paper withBorder>
        <ErrorState error={documents.error} onRetry={() => void documents.refetch()} what="the documents" />
      </Paper>
    );

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label="Kind"
          placeholder="Every kind"
          clearable
          data={DOCUMENT_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
          value={search.kind ?? null}
          onChange={(value) => filter({ kind: (value as DocumentsSearch['kind']) ?? undefined })}
          w={{ base: '100%', sm: 220 }}
        />
        <Select
          label="Language"
          placeholder="Both"
          clearable
          data={DOCUMENT_LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }))}
          value={search.language ?? null}
          onChange={(value) => filter({ language: (value as DocumentsSearch['language']) ?? undefined })}
          w={{ base: '100%', sm: 150 }}
        />
        <Select
          label="Plan"
          placeholder="Any plan"
          clearable
          searchable
          data={(plans.data ?? []).map((plan) => ({
            value: String(plan.id),
            label: `${plan.name} · ${plan.utility.code}`,
          }))}
          value={search.planId ? String(search.planId) : null}
          onChange={(value) => filter({ planId: value ? Number(value) : undefined })}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      <ServerTable<LibraryDocumentSummary>
        records={documents.data?.data ?? []}
        columns={columns}
        idAccessor="id"
        fetching={documents.isFetching}
        page={page}
        onPageChange={(next) => onSearchChange({ ...search, page: next > 1 ? next : undefined })}
        totalRecords={documents.data?.totalRecords ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={TABLE_PAGE_SIZES}
        onRecordsPerPageChange={(size) => onSearchChange({ ...search, page: undefined, pageSize: size })}
        onRowClick={({ record }) => void navigate({ to: '/documents/$id', params: { id: record.id } })}
        emptyState={
          documents.isPending ? undefined : (
            <EmptyState title="No documents" icon={<IconFileOff size={24} />}>
              No document of the library matches these filters.
            </EmptyState>
          )
        }
      />
    </Stack>
  );
}
