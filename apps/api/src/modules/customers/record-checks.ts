import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { ApiError } from '../../http/errors.js';
import { isActiveLanguage } from './lookups.js';
import { assertUserNameFormat } from './rules.js';
import * as store from './store.js';

/** Checks of a customer's fields against what the company already holds. */

/** Normalizes a new username and checks its format and that nobody else in the company holds it. */
export async function availableUserName(
  db: Kysely<Database>,
  companyId: number,
  field: string,
  raw: string,
  exceptCustomerId?: number,
): Promise<string> {
  const userName = assertUserNameFormat(field, raw);
  const owner = await store.findUserNameOwner(db, companyId, userName);
  if (owner && owner.id !== exceptCustomerId)
    throw new ApiError('USERNAME_TAKEN', `${field}: this username is already taken; choose another.`);
  return userName;
}

export async function assertLanguage(db: Kysely<Database>, field: string, languageId: number): Promise<void> {
  if (!(await isActiveLanguage(db, languageId)))
    throw new ApiError(
      'LANGUAGE_NOT_FOUND',
      `${field}: language ${languageId} does not exist or is not active.`,
    );
}

/** A write the unique index refused: a concurrent request took the username meanwhile. Other errors pass as they are. */
export function asUserNameTaken(error: unknown): unknown {
  return isUniqueViolation(error)
    ? new ApiError('USERNAME_TAKEN', 'username: this username is already taken; choose another.')
    : error;
}
