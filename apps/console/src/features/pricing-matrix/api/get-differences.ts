import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';
import { pricingMatricesRootKey } from './get-pricing-matrices';

/** What putting an import in force would change: counts, and the prices added, removed and changed. */
export type MatrixDifferences = DataOf<'/pricing-matrices/{importId}/differences', 'get'>;
export type MatrixPriceChange = MatrixDifferences['changed'][number];

export const differencesKey = (importId: number) =>
  [...pricingMatricesRootKey, 'differences', importId] as const;

export const differencesQueryOptions = (importId: number) =>
  queryOptions({
    queryKey: differencesKey(importId),
    queryFn: async ({ signal }) =>
      ok(
        await api.GET('/pricing-matrices/{importId}/differences', {
          params: { path: { importId } },
          signal,
        }),
      ).data,
  });

/** The differences of an import against the matrix in force now; read only when `enabled` (it could go in force). */
export const useMatrixDifferences = (importId: number, enabled: boolean) =>
  useQuery({ ...differencesQueryOptions(importId), enabled });
