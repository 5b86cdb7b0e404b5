import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

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
