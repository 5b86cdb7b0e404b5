import { Type } from 'typebox';
import { Id } from '../../http/schemas.js';

export const DOCUMENT_TYPES = [
  'DisplayDocuments',
  'DisplayInheritedDocuments',
  'DisplayMyAccountDocuments',
] as const;

export const BundleDocument = Type.Object({
  id_document: Type.Integer(),
  source: Type.Union([Type.Literal('plan'), Type.Literal('market'), Type.Literal('library')], {
    description:
      "plan: the plan's own documents; market: documents every plan of the market inherits; library: PDFs the supplier uploaded to its document library for the plan or one of its bundles.",
  }),
  doc_type: Type.String({
    description:
      'EFL, GAS_DISCLOSURE, TOS, YRAC, CUSTOMER_RIGHTS or PRIVACY; an uploaded library document also CONTRACT or WELCOME_LETTER.',
  }),
  name: Type.String(),
  language: Type.String({ description: 'Language of the linked PDF (en or es).' }),
  url: Type.String({ description: 'Signed download link of the PDF, valid 24 hours.' }),
});

export const DocumentBundleQuery = Type.Object({
  documentType: Type.Union(
    DOCUMENT_TYPES.map((t) => Type.Literal(t)),
    {
      description:
        "DisplayDocuments: the plan's own documents; DisplayInheritedDocuments: the market's documents the plan inherits; " +
        'DisplayMyAccountDocuments: both, as shown on the self-service site.',
    },
  ),
  languageId: Type.Optional(Id('id_language; the default language when absent.')),
});

export const DownloadParams = Type.Object({
  source: Type.Union([Type.Literal('plan'), Type.Literal('market'), Type.Literal('library')]),
  documentId: Id('The document id, as in its link.'),
  file: Type.String({
    pattern: '^(en|es)\\.pdf$',
    maxLength: 6,
    description: 'Language code and .pdf, e.g. en.pdf.',
  }),
});
