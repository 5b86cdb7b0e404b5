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

/**
 * How many credit checks the company ran between two instants and how many of them refused service (the console's
 * dashboard): one range of the index (company_id, created_at).
 */
export async function creditCheckCounts(
  db: Kysely<Database>,
  companyId: number,
  from: string,
  to: string,
): Promise<{ checks: number; denied: number }> {
  const row = await db
    .selectFrom('credit_checks')
    .select((eb) => [
      eb.fn.countAll<number>().as('checks'),
      eb.fn.sum<number | null>('deny_service').as('denied'),
    ])
    .where('company_id', '=', companyId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return { checks: Number(row.checks), denied: Number(row.denied ?? 0) };
}
