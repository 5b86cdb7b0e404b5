import type { QueryClient } from '@tanstack/react-query';
import { invalidateWork } from '../../../lib/query-client';

/**
 * After an action on a customer's behalf: the work (queues, enrollment pages, customer profiles, dashboard) and the
 * audit log (the profile's console activity) are read again. Nothing is guessed in the browser.
 */
export const invalidateCustomerWork = (queryClient: QueryClient) =>
  Promise.all([invalidateWork(queryClient), queryClient.invalidateQueries({ queryKey: ['audit-log'] })]);
