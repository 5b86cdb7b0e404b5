import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { LibraryDocumentsTable, LibraryDocumentVersionsTable } from '../../db/tables/documents.js';
import type { Paging } from '../../http/envelope.js';

export interface LibraryFilter {
  kind?: string;
  language?: string;
  /** Documents attached to this plan, or to any of `bundleIds` (the bundles the plan is one of). */
  usedBy?: { planId: number; bundleIds: number[] };
}

const VERSION_COLUMNS = [
  'id',
  'document_id',
  'version',
  'file_name',
  'size_bytes',
  'sha256',
  'effective_from',
  'uploaded_by',
  'uploaded_at',
  'retired_by',
  'retired_at',
] as const;

function filtered(db: Kysely<Database>, companyId: number, filter: LibraryFilter) {
  let query = db.selectFrom('library_documents').where('company_id', '=', companyId);
  if (filter.kind) query = query.where('kind', '=', filter.kind as LibraryDocumentsTable['kind']);
  if (filter.language) query = query.where('language', '=', filter.language as 'en' | 'es');
  const usedBy = filter.usedBy;
  if (usedBy)
    query = query.where('id', 'in', (eb) =>
      eb
        .selectFrom('library_document_uses')
        .select('document_id')
        .where((w) =>
          w.or([
            w.and([w('target_type', '=', 'plan'), w('target_id', '=', usedBy.planId)]),
            w.and([
              w('target_type', '=', 'bundle'),
              w('target_id', 'in', usedBy.bundleIds.length ? usedBy.bundleIds : [0]),
            ]),
          ]),
        ),
    );
  return query;
}

/** One page of the company's library, by name. */
export async function listDocuments(
  db: Kysely<Database>,
  companyId: number,
  filter: LibraryFilter,
  paging: Paging,
) {
  const [items, count] = await Promise.all([
    filtered(db, companyId, filter)
      .selectAll()
      .orderBy('name')
      .orderBy('id')
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    filtered(db, companyId, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export function findDocument(db: Kysely<Database>, documentId: number) {
  return db.selectFrom('library_documents').selectAll().where('id', '=', documentId).executeTakeFirst();
}

export function insertDocument(db: Kysely<Database>, row: Insertable<LibraryDocumentsTable>) {
  return db.insertInto('library_documents').values(row).returning('id').executeTakeFirstOrThrow();
}

/** The documents' versions without their bytes, newest first. */
export function listVersions(db: Kysely<Database>, documentIds: number[]) {
  return db
    .selectFrom('library_document_versions')
    .select(VERSION_COLUMNS)
    .where('document_id', 'in', documentIds.length ? documentIds : [0])
    .orderBy('document_id')
    .orderBy('version', 'desc')
    .execute();
}

export type VersionRow = Awaited<ReturnType<typeof listVersions>>[number];

export function findVersionContent(db: Kysely<Database>, versionId: number) {
  return db
    .selectFrom('library_document_versions')
    .select(['file_name', 'content'])
    .where('id', '=', versionId)
    .executeTakeFirstOrThrow();
}

/** The next version number of the document; the unique (document, version) index refuses a second taker. */
export async function insertNextVersion(
  db: Kysely<Database>,
  row: Omit<Insertable<LibraryDocumentVersionsTable>, 'version'>,
) {
  const { newest } = await db
    .selectFrom('library_document_versions')
    .select((eb) => eb.fn.max('version').as('newest'))
    .where('document_id', '=', row.document_id)
    .executeTakeFirstOrThrow();
  const version = Number(newest ?? 0) + 1;
  await db
    .insertInto('library_document_versions')
    .values({ ...row, version })
    .execute();
  return version;
}

/** Retires a version not retired yet; false when it was retired already (by another request, too). */
export async function retireVersion(
  db: Kysely<Database>,
  versionId: number,
  by: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('library_document_versions')
    .set({ retired_by: by, retired_at: at })
    .where('id', '=', versionId)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function listUses(db: Kysely<Database>, documentIds: number[]) {
  return db
    .selectFrom('library_document_uses')
    .selectAll()
    .where('document_id', 'in', documentIds.length ? documentIds : [0])
    .orderBy('target_type', 'desc')
    .orderBy('target_id')
    .execute();
}

/** Attaches the document; false when it was attached already. */
export async function insertUse(
  db: Kysely<Database>,
  use: {
    document_id: number;
    target_type: 'plan' | 'bundle';
    target_id: number;
    attached_by: string;
    attached_at: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('library_document_uses')
    .values(use)
    .onConflict((c) => c.columns(['document_id', 'target_type', 'target_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function deleteUse(
  db: Kysely<Database>,
  documentId: number,
  targetType: 'plan' | 'bundle',
  targetId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('library_document_uses')
    .where('document_id', '=', documentId)
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The company's documents in a language attached to the plan or to one of its bundles. */
export function documentsServedWith(
  db: Kysely<Database>,
  companyId: number,
  language: string,
  planId: number,
  bundleIds: number[],
) {
  return filtered(db, companyId, { language, usedBy: { planId, bundleIds } })
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .execute();
}
