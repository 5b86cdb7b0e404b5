import { ApiFailure, api, type DataOf, dataOf, isApiFailure } from '../../../lib/api';

const HOUR = 60 * 60_000;
export const PAGE_SIZE = 6;

export type Enrollment = DataOf<'/api/v1/enrollments/{enrollmentId}', 'get'>;
/** Every status of the enrollment lifecycle, as the API names them. */
export type EnrollmentStatus = DataOf<
  '/api/v1/enrollments/{enrollmentId}/renewal',
  'post'
>['enrollmentStatus'];

/** Where an enrollment no longer changes: being dropped, dropped, cancelled, or replaced by its renewal. */
const ENDED_STATUSES: readonly EnrollmentStatus[] = ['DROP_PENDING', 'DROPPED', 'CANCELLED', 'ARCHIVED'];
export const hasEnded = (enrollment: Enrollment) =>
  (ENDED_STATUSES as readonly string[]).includes(enrollment.status);

export type PlanDetails = DataOf<'/api/v1/plans/{planId}', 'get'>;
export type AccountOptions = DataOf<'/api/v1/configuration-parameters', 'get'>;

/** A call whose 404 means "there is none yet" (no autopay set up, no letter uploaded): null instead of an error. */
async function noneWhenNotFound<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (isApiFailure(error) && error.status === 404) return null;
    throw error;
  }
}

export const enrollmentQuery = (enrollmentId: number) => ({
  queryKey: ['account', 'enrollment', enrollmentId],
  queryFn: async () =>
    dataOf(await api.GET('/api/v1/enrollments/{enrollmentId}', { params: { path: { enrollmentId } } })),
});

export const myAccountDocumentsQuery = (planId: number, languageId: number) => ({
  queryKey: ['account', 'documents', planId, languageId],
  queryFn: async () =>
    dataOf(
      await api.GET('/api/v1/document-bundles/{planId}', {
        params: { path: { planId }, query: { documentType: 'DisplayMyAccountDocuments', languageId } },
      }),
    ),
  // The links are signed for 24 hours.
  staleTime: HOUR,
});

export const billingSummaryQuery = (enrollId: number) => ({
  queryKey: ['account', 'billing-summary', enrollId],
  queryFn: async () =>
    dataOf(await api.GET('/api/v1/billing/summary/{enrollId}', { params: { path: { enrollId } } })),
});

export const statementSummaryQuery = (enrollId: number) => ({
  queryKey: ['account', 'statement-summary', enrollId],
  queryFn: async () =>
    dataOf(await api.GET('/api/v1/billing/statement-summary/{enrollId}', { params: { path: { enrollId } } })),
});

/** A page of statements or payments, with the envelope's paging. */
function paged<T>(result: {
  data?: { data: T[]; pageNumber: number; totalPages: number; totalRecords: number };
}) {
  const envelope = result.data;
  if (!envelope) throw new ApiFailure(0, 'UNEXPECTED_RESPONSE', '');
  return {
    items: envelope.data,
    page: envelope.pageNumber,
    pages: envelope.totalPages,
    total: envelope.totalRecords,
  };
}

export const statementsQuery = (enrollId: number, pageNumber: number) => ({
  queryKey: ['account', 'statements', enrollId, pageNumber],
  queryFn: async () =>
    paged(
      await api.GET('/api/v1/billing/statements/{enrollId}', {
        params: { path: { enrollId }, query: { pageNumber, pageSize: PAGE_SIZE } },
      }),
    ),
});

export const usageHistoryQuery = (enrollId: number) => ({
  queryKey: ['account', 'usage-history', enrollId],
  queryFn: async () =>
    dataOf(await api.GET('/api/v1/billing/usage-history/{enrollId}', { params: { path: { enrollId } } })),
});

export const paymentHistoryQuery = (enrollId: number, pageNumber: number) => ({
  queryKey: ['account', 'payment-history', enrollId, pageNumber],
  queryFn: async () =>
    paged(
      await api.GET('/api/v1/payments/history-by-enrollment/{enrollId}', {
        params: { path: { enrollId }, query: { pageNumber, pageSize: PAGE_SIZE } },
      }),
    ),
});

/** The enrollment's autopay, active or finished; null when it never had any. */
export const autopayQuery = (enrollmentId: number) => ({
  queryKey: ['account', 'autopay', enrollmentId],
  queryFn: () =>
    noneWhenNotFound(async () =>
      dataOf(
        await api.GET('/api/v1/enrollments/{enrollmentId}/recurring-billing', {
          params: { path: { enrollmentId } },
        }),
      ),
    ),
});

export const deliveryMethodCandidatesQuery = (customerId: number) => ({
  queryKey: ['account', 'delivery-method-candidates', customerId],
  queryFn: async () =>
    dataOf(
      await api.GET('/api/v1/customers/{customerId}/enrollments-to-change-delivery-method', {
        params: { path: { customerId } },
      }),
    ),
});

/** The latest letter of credit uploaded for the enrollment with its review status; null before the first. */
export const creditLetterQuery = (enrollmentId: number) => ({
  queryKey: ['account', 'credit-letter', enrollmentId],
  queryFn: () =>
    noneWhenNotFound(async () =>
      dataOf(
        await api.GET('/api/v1/enrollments/{enrollmentId}/pending-credit-letter', {
          params: { path: { enrollmentId } },
        }),
      ),
    ),
});

export const customerTypeQuery = (customerTypeId: number) => ({
  queryKey: ['customer-type', customerTypeId],
  queryFn: async () =>
    dataOf(
      await api.GET('/api/v1/customer-types/{customerTypeId}', { params: { path: { customerTypeId } } }),
    ),
  staleTime: HOUR,
});
