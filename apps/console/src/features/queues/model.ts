import type { StatusQueue } from './api/get-queue-enrollments';
import type { QueueSummary } from './api/get-queues';

/** What a queue lists (GET /queues says it of each): enrollments of a status, or an item of its own kind. */
export type QueueKind = QueueSummary['kind'];

/** A queue of enrollments in one status, listed by GET /queues/enrollments (its name is the status). */
export type StatusQueueSummary = QueueSummary & { kind: 'status'; queue: StatusQueue };

export const isStatusQueue = (summary: QueueSummary): summary is StatusQueueSummary =>
  summary.kind === 'status';

/** The queue the URL names, if the server lists it. */
export const findQueue = (queues: QueueSummary[], name: string | undefined): QueueSummary | undefined =>
  name === undefined ? undefined : queues.find((q) => q.queue === name);

/** The queue to open without one in the URL (or with one the server does not list): the first with work in it, else the first. */
export function defaultQueue(queues: QueueSummary[]): QueueSummary | undefined {
  const listable = queues.filter(isStatusQueue);
  return listable.find((q) => q.count > 0) ?? listable[0];
}
