import { api, dataOf } from '../../lib/api';

const HOUR = 60 * 60_000;

export const customerFieldsQuery = (planId: number) => ({
  queryKey: ['customer-fields', planId],
  queryFn: async () =>
    dataOf(await api.GET('/api/v1/plans/request-customer-fields/{planId}', { params: { path: { planId } } })),
  staleTime: HOUR,
});

export const addressFieldsQuery = (planId: number) => ({
  queryKey: ['address-fields', planId],
  queryFn: async () =>
    dataOf(await api.GET('/api/v1/plans/request-address-fields/{planId}', { params: { path: { planId } } })),
  staleTime: HOUR,
});

export const utilityInformationQuery = (utilityId: number) => ({
  queryKey: ['utility-information', utilityId],
  queryFn: async () =>
    dataOf(await api.GET('/api/v1/utilities/utility-information', { params: { query: { utilityId } } })),
  staleTime: HOUR,
});

export const contactMethodsQuery = {
  queryKey: ['method-contact'],
  queryFn: async () => dataOf(await api.GET('/api/v1/method-contact')),
  staleTime: HOUR,
};

export const thankYouQuery = (planId: number, languageId: number) => ({
  queryKey: ['thank-you', planId, languageId],
  queryFn: async () =>
    dataOf(
      await api.GET('/api/v1/plans/thank-you-page/{planId}', {
        params: { path: { planId }, query: { languageId } },
      }),
    ),
});
