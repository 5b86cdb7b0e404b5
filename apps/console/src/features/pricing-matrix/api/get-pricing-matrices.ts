import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

/** One uploaded pricing matrix: pending, in force, replaced (history) or discarded. */
export type MatrixImport = DataOf<'/pricing-matrices', 'get'>[number];

/** Every pricing matrix query: what an upload or a decision invalidates. */
export const pricingMatricesRootKey = ['pricing-matrices'] as const;

export const pricingMatricesListKey = [...pricingMatricesRootKey, 'list'] as const;

/** Every import, newest first. */
export const pricingMatricesQueryOptions = () =>
  queryOptions({
    queryKey: pricingMatricesListKey,
    queryFn: async ({ signal }) => ok(await api.GET('/pricing-matrices', { signal })).data,
  });

export const usePricingMatrices = () => useQuery(pricingMatricesQueryOptions());
