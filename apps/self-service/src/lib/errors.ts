import { isApiFailure } from './api';
import { i18next } from './i18n';

/**
 * What to tell the customer about a failed call: the site's own words for the failures of the connection and the
 * session (in the reader's language), else the API's message, which says exactly what was wrong with the request.
 */
export function messageOf(error: unknown): string {
  if (!isApiFailure(error)) return i18next.t('common:errors.fallback');
  const key = `common:errors.${error.code}`;
  if (i18next.exists(key)) return i18next.t(key);
  return error.message || i18next.t('common:errors.fallback');
}
