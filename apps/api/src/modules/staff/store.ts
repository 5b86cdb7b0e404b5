import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StaffSessionsTable, StaffUsersTable } from '../../db/tables/staff.js';
import type { Page, Paging } from '../../http/envelope.js';

export type StaffUserRow = Selectable<StaffUsersTable>;
export type StaffSessionRow = Selectable<StaffSessionsTable>;

export const findUserByEmail = (db: Kysely<Database>, email: string) =>
  db.selectFrom('staff_users').selectAll().where('email', '=', email).executeTakeFirst();

export const findUser = (db: Kysely<Database>, companyId: number, id: number) =>
  db
    .selectFrom('staff_users')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findUserBySetupToken = (db: Kysely<Database>, tokenHash: string) =>
  db.selectFrom('staff_users').selectAll().where('setup_token_hash', '=', tokenHash).executeTakeFirst();

export async function listUsers(
  db: Kysely<Database>,
  companyId: number,
  paging: Paging,
): Promise<Page<StaffUserRow>> {
  const base = db.selectFrom('staff_users').where('company_id', '=', companyId);
  const [items, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('email')
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export async function insertUser(
  db: Kysely<Database>,
  user: Pick<StaffUserRow, 'company_id' | 'email' | 'name' | 'roles' | 'created_at'> &
    Partial<Pick<StaffUserRow, 'password_hash' | 'setup_token_hash' | 'setup_expires_at'>>,
): Promise<number> {
  const row = await db.insertInto('staff_users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const updateUser = (
  db: Kysely<Database>,
  id: number,
  changes: Partial<Omit<StaffUserRow, 'id' | 'company_id' | 'email' | 'created_at'>>,
) => db.updateTable('staff_users').set(changes).where('id', '=', id).execute();

/** Accepts a TOTP step once: false when this step (or a later one) was already used, by a request sent at once too. */
export async function claimTotpStep(db: Kysely<Database>, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes the set-up link: false when another request took it first. */
export async function consumeSetupToken(
  db: Kysely<Database>,
  id: number,
  tokenHash: string,
  changes: Partial<StaffUserRow>,
): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set({ ...changes, setup_token_hash: null, setup_expires_at: null })
    .where('id', '=', id)
    .where('setup_token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertSession(
  db: Kysely<Database>,
  session: Omit<StaffSessionRow, 'id' | 'ended_at'>,
): Promise<number> {
  const row = await db.insertInto('staff_sessions').values(session).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const findSessionWithUser = (db: Kysely<Database>, tokenHash: string) =>
  db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_users as u', 'u.id', 's.staff_user_id')
    .select([
      's.id as session_id',
      's.csrf_token',
      's.last_seen_at',
      's.expires_at',
      's.ended_at',
      'u.id as user_id',
      'u.company_id',
      'u.email',
      'u.name',
      'u.roles',
      'u.disabled_at',
      'u.totp_enabled',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();

export const touchSession = (db: Kysely<Database>, sessionId: number, now: number) =>
  db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();

export const endSession = (db: Kysely<Database>, sessionId: number, now: number) =>
  db
    .updateTable('staff_sessions')
    .set({ ended_at: now })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();

export async function endUserSessions(db: Kysely<Database>, userId: number, now: number): Promise<number> {
  const result = await db
    .updateTable('staff_sessions')
    .set({ ended_at: now })
    .where('staff_user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sessions ended or past their absolute end a day ago are of no further use. */
export const deleteSessionsEndedBefore = (db: Kysely<Database>, before: number) =>
  db
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('ended_at', '<', before), eb('expires_at', '<', before)]))
    .execute();

/** How many staff users each company has (disabled ones included). */
export async function countUsersByCompany(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('staff_users')
    .select(['company_id', (eb) => eb.fn.countAll<number | string>().as('users')])
    .groupBy('company_id')
    .execute();
  return new Map(rows.map((row) => [row.company_id, Number(row.users)]));
}
