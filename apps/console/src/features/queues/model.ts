import type { StatusQueue } from './api/get-queue-enrollments';
import type { QueueSummary } from './api/get-queues';

/**
 * A queue of enrollments in one status, listed by GET /queues/enrollments (upper-case status names); the other queues
 * have a list of their own each.
 */
export const isStatusQueue = (queue: string): queue is StatusQueue => /^[A-Z_]+$/.test(queue);

/** The queues that are not a status, each with its own list and actions (GET /queues names them so). */
export const OTHER_QUEUES = ['credit-letters', 'unverified-meters', 'etf-invoices'] as const;
export type OtherQueue = (typeof OTHER_QUEUES)[number];
export const isOtherQueue = (queue: string): queue is OtherQueue =>
  (OTHER_QUEUES as readonly string[]).includes(queue);

/** The queue to open without one in the URL: the first with work in it, else the first. */
export function defaultQueue(queues: QueueSummary[]): StatusQueue | undefined {
  const listable = queues.filter((q) => isStatusQueue(q.queue));
  const first = listable.find((q) => q.count > 0) ?? listable[0];
  return first?.queue as StatusQueue | undefined;
}
