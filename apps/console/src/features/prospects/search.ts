import { oneOf, optionalInt, pageSize, positiveInt, text } from '../../lib/search';
import type { SalesStatus, SigningStatus } from './api/get-prospects';
import { SALES_STATUS_LIST, SIGNING_STATUS_LIST } from './model';

export const PROSPECT_VIEWS = ['board', 'table'] as const;

/** The prospects page's view and filters in the URL, so a view can be bookmarked or sent to a colleague. */
export interface ProspectsSearch {
  view?: (typeof PROSPECT_VIEWS)[number];
  status?: SalesStatus;
  signingStatus?: SigningStatus;
  affiliateId?: number;
  q?: string;
  page?: number;
  pageSize?: number;
}

export function validateProspectsSearch(raw: Record<string, unknown>): ProspectsSearch {
  const view = oneOf(raw, 'view', PROSPECT_VIEWS);
  const status = oneOf(raw, 'status', SALES_STATUS_LIST);
  const signingStatus = oneOf(raw, 'signingStatus', SIGNING_STATUS_LIST);
  const affiliateId = optionalInt(raw, 'affiliateId');
  const q = text(raw, 'q', 100);
  const page = positiveInt(raw, 'page', 1);
  const size = pageSize(raw);
  return {
    ...(view === 'table' ? { view } : {}),
    ...(status ? { status } : {}),
    ...(signingStatus ? { signingStatus } : {}),
    ...(affiliateId ? { affiliateId } : {}),
    ...(q ? { q } : {}),
    ...(page > 1 ? { page } : {}),
    ...(size !== 20 ? { pageSize: size } : {}),
  };
}
