import type { Kysely } from 'kysely';
import type { BaseLogger } from 'pino';
import type { DocumentSigningPort } from '../../adapters/document-signing/port.js';
import type { Mode } from '../../config/index.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import type { FilesService } from '../files/index.js';

/** What the prospects' rules work with: the database, the prospects' files and the document-signing service. */
export interface ProspectsDeps {
  db: Kysely<Database>;
  /** What a prospect's created, modified and expiration dates are read from. */
  clock: Clock;
  files: FilesService;
  signing: DocumentSigningPort;
  log: Pick<BaseLogger, 'warn'>;
  /** Production accepts only https return URLs for signing views. */
  mode: Mode;
}
