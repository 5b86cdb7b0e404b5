import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { CustomersTable, Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** The columns a change of a customer record may set. */
export type CustomerChanges = Omit<
  Updateable<CustomersTable>,
  'id' | 'company_id' | 'created_at' | 'updated_at'
>;

export function findLoginByUserName(db: Db, companyId: number, userName: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'password_hash', 'active'])
    .where('company_id', '=', companyId)
    .where('user_name', '=', userName)
    .executeTakeFirst();
}

/** Any customer of the company holding the username, active or not (a linked login keeps its name reserved). */
export function findUserNameOwner(db: Db, companyId: number, userName: string) {
  return db
    .selectFrom('customers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('user_name', '=', userName)
    .executeTakeFirst();
}

export function countOthersWithEmail(db: Db, companyId: number, email: string, exceptCustomerId?: number) {
  let query = db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptCustomerId !== undefined) query = query.where('id', '<>', exceptCustomerId);
  return query.executeTakeFirstOrThrow().then((row) => Number(row.count));
}

export function findCustomer(db: Db, companyId: number, customerId: number) {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', customerId)
    .executeTakeFirst();
}

/** The names of these customers of the company, as lists show them (a business by its firm name). */
export function customerNames(db: Db, companyId: number, customerIds: number[]) {
  return db
    .selectFrom('customers')
    .select(['id', 'first_name', 'last_name', 'firm_name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', customerIds)
    .execute();
}

/** Each of these customers' preferred language (an id of reference's languages), any company; in no set order. */
export function preferredLanguages(db: Db, customerIds: number[]) {
  return db
    .selectFrom('customers')
    .select(['id', 'id_prefered_language'])
    .where('id', 'in', customerIds.length ? customerIds : [0])
    .execute();
}

export async function insertCustomer(
  db: Db,
  customer: {
    companyId: number;
    userName: string | null;
    passwordHash: string | null;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    primaryPhoneType: number | null;
    languageId: number;
    optedMarketing: boolean;
  },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('customers')
    .values({
      company_id: customer.companyId,
      user_name: customer.userName,
      password_hash: customer.passwordHash,
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone: customer.phone,
      id_primary_phone_type: customer.primaryPhoneType,
      id_prefered_language: customer.languageId,
      opted_marketing_coms: customer.optedMarketing ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A customer record with every field given (an enrollment's new customer); its id. */
export async function insertCustomerRecord(db: Db, record: Insertable<CustomersTable>): Promise<number> {
  const row = await db.insertInto('customers').values(record).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCustomer(
  db: Db,
  customerId: number,
  changes: CustomerChanges,
  at: string,
): Promise<void> {
  await db
    .updateTable('customers')
    .set({ ...changes, updated_at: at })
    .where('id', '=', customerId)
    .execute();
}

/** Marks an active customer as changed; false when it is no longer active. Takes the row's write lock. */
export async function touchActiveCustomer(db: Db, customerId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ updated_at: at })
    .where('id', '=', customerId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deactivates an active customer; false when it already was inactive. */
export async function deactivateCustomer(db: Db, customerId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ active: 0, updated_at: at })
    .where('id', '=', customerId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Active self-service logins matching a username and/or an email address (both must match when both are given). */
export function findRecoverableLogins(
  db: Db,
  companyId: number,
  match: { userName?: string; email?: string; customerId?: number },
  limit: number,
) {
  let query = db
    .selectFrom('customers')
    .select(['id', 'user_name', 'first_name', 'email', 'id_prefered_language'])
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .where('user_name', 'is not', null)
    .where('password_hash', 'is not', null)
    .where('email', 'is not', null);
  if (match.userName !== undefined) query = query.where('user_name', '=', match.userName);
  if (match.customerId !== undefined) query = query.where('id', '=', match.customerId);
  if (match.email !== undefined)
    query = query.where(sql<string>`lower(email)`, '=', match.email.toLowerCase());
  return query.orderBy('id').limit(limit).execute();
}

export async function insertSession(
  db: Db,
  session: { tokenHash: string; companyId: number; customerId: number; expiresAt: number; createdAt: string },
): Promise<void> {
  await db
    .insertInto('customer_sessions')
    .values({
      token_hash: session.tokenHash,
      company_id: session.companyId,
      customer_id: session.customerId,
      expires_at: session.expiresAt,
      created_at: session.createdAt,
    })
    .execute();
}

export function findLiveSession(db: Db, companyId: number, tokenHash: string, nowSeconds: number) {
  return db
    .selectFrom('customer_sessions')
    .innerJoin('customers', 'customers.id', 'customer_sessions.customer_id')
    .select(['customer_sessions.customer_id', 'customer_sessions.company_id'])
    .where('customer_sessions.token_hash', '=', tokenHash)
    .where('customer_sessions.company_id', '=', companyId)
    .where('customer_sessions.expires_at', '>', nowSeconds)
    .where('customers.active', '=', 1)
    .executeTakeFirst();
}

/** Ends every session of the customer except `keepTokenHash` (the caller's own, when there is one). */
export async function deleteSessions(db: Db, customerId: number, keepTokenHash?: string): Promise<number> {
  let query = db.deleteFrom('customer_sessions').where('customer_id', '=', customerId);
  if (keepTokenHash !== undefined) query = query.where('token_hash', '<>', keepTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function purgeExpiredSessions(db: Db, nowSeconds: number): Promise<void> {
  await db.deleteFrom('customer_sessions').where('expires_at', '<', nowSeconds).execute();
}

export async function insertResetToken(
  db: Db,
  token: { tokenHash: string; companyId: number; customerId: number; expiresAt: number; createdAt: string },
): Promise<void> {
  await db
    .insertInto('customer_reset_tokens')
    .values({
      token_hash: token.tokenHash,
      company_id: token.companyId,
      customer_id: token.customerId,
      expires_at: token.expiresAt,
      created_at: token.createdAt,
    })
    .execute();
}

export function findResetToken(db: Db, companyId: number, tokenHash: string) {
  return db
    .selectFrom('customer_reset_tokens')
    .innerJoin('customers', 'customers.id', 'customer_reset_tokens.customer_id')
    .select([
      'customer_reset_tokens.customer_id',
      'customer_reset_tokens.expires_at',
      'customer_reset_tokens.used_at',
      'customers.active',
      'customers.user_name',
    ])
    .where('customer_reset_tokens.company_id', '=', companyId)
    .where('customer_reset_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the token used if it still is unused and unexpired; false when another request consumed it first. */
export async function consumeResetToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('customer_reset_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', Math.floor(now.getTime() / 1000))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Voids every outstanding reset link of the customer (after any password change). */
export async function voidResetTokens(db: Db, customerId: number, at: string): Promise<void> {
  await db
    .updateTable('customer_reset_tokens')
    .set({ used_at: at })
    .where('customer_id', '=', customerId)
    .where('used_at', 'is', null)
    .execute();
}

export async function purgeResetTokens(db: Db, expiredBefore: number): Promise<void> {
  await db.deleteFrom('customer_reset_tokens').where('expires_at', '<', expiredBefore).execute();
}

export async function linkCustomer(
  db: Db,
  link: { companyId: number; customerId: number; linkedCustomerId: number; linkedAt: string },
): Promise<void> {
  // Logins already merged into the old one follow it to the customer that stays.
  await db
    .updateTable('customer_links')
    .set({ customer_id: link.customerId })
    .where('company_id', '=', link.companyId)
    .where('customer_id', '=', link.linkedCustomerId)
    .execute();
  await db
    .insertInto('customer_links')
    .values({
      company_id: link.companyId,
      customer_id: link.customerId,
      linked_customer_id: link.linkedCustomerId,
      linked_at: link.linkedAt,
    })
    .execute();
}

export async function linkedCustomerIds(db: Db, companyId: number, customerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('customer_links')
    .select('linked_customer_id')
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .orderBy('linked_customer_id')
    .execute();
  return rows.map((r) => r.linked_customer_id);
}

/** Customers whose federal tax id is still in clear, the first `limit` of them by id. */
export function findClearTaxIds(db: Db, limit: number) {
  // Sealed values start with their version ("v1:"); a tax id in clear is digits.
  return db
    .selectFrom('customers')
    .select(['id', 'fed_tax_id_sealed'])
    .where('fed_tax_id_sealed', 'is not', null)
    .where('fed_tax_id_sealed', 'not like', 'v%')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Writes the sealed tax id of a customer, unless its tax id changed since `clear` was read. */
export async function replaceClearTaxId(
  db: Db,
  customerId: number,
  clear: string | null,
  sealed: string | null,
): Promise<void> {
  await db
    .updateTable('customers')
    .set({ fed_tax_id_sealed: sealed })
    .where('id', '=', customerId)
    .where('fed_tax_id_sealed', '=', clear)
    .execute();
}
