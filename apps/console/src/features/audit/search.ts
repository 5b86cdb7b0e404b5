import dayjs from 'dayjs';
import { isoDate, pageSize, positiveInt, text } from '../../lib/search';
import type { AuditLogQuery } from './api/get-audit-log';

/** The audit log's filters and page in the URL; dates are calendar days in the browser's time zone. */
export interface AuditSearch {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

export const AUDIT_FILTER_KEYS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

export function validateAuditSearch(raw: Record<string, unknown>): AuditSearch {
  const size = pageSize(raw);
  const page = positiveInt(raw, 'page', 1);
  const actor = text(raw, 'actor')?.toLowerCase();
  const from = isoDate(raw, 'from');
  let to = isoDate(raw, 'to');
  if (from && to && to < from) to = undefined;
  return {
    ...(actor ? { actor } : {}),
    ...(text(raw, 'action') ? { action: text(raw, 'action') } : {}),
    ...(text(raw, 'targetType') ? { targetType: text(raw, 'targetType') } : {}),
    ...(text(raw, 'targetId') ? { targetId: text(raw, 'targetId') } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(page > 1 ? { page } : {}),
    ...(size !== 20 ? { pageSize: size } : {}),
  };
}

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

export const hasAuditFilters = (search: AuditSearch) => AUDIT_FILTER_KEYS.some((key) => search[key] !== undefined);
