import { oneOf, pageSize, positiveInt } from '../../lib/search';
import { MAIL_STATUSES, type MailStatus } from './model';

/** The outbox's status filter and page in the URL. */
export interface OutboxSearch {
  status?: MailStatus;
  page?: number;
  pageSize?: number;
}

export function validateOutboxSearch(raw: Record<string, unknown>): OutboxSearch {
  const size = pageSize(raw);
  const page = positiveInt(raw, 'page', 1);
  const status = oneOf(raw, 'status', MAIL_STATUSES);
  return {
    ...(status ? { status } : {}),
    ...(page > 1 ? { page } : {}),
    ...(size !== 20 ? { pageSize: size } : {}),
  };
}
