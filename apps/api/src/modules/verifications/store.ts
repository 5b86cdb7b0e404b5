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
