import { isoDate, pageSize, positiveInt, text } from '../../lib/search';

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

export const hasAuditFilters = (search: AuditSearch) =>
  AUDIT_FILTER_KEYS.some((key) => search[key] !== undefined);
