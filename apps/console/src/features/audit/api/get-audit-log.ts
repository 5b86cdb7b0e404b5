import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type EnvelopeOf, ok, type QueryOf } from '../../../lib/api';

export type AuditLogQuery = QueryOf<'/audit-log', 'get'>;
export type AuditLogPage = EnvelopeOf<'/audit-log', 'get'>;
export type AuditEntry = AuditLogPage['data'][number];

/** One page of the audit log, newest first, with the filters given. */
export async function getAuditLog(query: AuditLogQuery, signal?: AbortSignal): Promise<AuditLogPage> {
  return ok(await api.GET('/audit-log', { params: { query }, signal }));
}

export const auditLogQueryOptions = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: ['audit-log', query] as const,
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (query: AuditLogQuery) => useQuery(auditLogQueryOptions(query));
