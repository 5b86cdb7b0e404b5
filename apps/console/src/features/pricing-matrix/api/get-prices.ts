import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type EnvelopeOf, ok, type QueryOf } from '../../../lib/api';
import { pricingMatricesRootKey } from './get-pricing-matrices';

export type MatrixPricesQuery = QueryOf<'/pricing-matrices/{importId}/prices', 'get'>;
export type MatrixPricesPage = EnvelopeOf<'/pricing-matrices/{importId}/prices', 'get'>;
export type MatrixPrice = MatrixPricesPage['data'][number];

/** One page of an import's prices, in key order, searched by code. */
export const matrixPricesQueryOptions = (importId: number, query: MatrixPricesQuery) =>
  queryOptions({
    queryKey: [...pricingMatricesRootKey, 'prices', importId, query] as const,
    queryFn: async ({ signal }) =>
      ok(
        await api.GET('/pricing-matrices/{importId}/prices', {
          params: { path: { importId }, query },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useMatrixPrices = (importId: number, query: MatrixPricesQuery) =>
  useQuery(matrixPricesQueryOptions(importId, query));
