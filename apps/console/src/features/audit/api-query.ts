import dayjs from 'dayjs';
import type { AuditLogQuery } from './api/get-audit-log';
import type { AuditSearch } from './search';

/** The API's query for the URL's state: whole days from the start of `from` to the end of `to`. */
export function auditQueryOf(search: AuditSearch): AuditLogQuery {
  return {
    ...(search.actor ? { actor: search.actor } : {}),
    ...(search.action ? { action: search.action } : {}),
    ...(search.targetType ? { targetType: search.targetType } : {}),
    ...(search.targetId ? { targetId: search.targetId } : {}),
    ...(search.from ? { from: dayjs(search.from).startOf('day').toISOString() } : {}),
    ...(search.to ? { to: dayjs(search.to).add(1, 'day').startOf('day').toISOString() } : {}),
    pageNumber: search.page ?? 1,
    pageSize: search.pageSize ?? 20,
  };
}
