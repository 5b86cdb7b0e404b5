import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type DataOf, ok } from '../../../lib/api';

/**
 * Everything about one enrollment: record, its queue row (`summary`: customer, plan, utility, why it waits, what the
 * billing system refuses), what the customer was told, timeline, credit decision, money, letters, ETF invoices, audit.
 */
export type EnrollmentPage = DataOf<'/enrollments/{id}', 'get'>;
export type EnrollmentRecord = EnrollmentPage['enrollment'];
export type EnrollmentSummary = EnrollmentPage['summary'];
export type EnrollmentNotification = EnrollmentPage['notifications'][number];
export type TimelineEntry = EnrollmentPage['timeline'][number];
export type CreditDecision = NonNullable<EnrollmentPage['credit']>;
export type Charge = EnrollmentPage['charges'][number];
export type CreditLetter = EnrollmentPage['creditLetters'][number];
export type EnrollmentEtfInvoice = EnrollmentPage['etfInvoices'][number];
export type EnrollmentAuditEntry = EnrollmentPage['audit'][number];
export type Address = EnrollmentRecord['service_address'];

export async function getEnrollmentPage(id: number, signal?: AbortSignal): Promise<EnrollmentPage> {
  return ok(await api.GET('/enrollments/{id}', { params: { path: { id } }, signal })).data;
}

export const enrollmentPageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['enrollments', 'page', id] as const,
    queryFn: ({ signal }) => getEnrollmentPage(id, signal),
  });

export const useEnrollmentPage = (id: number) => useQuery(enrollmentPageQueryOptions(id));
