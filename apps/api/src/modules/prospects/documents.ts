import type { Static } from 'typebox';
import type { Caller } from '../../security/callers.js';
import type { FileContent, FilesService, StoredFileInfo } from '../files/index.js';
import type { ProspectsDeps } from './deps.js';
import type { ProspectDocument } from './schemas.js';
import * as store from './store.js';
import { findVisible } from './visibility.js';

/** Stored files of prospects carry this owner type. */
export const PROSPECT_FILE_OWNER = 'prospect';

function toDocument(
  files: FilesService,
  baseUrl: string,
  file: StoredFileInfo,
): Static<typeof ProspectDocument> {
  return {
    idDocument: file.id,
    fileName: file.file_name,
    contentType: file.content_type,
    sizeBytes: file.size_bytes,
    uploadedAt: file.created_at,
    downloadUrl: files.downloadUrl(baseUrl, file.id),
  };
}

/** The prospects' documents, each with the prospect it belongs to. */
export async function documentsOf(
  files: FilesService,
  companyId: number,
  prospectIds: number[],
  baseUrl: string,
) {
  const stored = await files.list(companyId, PROSPECT_FILE_OWNER, prospectIds);
  return stored.map((f) => ({ ownerId: f.owner_id, document: toDocument(files, baseUrl, f) }));
}

export async function uploadDocument(
  { db, files, clock }: Pick<ProspectsDeps, 'db' | 'files' | 'clock'>,
  caller: Caller,
  prospectId: number,
  file: FileContent,
  baseUrl: string,
): Promise<Static<typeof ProspectDocument>> {
  const prospect = await findVisible(db, caller, prospectId);
  const stored = await files.store(
    {
      companyId: caller.companyId,
      ownerType: PROSPECT_FILE_OWNER,
      ownerId: prospect.id,
      holder: `prospect:${prospect.id}`,
    },
    file,
  );
  await store.touchProspect(db, prospect.id, clock.now().toISOString());
  return toDocument(files, baseUrl, stored);
}
