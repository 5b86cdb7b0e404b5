import { oneOf, optionalInt, pageSize, positiveInt, text } from '../../lib/search';

/** The lists of an import's page: the differences with the matrix in force, and its prices. */
export const IMPORT_TABS = ['changed', 'added', 'removed', 'prices'] as const;
export type ImportTab = (typeof IMPORT_TABS)[number];

/**
 * The pricing matrix page in the URL: the import open (`import`, its review survives a reload and can be sent to a
 * colleague) and its list (`tab`), and the search and page of the prices table shown (the matrix in force, or the
 * import's prices).
 */
export interface PricingMatrixSearch {
  import?: number;
  tab?: ImportTab;
  q?: string;
  page?: number;
  pageSize?: number;
}

export function validatePricingMatrixSearch(raw: Record<string, unknown>): PricingMatrixSearch {
  const importId = optionalInt(raw, 'import');
  const tab = oneOf(raw, 'tab', IMPORT_TABS);
  const q = text(raw, 'q', 50);
  const page = positiveInt(raw, 'page', 1);
  const size = pageSize(raw);
  return {
    ...(importId ? { import: importId } : {}),
    ...(importId && tab ? { tab } : {}),
    ...(q ? { q } : {}),
    ...(page > 1 ? { page } : {}),
    ...(size !== 20 ? { pageSize: size } : {}),
  };
}
