import { pageSize, positiveInt } from '../../lib/search';

export interface StaffSearch {
  page?: number;
  pageSize?: number;
}

export function validateStaffSearch(raw: Record<string, unknown>): StaffSearch {
  const size = pageSize(raw);
  const page = positiveInt(raw, 'page', 1);
  return { ...(page > 1 ? { page } : {}), ...(size !== 20 ? { pageSize: size } : {}) };
}
