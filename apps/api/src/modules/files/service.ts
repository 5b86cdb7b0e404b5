import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { UploadQuotas } from '../../config/uploads.js';
import type { Database } from '../../db/schema.js';
import type { StoredFilesTable } from '../../db/tables/prospects.js';
import type { Clock } from '../../domain/clock.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { LinkSigner } from '../../security/signed-urls.js';
import { type QuotaHolder, reserveUpload } from './quota.js';
import * as store from './store.js';

/** How long a `downloadUrl` works. */
export const DOWNLOAD_LINK_SECONDS = 24 * 3600;

export const downloadPath = (fileId: number) => `/api/v1/files/${fileId}/download`;

export type StoredFileInfo = Omit<Selectable<StoredFilesTable>, 'content'>;

/** A file's name, type and bytes, as uploaded (http/uploads.ts reads them from a request) or generated. */
export interface FileContent {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export interface FileOwner {
  companyId: number;
  /** What the file belongs to, e.g. "prospect" or "enrollment-credit-letter". */
  ownerType: string;
  ownerId: number;
  /** The customer or prospect whose upload quota the file counts against (the company's counts it too). */
  holder: QuotaHolder;
}

/**
 * Files kept in the database, so every API node serves every file on either engine. Owners are generic:
 * any module stores and lists its documents here and hands out signed download links.
 */
export function createFilesService(deps: {
  db: Kysely<Database>;
  linkSigner: LinkSigner;
  clock: Clock;
  uploadQuotas: UploadQuotas;
}) {
  const { db, linkSigner, clock, uploadQuotas } = deps;

  async function insertWithinQuota(
    trx: Kysely<Database>,
    { holder, ...owner }: FileOwner,
    file: FileContent,
  ) {
    await reserveUpload(trx, uploadQuotas, owner.companyId, holder, file.bytes.length);
    return store.insertFile(trx, {
      ...owner,
      fileName: safeFileName(file.fileName),
      contentType: file.contentType,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      content: file.bytes,
      createdAt: clock.now().toISOString(),
    });
  }

  return {
    /**
     * Stores a file within the upload quotas (413 UPLOAD_QUOTA_EXCEEDED otherwise), in the caller's transaction when
     * given, so the record that owns it commits with it, and the file and its room in the quota with each other.
     */
    async store(owner: FileOwner, file: FileContent, trx?: Kysely<Database>) {
      if (trx) return insertWithinQuota(trx, owner, file);
      return db.transaction().execute((own) => insertWithinQuota(own, owner, file));
    },

    list(companyId: number, ownerType: string, ownerIds: number[]): Promise<StoredFileInfo[]> {
      return store.listFiles(db, companyId, ownerType, ownerIds);
    },

    /** The owner's files with their bytes (handed to the document-signing service), oldest first. */
    contents(companyId: number, ownerType: string, ownerId: number) {
      return store.listFilesWithContent(db, companyId, ownerType, ownerId);
    },

    /** An absolute link that downloads the file without a bearer token until it expires. */
    downloadUrl(baseUrl: string, fileId: number): string {
      return `${baseUrl}${linkSigner.sign(downloadPath(fileId), DOWNLOAD_LINK_SECONDS)}`;
    },

    /** A file of the company, read by its staff in the console (another company's is not found). */
    async read(companyId: number, fileId: number) {
      const file = await store.findFileWithContent(db, fileId);
      if (!file || file.company_id !== companyId) throw notFound(`File ${fileId}`);
      return file;
    },

    /** Checks the signed link as it arrived (path and query) and returns the file. */
    async download(fileId: number, requestUrl: string) {
      const check = linkSigner.check(requestUrl);
      if (check === 'invalid')
        throw new ApiError('FILE_LINK_INVALID', 'This download link is not valid; ask for a new one.');
      if (check === 'expired')
        throw new ApiError('FILE_LINK_EXPIRED', 'This download link has expired; ask for a new one.');
      const file = await store.findFileWithContent(db, fileId);
      if (!file) throw notFound(`File ${fileId}`);
      return file;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

/** Keeps the name a person gave the file, without paths or characters that break a header. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^\w .()-]/g, '_')
    .trim()
    .slice(0, 200);
  return cleaned === '' ? 'document' : cleaned;
}
