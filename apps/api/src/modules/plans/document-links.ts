import type { SigningKeys } from '../../security/keys.js';
import { signPath } from '../../security/signed-urls.js';

export type DocumentSource = 'plan' | 'market';

export const DOCUMENT_LINK_TTL_SECONDS = 24 * 3600;

export const documentPath = (source: DocumentSource, documentId: number, language: string) =>
  `/api/v1/documents/${source}/${documentId}/${language}.pdf`;

/** An absolute link that downloads the document's PDF without a token until it expires. */
export function documentLink(
  key: SigningKeys<Buffer>,
  baseUrl: string,
  source: DocumentSource,
  documentId: number,
  language: string,
): string {
  const expiresAt = Math.floor(Date.now() / 1000) + DOCUMENT_LINK_TTL_SECONDS;
  return `${baseUrl}${signPath(key, documentPath(source, documentId, language), expiresAt)}`;
}
