import { oneOf, optionalInt, pageSize, positiveInt } from '../../lib/search';
import { DOCUMENT_KINDS, DOCUMENT_LANGUAGES, type DocumentKind, type DocumentLanguage } from './model';

/** The library's filters and page in the URL, so a view can be bookmarked or sent to a colleague. */
export interface DocumentsSearch {
  kind?: DocumentKind;
  language?: DocumentLanguage;
  planId?: number;
  page?: number;
  pageSize?: number;
}

export function validateDocumentsSearch(raw: Record<string, unknown>): DocumentsSearch {
  const kind = oneOf(raw, 'kind', DOCUMENT_KINDS);
  const language = oneOf(raw, 'language', DOCUMENT_LANGUAGES);
  const planId = optionalInt(raw, 'planId');
  const page = positiveInt(raw, 'page', 1);
  const size = pageSize(raw);
  return {
    ...(kind ? { kind } : {}),
    ...(language ? { language } : {}),
    ...(planId ? { planId } : {}),
    ...(page > 1 ? { page } : {}),
    ...(raw.pageSize !== undefined && size ? { pageSize: size } : {}),
  };
}
