import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Paging } from '../../http/envelope.js';

export function findVerification(db: Kysely<Database>, companyId: number, verificationId: string) {
  return db
    .selectFrom('tpv_verifications')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('verification_id', '=', verificationId)
    .executeTakeFirst();
}

export function listUpdates(db: Kysely<Database>, verificationPk: number) {
  return db
    .selectFrom('tpv_verification_updates')
    .select(['result', 'reasons', 'at'])
    .where('verification_pk', '=', verificationPk)
    .orderBy('id')
    .execute();
}

/** Records a result unless the verification is VERIFIED by now; false when it already was. */
export async function recordResult(
  db: Kysely<Database>,
  verificationPk: number,
  update: { result: string; reasons: string; at: string },
): Promise<boolean> {
  const changed = await db
    .updateTable('tpv_verifications')
    .set({
      result: update.result,
      reasons: update.reasons,
      updated_at: update.at,
      verified_at: update.result === 'VERIFIED' ? update.at : null,
    })
    .where('id', '=', verificationPk)
    .where('result', '!=', 'VERIFIED')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) return false;
  await db
    .insertInto('tpv_verification_updates')
    .values({ verification_pk: verificationPk, ...update })
    .execute();
  return true;
}

/** The company's verifications, oldest first (the order a provider should call them), optionally of one result. */
export async function listVerifications(
  db: Kysely<Database>,
  companyId: number,
  result: string | undefined,
  paging: Paging,
) {
  let query = db.selectFrom('tpv_verifications').where('company_id', '=', companyId);
  if (result !== undefined) query = query.where('result', '=', result);
  const [items, count] = await Promise.all([
    query
      .select(['verification_id', 'enrollment_id', 'result', 'created_at', 'updated_at'])
      .orderBy('id')
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

/** NOT_SENT verifications of these companies due now and not given up, oldest first. */
export function verificationsDue(
  db: Kysely<Database>,
  companyIds: number[],
  nowSeconds: number,
  maxAttempts: number,
  limit: number,
) {
  return db
    .selectFrom('tpv_verifications')
    .select(['id', 'company_id', 'verification_id', 'dispatch_attempts'])
    .where('company_id', 'in', companyIds.length ? companyIds : [0])
    .where('result', '=', 'NOT_SENT')
    .where('dispatch_attempts', '<', maxAttempts)
    .where((eb) => eb.or([eb('next_dispatch_at', 'is', null), eb('next_dispatch_at', '<=', nowSeconds)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Takes a verification for one hand-over, if it is still NOT_SENT, not given up, and no other node holds it. */
export async function claimForDispatch(
  db: Kysely<Database>,
  id: number,
  nowSeconds: number,
  claimSeconds: number,
  maxAttempts: number,
) {
  const result = await db
    .updateTable('tpv_verifications')
    .set((eb) => ({
      next_dispatch_at: nowSeconds + claimSeconds,
      dispatch_attempts: eb('dispatch_attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('result', '=', 'NOT_SENT')
    .where('dispatch_attempts', '<', maxAttempts)
    .where((eb) => eb.or([eb('next_dispatch_at', 'is', null), eb('next_dispatch_at', '<=', nowSeconds)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function dispatchFailed(db: Kysely<Database>, id: number, retryAt: number, error: string) {
  await db
    .updateTable('tpv_verifications')
    .set({ next_dispatch_at: retryAt, last_dispatch_error: error })
    .where('id', '=', id)
    .execute();
}

export function findVerificationByPk(db: Kysely<Database>, id: number) {
  return db.selectFrom('tpv_verifications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many verifications are NOT_SENT (waiting to be handed to the provider): a queue depth. */
export async function countUnsentVerifications(db: Kysely<Database>): Promise<number> {
  const { n } = await db
    .selectFrom('tpv_verifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('result', '=', 'NOT_SENT')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A verification of a sale, NOT_SENT until the provider has it; its result re-decides the enrollment. */
export async function insertPendingVerification(
  db: Kysely<Database>,
  companyId: number,
  enrollmentId: number,
  at: string,
): Promise<void> {
  await db
    .insertInto('tpv_verifications')
    .values({
      company_id: companyId,
      verification_id: randomUUID(),
      enrollment_id: enrollmentId,
      result: 'NOT_SENT',
      reasons: '[]',
      created_at: at,
      updated_at: at,
      verified_at: null,
    })
    .execute();
}
