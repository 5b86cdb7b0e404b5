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

/** Distinct last names seeked one by one before the rest of the range is read through (see customersByFullName). */
const LAST_NAMES_SEEKED = 40;

/**
 * Customers whose first name starts with one prefix and last name with another ("maria rod"), in a directory's
 * order. Read as one range, a common last-name prefix with few matching first names reads every entry of the
 * prefix ("rod": all the Rodriguezes) to find none. So each distinct last name in the prefix is sought in the index,
 * then only its entries with the first name: a few seeks per surname, as many surnames as needed for `limit`. After
 * LAST_NAMES_SEEKED surnames (a one-letter prefix among many rare surnames), the rest is read as one range.
 */
export async function customersByFullName(
  db: Db,
  companyId: number,
  first: string,
  last: string,
  limit: number,
) {
  const lastName = searchable(db, 'last_name', true);
  const firstName = searchable(db, 'first_name', true);
  const upper = afterPrefix(last);
  /** Up to `wanted` customers with the first name, among those the last-name condition keeps, in order. */
  const withFirstName = (
    lastNames: (query: ReturnType<typeof customersOf>) => ReturnType<typeof customersOf>,
    wanted: number,
  ) =>
    lastNames(customersOf(db, companyId))
      .where(firstName, '>=', first)
      .where(firstName, '<', afterPrefix(first))
      .orderBy(lastName)
      .orderBy(firstName)
      .orderBy('id')
      .limit(wanted)
      .execute();
  const found: Awaited<ReturnType<typeof withFirstName>> = [];
  let previous: string | undefined;
  for (let seeked = 0; found.length < limit; seeked++) {
    const after = previous;
    if (seeked === LAST_NAMES_SEEKED) {
      const rest = await withFirstName(
        (query) => query.where(lastName, '>', after!).where(lastName, '<', upper),
        limit - found.length,
      );
      found.push(...rest);
      break;
    }
    const surname = await nextLastName(db, companyId, after ?? last, after !== undefined, upper);
    if (surname === undefined) break;
    found.push(
      ...(await withFirstName((query) => query.where(lastName, '=', surname), limit - found.length)),
    );
    previous = surname;
  }
  return found;
}

const customersOf = (db: Db, companyId: number) =>
  db.selectFrom('customers').select(CUSTOMER_SUMMARY).where('company_id', '=', companyId);

/** The company's first lowered last name from `from` (or after it) and below `upper`, found in the index. */
async function nextLastName(db: Db, companyId: number, from: string, after: boolean, upper: string) {
  const lastName = searchable(db, 'last_name', true);
  const row = await db
    .selectFrom('customers')
    .select(lastName.as('name'))
    .where('company_id', '=', companyId)
    .where(lastName, after ? '>' : '>=', from)
    .where(lastName, '<', upper)
    .orderBy(lastName)
    .limit(1)
    .executeTakeFirst();
  return row?.name;
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
