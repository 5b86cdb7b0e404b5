import type { LinkSigner } from '../../security/signed-urls.js';

/** Whose document: a plan's, a market's, or one of the company's document library (uploaded PDFs). */
export type DocumentSource = 'plan' | 'market' | 'library';

export const DOCUMENT_LINK_TTL_SECONDS = 24 * 3600;

export const documentPath = (source: DocumentSource, documentId: number, language: string) =>
  `/api/v1/documents/${source}/${documentId}/${language}.pdf`;

/**
 * A document's permanent public address, for plan listings kept by others (Power to Choose): it never expires and
 * serves the document of the plan's version in force while the plan is published. Plan documents and market notices
 * are public by law, so the address needs no signature.
 */
export const listedDocumentLink = (
  baseUrl: string,
  source: DocumentSource,
  documentId: number,
  language: string,
) => `${baseUrl}/api/v1/listed-documents/${source}/${documentId}/${language}.pdf`;

/** An absolute link that downloads the document's PDF without a token until it expires. */
export function documentLink(
  linkSigner: LinkSigner,
  baseUrl: string,
  source: DocumentSource,
  documentId: number,
  language: string,
): string {
  return `${baseUrl}${linkSigner.sign(documentPath(source, documentId, language), DOCUMENT_LINK_TTL_SECONDS)}`;
}
