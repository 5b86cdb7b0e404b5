import type { StatusQueue } from './api/get-queue-enrollments';
import type { QueueSummary } from './api/get-queues';

/**
 * A queue of enrollments in one status, listed by GET /queues/enrollments (upper-case status names); the other queues
 * (credit-letters, etf-invoices, unverified-meters) are counted only.
 */
export const isStatusQueue = (queue: string): queue is StatusQueue => /^[A-Z_]+$/.test(queue);

export const isHold = (status: string) => status.startsWith('ON_HOLD');

export const isFailedSubmission = (status: string) =>
  status === 'SUBMITION_NOT_SENT_CONNECTION_ERROR' || status === 'SUBMITTED_WITH_ERRORS';

/** A deposit that holds the enrollment (owed, or a letter of credit awaited): the one a release may waive. */
export const isDepositHeld = (depositStatus: string) =>
  depositStatus === 'pending' || depositStatus === 'failed' || depositStatus === 'letter_of_credit';

/** The queue to open without one in the URL: the first with work in it, else the first. */
export function defaultQueue(queues: QueueSummary[]): StatusQueue | undefined {
  const listable = queues.filter((q) => isStatusQueue(q.queue));
  const first = listable.find((q) => q.count > 0) ?? listable[0];
  return first?.queue as StatusQueue | undefined;
}
