import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import { ApiError } from '../../http/errors.js';
import type { SecretBox } from '../../security/secret-box.js';
import type { FilesService } from '../files/index.js';
import type { PlansService } from '../plans/index.js';
import type { UtilitiesService } from '../utilities/index.js';
import type { EnrollmentsService } from './service.js';

/** What the account changes a customer makes on an enrollment need. */
export interface AccountChangesDeps {
  db: Kysely<Database>;
  clock: Clock;
  core: EnrollmentsService;
  plans: PlansService;
  utilities: UtilitiesService;
  files: FilesService;
  secretBox: SecretBox;
}

export const conflict = (message: string, detail: string) =>
  new ApiError('ENROLLMENT_STATUS_CONFLICT', message, [detail]);

export const nowIso = (clock: Clock) => clock.now().toISOString();

/**
 * Who asked for a change a customer may make: the customer (undefined), or staff in the console acting on the
 * customer's behalf (`staff:<email>`). The customer's rules apply either way; the history says who asked.
 */
export type RequestedBy = string | undefined;

export const requestedBy = (reason: string, by: RequestedBy) =>
  by ? `${reason} (asked by ${by} on the customer's behalf)` : reason;
