import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CreditChecksTable } from '../../db/tables/enrollments.js';

export async function insertCreditCheck(
  db: Kysely<Database>,
  row: Insertable<CreditChecksTable>,
): Promise<number> {
  const { id } = await db.insertInto('credit_checks').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findCreditCheck(db: Kysely<Database>, companyId: number, id: number) {
  return db
    .selectFrom('credit_checks')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}
