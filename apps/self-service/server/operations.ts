import type { paths } from '@voltin/sdk';

/**
 * Who may make a call through the site:
 * - `anyone`: shopping, the wizard's checks and enrollment, account recovery (the web service account's token only);
 * - `customer`: the signed-in customer's own data, sent with their customer hash (the API refuses another customer's
 *   resource with 403; the site also refuses a `{customerId}` that is not the session's).
 */
export type SiteAccess = 'anyone' | 'customer';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A public API operation the browser may reach through the site: its path is checked against the SDK's types. */
export interface SiteOperation {
  method: Method;
  path: keyof paths & string;
  access: SiteAccess;
}

const anyone = (method: Method, path: keyof paths & string): SiteOperation => ({
  method,
  path,
  access: 'anyone',
});
const customer = (method: Method, path: keyof paths & string): SiteOperation => ({
  method,
  path,
  access: 'customer',
});

/**
 * Every public API call the site makes, and nothing else: the web service account may be permitted for more (agents'
 * queues, prospects, price changes), and the browser must never reach those through it.
 */
export const SITE_OPERATIONS: readonly SiteOperation[] = [
  // Reference data and plan shopping
  anyone('GET', '/api/v1/states'),
  anyone('GET', '/api/v1/counties/state/{stateId}'),
  anyone('GET', '/api/v1/cities/county/{countyId}'),
  anyone('GET', '/api/v1/zipcodes'),
  anyone('GET', '/api/v1/miscellaneous/id-name-filter'),
  anyone('GET', '/api/v1/document-languages'),
  anyone('GET', '/api/v1/method-contact'),
  anyone('GET', '/api/v1/customer-types'),
  anyone('GET', '/api/v1/customer-types/{customerTypeId}'),
  anyone('GET', '/api/v1/utilities'),
  anyone('GET', '/api/v1/utilities/utility-information'),
  anyone('GET', '/api/v1/plans/{planId}'),
  anyone('GET', '/api/v1/plans/for-wizard'),
  anyone('GET', '/api/v1/plans/batch-for-wizard'),
  anyone('GET', '/api/v1/plan-bundles/for-wizard'),
  anyone('GET', '/api/v1/plans/docs/{planId}'),
  anyone('GET', '/api/v1/plans/zip-codes/{planId}'),
  anyone('GET', '/api/v1/plans/thank-you-page/{planId}'),
  anyone('GET', '/api/v1/plans/acceptance-options'),
  anyone('GET', '/api/v1/plans/request-customer-fields/{planId}'),
  anyone('GET', '/api/v1/plans/request-address-fields/{planId}'),
  anyone('GET', '/api/v1/plans/bill-estimate'),
  anyone('GET', '/api/v1/plans/start-dates/{planId}'),
  // The enrollment wizard's checks, the credit check and the enrollment itself
  anyone('GET', '/api/v1/customers/validate-customer-fields'),
  anyone('GET', '/api/v1/customers/validate-new-customer'),
  anyone('GET', '/api/v1/miscellaneous/validate-address-fields'),
  anyone('GET', '/api/v1/miscellaneous/esiid-by-address'),
  anyone('GET', '/api/v1/miscellaneous/validate-esiid-address'),
  anyone('GET', '/api/v1/miscellaneous/validate-ssn'),
  anyone('GET', '/api/v1/enrollments/transaction-options'),
  anyone('POST', '/api/v1/enrollments/exists-repeated'),
  anyone('POST', '/api/v1/payments/credit-check'),
  anyone('POST', '/api/v1/enrollments/create'),
  // Account recovery
  anyone('POST', '/api/v1/customers/forgot-password'),
  anyone('POST', '/api/v1/customers/forgot-username'),
  anyone('POST', '/api/v1/customers/validate-reset-hash'),
  anyone('POST', '/api/v1/customers/reset-password'),
  // My account: profile, preferences and linked logins
  customer('GET', '/api/v1/customers/{customerId}/profile'),
  customer('PUT', '/api/v1/customers/{customerId}'),
  customer('POST', '/api/v1/customers/{customerId}/link-accounts'),
  customer('GET', '/api/v1/configuration-parameters'),
  customer('GET', '/api/v1/notifications/by-customer/{customerId}'),
  customer('PUT', '/api/v1/notifications/{notificationId}/read'),
  // My account: enrollments and the changes a customer makes to them
  customer('GET', '/api/v1/customers/{customerId}/enrollments'),
  customer('GET', '/api/v1/customers/{customerId}/enrollments-to-change-delivery-method'),
  customer('GET', '/api/v1/enrollments/{enrollmentId}'),
  customer('GET', '/api/v1/enrollments/{enrollmentId}/enrollments-from-billing-group'),
  customer('POST', '/api/v1/enrollments/{enrollmentId}/renewal'),
  customer('POST', '/api/v1/enrollments/{enrollmentId}/drop'),
  customer('POST', '/api/v1/enrollments/{enrollmentId}/transfer-service'),
  customer('POST', '/api/v1/enrollments/{enrollmentId}/update-billing-delivery-method'),
  customer('GET', '/api/v1/enrollments/{enrollmentId}/pending-credit-letter'),
  customer('POST', '/api/v1/enrollments/{enrollmentId}/upload-credit-letter'),
  customer('GET', '/api/v1/enrollments/{enrollmentId}/recurring-billing'),
  customer('POST', '/api/v1/enrollments/{enrollmentId}/recurring-billing'),
  customer('DELETE', '/api/v1/enrollments/{enrollmentId}/recurring-billing'),
  customer('GET', '/api/v1/document-bundles/{planId}'),
  customer('GET', '/api/v1/document-bundles/enrollment-documents/{planId}'),
  // My account: bills, usage and payments
  customer('GET', '/api/v1/billing/usage-history/{enrollId}'),
  customer('GET', '/api/v1/billing/charges/{enrollId}'),
  customer('GET', '/api/v1/billing/statements/{enrollId}'),
  customer('GET', '/api/v1/billing/statements-pdf/{enrollId}'),
  customer('GET', '/api/v1/billing/summary/{enrollId}'),
  customer('GET', '/api/v1/billing/statement-summary/{enrollId}'),
  customer('GET', '/api/v1/payments/history-by-enrollment/{enrollId}'),
  customer('GET', '/api/v1/payments/charge-transaction/by-enrollment/{enrollId}'),
  customer('POST', '/api/v1/payments/pay'),
  customer('GET', '/api/v1/payments/redirect-payment-uri/{enrollId}'),
  customer('POST', '/api/v1/payments/payment-profile/hosted-profile-page-token/{customerId}'),
  customer('GET', '/api/v1/payments/payment-profile/by-customer/{customerId}'),
  customer('DELETE', '/api/v1/payments/payment-profile/{paymentProfileToken}'),
  customer('GET', '/api/v1/payments/payment-iframe-uri/by-customer/{customerId}'),
];

export interface MatchedOperation {
  operation: SiteOperation;
  /** The path's parameters by name, e.g. `{ customerId: '12' }`. */
  params: Record<string, string>;
}

const compiled = SITE_OPERATIONS.map((operation) => ({
  operation,
  names: [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string),
  pattern: new RegExp(`^${operation.path.replace(/\{\w+\}/g, '([^/]+)')}$`),
}));

/** The allowed operation a request names, or null: the site answers 404 for anything else. */
export function matchOperation(method: string, pathname: string): MatchedOperation | null {
  for (const { operation, names, pattern } of compiled) {
    if (operation.method !== method) continue;
    const match = pattern.exec(pathname);
    if (!match) continue;
    const params = Object.fromEntries(
      names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
    );
    return { operation, params };
  }
  return null;
}
