/**
 * Finding a customer of the company the way staff type: each kind of query is one range of one index
 * (migration 2026-11-26T0400-customer-search), so it answers at once at any size.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { afterPrefix, searchable } from '../../db/text-search.js';

type Db = Kysely<Database>;

export const CUSTOMER_SUMMARY = [
  'id',
  'first_name',
  'last_name',
  'firm_name',
  'email',
  'phone',
  'created_at',
] as const;

function byLowerPrefix(
  db: Db,
  companyId: number,
  column: 'last_name' | 'first_name' | 'firm_name' | 'email',
  prefix: string,
  limit: number,
) {
  const lowered = searchable(db, column, true);
  let query = db
    .selectFrom('customers')
    .select(CUSTOMER_SUMMARY)
    .where('company_id', '=', companyId)
    .where(lowered, '>=', prefix)
    .where(lowered, '<', afterPrefix(prefix))
    .orderBy(lowered);
  // A directory's order, as the last-name index holds it: "Garcia, Ana" before "Garcia, Beto".
  if (column === 'last_name') query = query.orderBy(searchable(db, 'first_name', true));
  return query.orderBy('id').limit(limit).execute();
}

/** Customers whose last, first or business name starts with `prefix` (lower case). */
export async function customersByNamePrefix(db: Db, companyId: number, prefix: string, limit: number) {
  const found = await Promise.all(
    (['last_name', 'first_name', 'firm_name'] as const).map((column) =>
      byLowerPrefix(db, companyId, column, prefix, limit),
    ),
  );
  return found.flat();
}

/** Customers whose first name starts with one prefix and last name with another ("jane do"). */
export function customersByFullName(db: Db, companyId: number, first: string, last: string, limit: number) {
  const lastName = searchable(db, 'last_name', true);
  const firstName = searchable(db, 'first_name', true);
  return db
    .selectFrom('customers')
    .select(CUSTOMER_SUMMARY)
    .where('company_id', '=', companyId)
    .where(lastName, '>=', last)
    .where(lastName, '<', afterPrefix(last))
    .where(firstName, '>=', first)
    .where(firstName, '<', afterPrefix(first))
    .orderBy(lastName)
    .orderBy(firstName)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export const customersByEmailPrefix = (db: Db, companyId: number, prefix: string, limit: number) =>
  byLowerPrefix(db, companyId, 'email', prefix, limit);

export function customersByPhone(db: Db, companyId: number, phone: string, limit: number) {
  // Compared as the index is built (bytes on PostgreSQL): with the column's own collation the index cannot serve it.
  return db
    .selectFrom('customers')
    .select(CUSTOMER_SUMMARY)
    .where('company_id', '=', companyId)
    .where(searchable(db, 'phone', false), '=', phone)
    .limit(limit)
    .execute();
}

export function customersByIds(db: Db, companyId: number, ids: number[]) {
  return db
    .selectFrom('customers')
    .select(CUSTOMER_SUMMARY)
    .where('company_id', '=', companyId)
    .where('id', 'in', ids.length ? ids : [0])
    .execute();
}
