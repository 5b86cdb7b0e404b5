import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The sealed columns of every owner's tables (db/sealed-columns.ts), named at run time: a column is `table`.`column`,
 * its rows named by the integer `rowKey`. `currentPattern` is the LIKE pattern of values sealed under the current key.
 */
export interface SealedColumn {
  table: string;
  rowKey: string;
  column: string;
}

/** The next `limit` values not under the current key, after row `after` in row-key order. */
export async function valuesNotUnder(
  db: Kysely<Database>,
  { table, rowKey, column }: SealedColumn,
  currentPattern: string,
  after: number,
  limit: number,
): Promise<{ row: number; value: string }[]> {
  const { rows } = await sql<{ row: number; value: string }>`
      select ${sql.ref(rowKey)} as row, ${sql.ref(column)} as value from ${sql.table(table)}
      where ${sql.ref(column)} is not null and ${sql.ref(column)} not like ${currentPattern} and ${sql.ref(rowKey)} > ${after}
      order by ${sql.ref(rowKey)} limit ${limit}`.execute(db);
  return rows;
}

/** Replaces a row's value with `next` only if it is still `value` (compare and set); false when it changed. */
export async function replaceSealedValue(
  db: Kysely<Database>,
  { table, rowKey, column }: SealedColumn,
  row: number,
  value: string,
  next: string,
): Promise<boolean> {
  const { numAffectedRows } = await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${next}
          where ${sql.ref(rowKey)} = ${row} and ${sql.ref(column)} = ${value}`.execute(db);
  return Number(numAffectedRows ?? 0) === 1;
}

export async function countValuesNotUnder(
  db: Kysely<Database>,
  { table, column }: Omit<SealedColumn, 'rowKey'>,
  currentPattern: string,
): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
        where ${sql.ref(column)} is not null and ${sql.ref(column)} not like ${currentPattern}`.execute(db);
  return Number(rows[0]!.n);
}
