import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from './migration-helpers.js';
import type { Database } from './schema.js';

/**
 * A text column (or lower-case column) compared byte by byte, as the search indexes of migration
 * 2026-11-26T0400-customer-search are built: PostgreSQL's locale would otherwise order it its own way.
 */
export function searchable(db: Kysely<Database>, column: string, lowered: boolean): RawBuilder<string> {
  const value = lowered ? sql`lower(${sql.ref(column)})` : sql.ref(column);
  return isPostgres(db as Kysely<unknown>) ? sql<string>`${value} collate "C"` : sql<string>`${value}`;
}

/** The upper end of a prefix's range: every string that starts with the prefix is below it. */
export const afterPrefix = (prefix: string) => `${prefix}\uffff`;
