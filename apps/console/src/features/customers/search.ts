import { text } from '../../lib/search';

/** The customers page's search in the URL, so a search can be bookmarked or sent to a colleague. */
export interface CustomersSearch {
  q?: string;
}

export function validateCustomersSearch(raw: Record<string, unknown>): CustomersSearch {
  const q = text(raw, 'q', 100);
  return q ? { q } : {};
}
