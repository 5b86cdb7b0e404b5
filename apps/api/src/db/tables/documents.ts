import type { Generated } from 'kysely';

/** What a library document is; the public API gives it as the document's `doc_type`. */
export type LibraryDocumentKind = 'TOS' | 'EFL' | 'YRAC' | 'CONTRACT' | 'WELCOME_LETTER';

/** A document of the company's library, in one language; its content is its newest version not retired. */
export interface LibraryDocumentsTable {
  id: Generated<number>;
  company_id: number;
  kind: LibraryDocumentKind;
  name: string;
  language: 'en' | 'es';
  /** The staff member's email. */
  created_by: string;
  created_at: string;
}

/** One uploaded PDF of a library document; numbered 1, 2, … per document (unique). */
export interface LibraryDocumentVersionsTable {
  id: Generated<number>;
  document_id: number;
  version: number;
  file_name: string;
  size_bytes: number;
  sha256: string;
  content: Buffer;
  /** The day (YYYY-MM-DD) from which the version is the one served. */
  effective_from: string;
  uploaded_by: string;
  uploaded_at: string;
  retired_by: string | null;
  retired_at: string | null;
}

/** A plan or plan bundle (both of its plans) that a library document is served with. */
export interface LibraryDocumentUsesTable {
  id: Generated<number>;
  document_id: number;
  target_type: 'plan' | 'bundle';
  target_id: number;
  attached_by: string;
  attached_at: string;
}

export interface DocumentLibraryTables {
  library_documents: LibraryDocumentsTable;
  library_document_versions: LibraryDocumentVersionsTable;
  library_document_uses: LibraryDocumentUsesTable;
}
