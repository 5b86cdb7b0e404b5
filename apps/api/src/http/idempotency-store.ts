import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { IdempotencyKeysTable } from '../db/tables/idempotency.js';

type Db = Kysely<Database>;

/** Inserts the claim unless its (company, caller, key) exists; its id, or undefined when another holds the key. */
export async function insertClaim(
  db: Db,
  claim: Insertable<IdempotencyKeysTable>,
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values(claim)
    .onConflict((oc) => oc.columns(['company_id', 'caller', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export function findClaim(db: Db, scope: { companyId: number; caller: string }, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('company_id', '=', scope.companyId)
    .where('caller', '=', scope.caller)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Deletes the claim if it has expired by `nowSeconds`. */
export async function deleteExpiredClaim(db: Db, id: number, nowSeconds: number): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('id', '=', id)
    .where('expires_at', '<=', nowSeconds)
    .execute();
}

/**
 * Takes over a released claim with a new lease, only if it is still unanswered and its lease is still the one read
 * (`lockedUntil`); false when another retry took it first.
 */
export async function takeOverClaim(
  db: Db,
  id: number,
  lockedUntil: number,
  newLockedUntil: number,
): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ locked_until: newLockedUntil })
    .where('id', '=', id)
    .where('response_status', 'is', null)
    .where('locked_until', '=', lockedUntil)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Settles a claim not answered yet: its answer and lease, as `values` says. */
export async function settleClaim(
  db: Db,
  id: number,
  values: Updateable<IdempotencyKeysTable>,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set(values)
    .where('id', '=', id)
    .where('response_status', 'is', null)
    .execute();
}

export async function deleteClaimsExpiredBy(db: Db, nowSeconds: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', nowSeconds).execute();
}
