import type { QueryOf } from '../../../lib/api';

export type PowerToChooseQuery = QueryOf<'/plans/power-to-choose.csv', 'get'>;

/** Where the browser downloads the Power to Choose listing (the session cookie authorizes it). */
export function powerToChooseUrl(query: PowerToChooseQuery): string {
  const params = new URLSearchParams({ customerTypeId: String(query.customerTypeId) });
  if (query.utilityId !== undefined) params.set('utilityId', String(query.utilityId));
  return `/ops/api/v1/plans/power-to-choose.csv?${params}`;
}
