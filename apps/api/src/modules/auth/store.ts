import type { Insertable, Kysely } from 'kysely';
import type { Database, WebServiceAccountsTable } from '../../db/schema.js';

export function findAccountByKey(db: Kysely<Database>, apiKey: string) {
  return db
    .selectFrom('web_service_accounts')
    .select(['id', 'company_id', 'secret_sealed', 'role_groups', 'active'])
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
    .set({ secret_sealed: secretSealed })
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
