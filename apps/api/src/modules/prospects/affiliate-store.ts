import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AffiliateRepsTable, AffiliatesTable } from '../../db/tables/prospects.js';

/** The company's affiliates with how many reps and prospects each has, by name. */
export function listAffiliates(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('affiliates')
    .select((eb) => [
      'affiliates.id',
      'affiliates.name',
      'affiliates.active',
      'affiliates.created_at',
      eb
        .selectFrom('affiliate_reps')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('affiliate_reps.affiliate_id', '=', 'affiliates.id')
        .as('reps'),
      eb
        .selectFrom('prospects')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('prospects.affiliate_id', '=', 'affiliates.id')
        .as('prospects'),
    ])
    .where('affiliates.company_id', '=', companyId)
    .orderBy('affiliates.name')
    .orderBy('affiliates.id')
    .execute();
}

export type AffiliateListRow = Awaited<ReturnType<typeof listAffiliates>>[number];

export function findAffiliate(db: Kysely<Database>, companyId: number, affiliateId: number) {
  return db
    .selectFrom('affiliates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', affiliateId)
    .executeTakeFirst();
}

export async function insertAffiliate(db: Kysely<Database>, values: Insertable<AffiliatesTable>) {
  const { id } = await db.insertInto('affiliates').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateAffiliate(
  db: Kysely<Database>,
  companyId: number,
  affiliateId: number,
  changes: Updateable<AffiliatesTable>,
) {
  await db
    .updateTable('affiliates')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('id', '=', affiliateId)
    .execute();
}

export function repsOf(db: Kysely<Database>, affiliateId: number) {
  return db
    .selectFrom('affiliate_reps')
    .selectAll()
    .where('affiliate_id', '=', affiliateId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findRep(db: Kysely<Database>, affiliateId: number, repId: number) {
  return db
    .selectFrom('affiliate_reps')
    .selectAll()
    .where('affiliate_id', '=', affiliateId)
    .where('id', '=', repId)
    .executeTakeFirst();
}

export async function insertRep(db: Kysely<Database>, values: Insertable<AffiliateRepsTable>) {
  const { id } = await db
    .insertInto('affiliate_reps')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateRep(
  db: Kysely<Database>,
  affiliateId: number,
  repId: number,
  changes: Updateable<AffiliateRepsTable>,
) {
  await db
    .updateTable('affiliate_reps')
    .set(changes)
    .where('affiliate_id', '=', affiliateId)
    .where('id', '=', repId)
    .execute();
}

/** The rep a prospect names through its repReferenceId, among its affiliate's reps. */
export function repByReference(db: Kysely<Database>, affiliateId: number, reference: string) {
  return db
    .selectFrom('affiliate_reps')
    .select(['id', 'name', 'reference'])
    .where('affiliate_id', '=', affiliateId)
    .where('reference', '=', reference)
    .executeTakeFirst();
}
