import { api, dataOf } from '../../lib/api';

export const customerTypesQuery = {
  queryKey: ['customer-types'],
  queryFn: async () =>
    dataOf(await api.GET('/api/v1/customer-types', { params: { query: { pageSize: 10 } } })),
  staleTime: 60 * 60_000,
};

/** The utilities that serve a zip code for a customer type and take enrollments with plans on sale. */
export const utilitiesQuery = (zipCode: string, customerTypeId: number) => ({
  queryKey: ['utilities', zipCode, customerTypeId],
  queryFn: async () =>
    dataOf(
      await api.GET('/api/v1/utilities', {
        params: {
          query: {
            zipCode,
            id_customer_type: customerTypeId,
            active: true,
            allow_enrollments: true,
            has_available_plans: true,
          },
        },
      }),
    ),
});

/** Plans on sale for a utility; their documents' links open the PDFs in the reader's language. */
export const plansQuery = (
  utilityId: number,
  customerTypeId: number,
  promoCode: string | undefined,
  languageId: number,
) => ({
  queryKey: ['plans', utilityId, customerTypeId, promoCode ?? '', languageId],
  queryFn: async () =>
    dataOf(
      await api.GET('/api/v1/plans/for-wizard', {
        params: {
          query: {
            ids_utilities: [utilityId],
            customer_type: customerTypeId,
            promo_code: promoCode,
            languageId,
          },
        },
      }),
    ),
});

export const planQuery = (planId: number, languageId: number) => ({
  queryKey: ['plan', planId, languageId],
  queryFn: async () =>
    dataOf(await api.GET('/api/v1/plans/{planId}', { params: { path: { planId }, query: { languageId } } })),
});

/** The API estimates the bills of ten plans at most in one call. */
export const MAX_ESTIMATED_PLANS = 10;

/** The API's estimate of each plan's monthly bill at the shopper's usage (the EFL's own computation). */
export const billEstimatesQuery = (planIds: number[], usage: number, promoCode: string | undefined) => ({
  queryKey: ['bill-estimate', planIds, usage, promoCode ?? ''],
  queryFn: async () =>
    dataOf(
      await api.GET('/api/v1/plans/bill-estimate', {
        params: { query: { ids_plans: planIds, usage, promo_code: promoCode } },
      }),
    ),
  enabled: planIds.length > 0 && usage > 0,
});
