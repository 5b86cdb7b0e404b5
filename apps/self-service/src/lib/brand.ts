import { useSuspenseQuery } from '@tanstack/react-query';
import type { DataOf } from './api';
import { siteCall } from './api';

export type Brand = DataOf<'/api/v1/brands/{systemName}', 'get'>;

export const brandQuery = {
  queryKey: ['brand'],
  queryFn: () => siteCall<Brand>('/brand'),
  staleTime: 5 * 60_000,
};

/** The brand this site is deployed for: its name, logo, colours, contact details and legal links. */
export const useBrand = () => useSuspenseQuery(brandQuery).data;
