import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface NewStoredFile {
  companyId: number;
  ownerType: string;
  ownerId: number;
  fileName: string;
  contentType: string;
  sha256: string;
  content: Buffer;
  createdAt: string;
}

const METADATA = [
  'id',
  'company_id',
  'owner_type',
  'owner_id',
  'file_name',
  'content_type',
  'size_bytes',
  'sha256',
  'created_at',
] as const;

export async function insertFile(db: Kysely<Database>, file: NewStoredFile) {
  return db
    .insertInto('stored_files')
    .values({
      company_id: file.companyId,
      owner_type: file.ownerType,
      owner_id: file.ownerId,
      file_name: file.fileName,
      content_type: file.contentType,
      size_bytes: file.content.length,
      sha256: file.sha256,
      content: file.content,
      created_at: file.createdAt,
    })
    .returning(METADATA)
    .executeTakeFirstOrThrow();
}

/** The owners' files without their content, oldest first. */
export function listFiles(db: Kysely<Database>, companyId: number, ownerType: string, ownerIds: number[]) {
  if (ownerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('stored_files')
    .select(METADATA)
    .where('company_id', '=', companyId)
    .where('owner_type', '=', ownerType)
    .where('owner_id', 'in', ownerIds)
    .orderBy('id')
    .execute();
}

/** The owner's files with their content, oldest first. */
export function listFilesWithContent(
  db: Kysely<Database>,
  companyId: number,
  ownerType: string,
  ownerId: number,
) {
  return db
    .selectFrom('stored_files')
    .select(['file_name', 'content_type', 'content'])
    .where('company_id', '=', companyId)
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .orderBy('id')
    .execute();
}

export function findFileWithContent(db: Kysely<Database>, fileId: number) {
  return db
    .selectFrom('stored_files')
    .select([...METADATA, 'content'])
    .where('id', '=', fileId)
    .executeTakeFirst();
}

/** Makes sure each holder of the company has its upload usage row (a new one counts nothing yet). */
export async function ensureUsageRows(db: Kysely<Database>, companyId: number, holders: string[]) {
  await db
    .insertInto('upload_usage')
    .values(holders.map((holder) => ({ company_id: companyId, holder })))
    .onConflict((oc) => oc.columns(['company_id', 'holder']).doNothing())
    .execute();
}

/**
 * Counts one file of `bytes` in the holder's usage if that stays within the limits (`maxFiles` when given):
 * false, and nothing changed, when it would not.
 */
export async function takeUsage(
  db: Kysely<Database>,
  companyId: number,
  holder: string,
  bytes: number,
  limits: { maxFiles?: number; maxBytes: number },
) {
  let query = db
    .updateTable('upload_usage')
    .set((eb) => ({ files: eb('files', '+', 1), bytes: eb('bytes', '+', bytes) }))
    .where('company_id', '=', companyId)
    .where('holder', '=', holder);
  const { maxFiles } = limits;
  if (maxFiles !== undefined) query = query.where((eb) => eb(eb('files', '+', 1), '<=', maxFiles));
  const result = await query
    .where((eb) => eb(eb('bytes', '+', bytes), '<=', limits.maxBytes))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const usage = (db: Kysely<Database>, companyId: number, holder: string) =>
  db
    .selectFrom('upload_usage')
    .select(['files', 'bytes'])
    .where('company_id', '=', companyId)
    .where('holder', '=', holder)
    .executeTakeFirstOrThrow();
