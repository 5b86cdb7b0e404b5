import { type Kysely, sql } from 'kysely';
import { isPostgres, references, withId } from '../migration-helpers.js';

/**
 * The document library of the Operations console: a company's own documents (terms of service, EFL, your rights as
 * a customer, contracts, welcome letters), each in one language, with uploaded PDF versions, attached to plans and
 * plan bundles. Version numbers are unique per document, so two uploads at once cannot both take the same one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await withId(db, s.createTable('library_documents'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('library_documents_company').on('library_documents').column('company_id').execute();

  await withId(db, s.createTable('library_document_versions'))
    .addColumn('document_id', 'integer', references('library_documents.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('retired_by', 'text')
    .addColumn('retired_at', 'text')
    .addUniqueConstraint('library_document_versions_number', ['document_id', 'version'])
    .execute();

  await withId(db, s.createTable('library_document_uses'))
    .addColumn('document_id', 'integer', references('library_documents.id'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('attached_by', 'text', (c) => c.notNull())
    .addColumn('attached_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('library_document_uses_target', ['document_id', 'target_type', 'target_id'])
    .execute();
  await sql`create index library_document_uses_by_target on library_document_uses (target_type, target_id)`.execute(
    db,
  );
}
