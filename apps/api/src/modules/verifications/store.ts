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

export type VerificationToDispatch = Awaited<ReturnType<typeof verificationsToDispatch>>[number];

/** NOT_SENT verifications due now and not given up, of companies that have a provider to hand them to. */
export function verificationsToDispatch(
  db: Kysely<Database>,
  nowSeconds: number,
  maxAttempts: number,
  limit: number,
) {
  return db
    .selectFrom('tpv_verifications as v')
    .innerJoin('company_settings as s', 's.company_id', 'v.company_id')
    .select([
      'v.id',
      'v.company_id',
      'v.verification_id',
      'v.dispatch_attempts',
      's.verification_provider_url as provider_url',
      's.verification_provider_secret_sealed as provider_secret_sealed',
    ])
    .where('v.result', '=', 'NOT_SENT')
    .where('v.dispatch_attempts', '<', maxAttempts)
    .where((eb) => eb.or([eb('v.next_dispatch_at', 'is', null), eb('v.next_dispatch_at', '<=', nowSeconds)]))
    .where('s.verification_provider_url', 'is not', null)
    .where('s.verification_provider_secret_sealed', 'is not', null)
    .orderBy('v.id')
    .limit(limit)
    .$narrowType<{ provider_url: string; provider_secret_sealed: string }>()
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

/** What the provider needs to call the customer: no SSN, no date of birth, no payment data. */
export async function saleToVerify(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom('tpv_verifications as v')
    .innerJoin('enrollments as e', 'e.id', 'v.enrollment_id')
    .innerJoin('customers as c', 'c.id', 'e.customer_id')
    .innerJoin('plans as p', 'p.id', 'e.plan_id')
    .leftJoin('languages as l', 'l.id', 'c.id_prefered_language')
    .select([
      'v.verification_id',
      'e.id as enrollment_id',
      'c.first_name',
      'c.last_name',
      'c.firm_name',
      'c.phone',
      'c.email',
      'l.short_name as language',
      'p.id as plan_id',
      'p.name as plan_name',
      'e.service_address_1',
      'e.service_city',
      'e.service_state',
      'e.service_zipcode',
    ])
    .where('v.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    verificationId: row.verification_id,
    enrollmentId: row.enrollment_id,
    customer: {
      firstName: row.first_name,
      lastName: row.last_name,
      firmName: row.firm_name,
      phone: row.phone,
      email: row.email,
      language: row.language ?? 'en',
    },
    plan: { id: row.plan_id, name: row.plan_name },
    serviceAddress: {
      address: row.service_address_1,
      city: row.service_city,
      state: row.service_state,
      zipcode: row.service_zipcode,
    },
  };
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
