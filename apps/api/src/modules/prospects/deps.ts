import type { Kysely } from 'kysely';
import type { BaseLogger } from 'pino';
import type { DocumentSigningPort } from '../../adapters/document-signing/port.js';
import type { Mode } from '../../config/index.js';
import type { Database } from '../../db/schema.js';
import type { FilesService } from '../files/index.js';

/** What the prospects' rules work with: the database, the prospects' files and the document-signing service. */
export interface ProspectsDeps {
  db: Kysely<Database>;
  files: FilesService;
  signing: DocumentSigningPort;
  log: Pick<BaseLogger, 'warn'>;
  /** Production accepts only https return URLs for signing views. */
  mode: Mode;
}
