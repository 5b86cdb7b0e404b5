import { oneOf, pageSize, positiveInt, text } from '../../lib/search';
import type { EtfInvoiceStatus } from './api/get-etf-invoices';
import type { QueueOrder } from './api/get-queue-enrollments';

/** The queues page's state in the URL: which queue, which page, how many rows, which order (or which invoices). */
export interface QueuesSearch {
  queue?: string;
  page?: number;
  pageSize?: number;
  order?: QueueOrder;
  /** The ETF invoices shown: queued (the default), sent or waived. */
  status?: EtfInvoiceStatus;
}

export function validateQueuesSearch(raw: Record<string, unknown>): QueuesSearch {
  const size = pageSize(raw);
  const page = positiveInt(raw, 'page', 1);
  const queue = text(raw, 'queue', 80);
  const order = oneOf<QueueOrder>(raw, 'order', ['oldest', 'newest']);
  const status = oneOf<EtfInvoiceStatus>(raw, 'status', ['queued', 'sent', 'waived']);
  return {
    ...(queue && /^[A-Za-z0-9_-]+$/.test(queue) ? { queue } : {}),
    ...(page > 1 ? { page } : {}),
    ...(size !== 20 ? { pageSize: size } : {}),
    ...(order === 'newest' ? { order } : {}),
    ...(status && status !== 'queued' ? { status } : {}),
  };
}
