import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database, WebServiceAccountsTable } from '../../db/schema.js';

export function findAccountByKey(db: Kysely<Database>, apiKey: string) {
  return db
    .selectFrom('web_service_accounts')
    .select([
      'id',
      'company_id',
      'secret_sealed',
      'previous_secret_sealed',
      'previous_secret_valid_until',
      'role_groups',
      'active',
    ])
    .where('api_key', '=', apiKey)
    .executeTakeFirst();
}

export function findAccount(db: Kysely<Database>, accountId: number) {
  return db
    .selectFrom('web_service_accounts')
    .select(['id', 'company_id', 'role_groups', 'active'])
    .where('id', '=', accountId)
    .executeTakeFirst();
}

/** The company's account of that name (names are the operator's handle on accounts). */
export function findAccountByName(db: Kysely<Database>, companyId: number, name: string) {
  return db
    .selectFrom('web_service_accounts')
    .select(['id', 'api_key'])
    .where('company_id', '=', companyId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function insertAccount(
  db: Kysely<Database>,
  account: Insertable<WebServiceAccountsTable>,
): Promise<number> {
  const { id } = await db
    .insertInto('web_service_accounts')
    .values(account)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function setAccountSecret(
  db: Kysely<Database>,
  accountId: number,
  secretSealed: string,
): Promise<void> {
  await db
    .updateTable('web_service_accounts')
    .set({ secret_sealed: secretSealed, previous_secret_sealed: null, previous_secret_valid_until: null })
    .where('id', '=', accountId)
    .execute();
}

/** The company's accounts, newest first (the secrets stay behind). */
export function listCompanyAccounts(db: Kysely<Database>, companyId: number, accountId?: number) {
  let query = db
    .selectFrom('web_service_accounts')
    .select([
      'id',
      'name',
      'api_key',
      'role_groups',
      'active',
      'created_at',
      'last_used_at',
      'previous_secret_valid_until',
      'revoked_at',
    ])
    .where('company_id', '=', companyId);
  if (accountId !== undefined) query = query.where('id', '=', accountId);
  return query.orderBy('id', 'desc').execute();
}

export function permissionsOfAccounts(db: Kysely<Database>, accountIds: number[]) {
  return db
    .selectFrom('account_permissions')
    .select(['account_id', 'operation_id'])
    .where('account_id', 'in', accountIds.length ? accountIds : [0])
    .orderBy('operation_id')
    .execute();
}

/**
 * A new secret; the current one becomes the previous one, accepted until `previousValidUntil` (null: not at all).
 * One statement, so two rotations at once cannot both keep the same previous secret. False: no such active account.
 */
export async function rotateSecret(
  db: Kysely<Database>,
  companyId: number,
  accountId: number,
  secretSealed: string,
  previousValidUntil: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('web_service_accounts')
    .set({
      previous_secret_sealed: previousValidUntil === null ? null : sql.ref('secret_sealed'),
      previous_secret_valid_until: previousValidUntil,
      secret_sealed: secretSealed,
    })
    .where('id', '=', accountId)
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes an account: no secret logs in any more, and every login it has is ended (its tokens are refused). */
export async function revokeAccount(
  db: Kysely<Database>,
  companyId: number,
  accountId: number,
  at: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('web_service_accounts')
      .set({ active: 0, revoked_at: at, previous_secret_sealed: null, previous_secret_valid_until: null })
      .where('id', '=', accountId)
      .where('company_id', '=', companyId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: at })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
    return true;
  });
}

export async function replacePermissions(
  db: Kysely<Database>,
  accountId: number,
  operationIds: string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_permissions').where('account_id', '=', accountId).execute();
    await insertPermissions(trx, accountId, operationIds);
  });
}

export async function insertPermissions(
  db: Kysely<Database>,
  accountId: number,
  operationIds: string[],
): Promise<void> {
  if (operationIds.length === 0) return;
  await db
    .insertInto('account_permissions')
    .values(operationIds.map((operation_id) => ({ account_id: accountId, operation_id })))
    .execute();
}

/** When the account was last used: written at login and token refresh, not on every call. */
export async function markAccountUsed(db: Kysely<Database>, accountId: number, at: string): Promise<void> {
  await db
    .updateTable('web_service_accounts')
    .set({ last_used_at: at })
    .where('id', '=', accountId)
    .execute();
}

/** Lets the account call the operation (`*`: every operation its role groups allow). */
export async function grantPermission(
  db: Kysely<Database>,
  accountId: number,
  operationId: string,
): Promise<void> {
  await db
    .insertInto('account_permissions')
    .values({ account_id: accountId, operation_id: operationId })
    .execute();
}

export async function listPermissions(db: Kysely<Database>, accountId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('account_permissions')
    .select('operation_id')
    .where('account_id', '=', accountId)
    .execute();
  return rows.map((row) => row.operation_id);
}

/** Records a login signature; false when it was already used (a replay). */
export async function rememberSignature(
  db: Kysely<Database>,
  accountId: number,
  signature: string,
  expiresAt: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('login_signatures')
    .values({ account_id: accountId, signature, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['account_id', 'signature']).doNothing())
    .returning('account_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function insertRefreshToken(
  db: Kysely<Database>,
  token: { accountId: number; familyId: string; tokenHash: string; expiresAt: number; createdAt: string },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      account_id: token.accountId,
      family_id: token.familyId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      created_at: token.createdAt,
    })
    .execute();
}

export function findRefreshToken(db: Kysely<Database>, tokenHash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks a refresh token used, only if nobody used it first; false when it lost that race. */
export async function claimRefreshToken(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Kysely<Database>, familyId: string, at: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** True once any token of the family was revoked: revoking marks them all, and a refresh racing it cannot undo that. */
export async function isFamilyRevoked(db: Kysely<Database>, familyId: string): Promise<boolean> {
  const revoked = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return revoked !== undefined;
}

/**
 * Refresh tokens are kept `accessTokenTtlSeconds` past their own expiry: their revocation mark is what refuses the
 * access tokens of a revoked family, and the last of those may outlive its refresh token.
 */
export async function purgeExpired(
  db: Kysely<Database>,
  nowSeconds: number,
  accessTokenTtlSeconds: number,
): Promise<void> {
  await db.deleteFrom('login_signatures').where('expires_at', '<', nowSeconds).execute();
  await db
    .deleteFrom('refresh_tokens')
    .where('expires_at', '<', nowSeconds - accessTokenTtlSeconds)
    .execute();
}
