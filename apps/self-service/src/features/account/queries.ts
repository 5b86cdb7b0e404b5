import {
  type PaymentMethod,
  paymentConfigurationQuery,
  paymentMethodsQuery,
} from '../../components/payments/payment-methods';
import { api, type DataOf, dataOf } from '../../lib/api';

export { type PaymentMethod, paymentMethodsQuery };

/**
 * The signed-in customer's data, each query keyed under 'account' (signing in or out forgets them all). Changes
 * invalidate by these keys.
 */
export const accountKeys = {
  profile: (customerId: number) => ['account', 'profile', customerId] as const,
  enrollments: (customerId: number) => ['account', 'enrollments', customerId] as const,
  paymentMethods: (customerId: number) => paymentMethodsQuery(customerId).queryKey,
  notifications: (customerId: number) => ['account', 'notifications', customerId] as const,
  configuration: paymentConfigurationQuery.queryKey,
};

export type Profile = DataOf<'/api/v1/customers/{customerId}/profile', 'get'>;
export type Enrollment = DataOf<'/api/v1/customers/{customerId}/enrollments', 'get'>[number];
export type Notification = DataOf<'/api/v1/notifications/by-customer/{customerId}', 'get'>[number];

export const profileQuery = (customerId: number) => ({
  queryKey: accountKeys.profile(customerId),
  queryFn: async () =>
    dataOf(await api.GET('/api/v1/customers/{customerId}/profile', { params: { path: { customerId } } })),
});

export const enrollmentsQuery = (customerId: number) => ({
  queryKey: accountKeys.enrollments(customerId),
  queryFn: async () =>
    dataOf(await api.GET('/api/v1/customers/{customerId}/enrollments', { params: { path: { customerId } } })),
});

export const notificationsQuery = (customerId: number, unreadOnly: boolean) => ({
  queryKey: [...accountKeys.notifications(customerId), { unreadOnly }],
  queryFn: async () =>
    dataOf(
      await api.GET('/api/v1/notifications/by-customer/{customerId}', {
        params: { path: { customerId }, query: { unreadOnly } },
      }),
    ),
});

/** The account options and payment types the company turned on (one query, shared with the payment components). */
export const configurationQuery = paymentConfigurationQuery;

/**
 * Where an enrollment stands as customers see it: its newest status (the history comes newest first; the latest
 * change wins should the order ever differ).
 */
export function customerStatusOf(enrollment: Enrollment): string {
  const newest = enrollment.enrollment_statuses.reduce<Enrollment['enrollment_statuses'][number] | null>(
    (found, entry) => (found === null || entry.changed_at > found.changed_at ? entry : found),
    null,
  );
  return newest?.status_for_customers ?? enrollment.status;
}
