import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../../lib/api';
import { differencesKey } from './get-differences';
import { type MatrixImport, pricingMatricesListKey } from './get-pricing-matrices';

/**
 * Sends a CSV or Excel file to be checked whole; a good one is kept pending and answered with its differences, which
 * the review shows at once. A bad one fails with PRICING_MATRIX_INVALID and its line-numbered problems.
 */
export function useUploadPricingMatrix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      ok(
        await api.POST('/pricing-matrices', {
          body: { file },
          // A multipart body: the browser sets its boundary; the client's middleware still adds the CSRF header.
          bodySerializer: (body) => {
            const form = new FormData();
            form.append('file', body.file);
            return form;
          },
        }),
      ).data,
    onSuccess: (differences) => {
      queryClient.setQueryData(differencesKey(differences.import.id), differences);
      // The review finds the new import in the list before the list is read again.
      queryClient.setQueryData(pricingMatricesListKey, (list: MatrixImport[] | undefined) =>
        list ? [differences.import, ...list] : list,
      );
      return queryClient.invalidateQueries({ queryKey: pricingMatricesListKey });
    },
  });
}
