import { useAuditLog } from '../api/get-audit-log';
import { auditQueryOf } from '../api-query';
import { type AuditSearch, hasAuditFilters } from '../search';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

interface AuditLogViewProps {
  search: AuditSearch;
  onSearchChange: (next: AuditSearch) => void;
}

/** The audit log: filters over the table, both driven by the URL. */
export function AuditLogView({ search, onSearchChange }: AuditLogViewProps) {
  const { data, error, isFetching, isPending, refetch } = useAuditLog(auditQueryOf(search));
  return (
    <>
      <AuditFilters
        search={search}
        onApply={(filters) => onSearchChange({ ...filters, pageSize: search.pageSize })}
      />
      <AuditTable
        data={data}
        error={error}
        fetching={isFetching}
        pending={isPending}
        filtered={hasAuditFilters(search)}
        page={search.page ?? 1}
        pageSize={search.pageSize ?? 20}
        onRetry={() => void refetch()}
        onPage={(page, pageSize) =>
          onSearchChange({
            ...search,
            page: page > 1 ? page : undefined,
            pageSize: pageSize !== 20 ? pageSize : undefined,
          })
        }
        onFilter={(filter) => onSearchChange({ ...search, ...filter, page: undefined })}
      />
    </>
  );
}
